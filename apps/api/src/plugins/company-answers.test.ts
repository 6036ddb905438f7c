import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companies, consignments, invoices, orders, terminals, tripIssues, trips, users } from '../db/schema';
import { insertBid, placeOrderViaApi } from '../test/marketplace';
import { call, createTestApp, twoInstances, type TestApp } from '../test/test-app';
import { tripWorld, type TripWorld } from '../test/trip-world';
import { CompanyAnswers } from './company-answers';

interface ListedTrip {
  id: string;
  reference: string;
  customerName: string;
  consignment: { containerNumber: string | null };
  pickup: { terminal: { name: string } | null };
  latestTripStatus: { tripStatus: string } | null;
}

async function tripsListed(t: TestApp, token: string): Promise<ListedTrip[]> {
  const res = await call(t.app, 'GET', '/api/v1/trips?size=50', undefined, { token });
  expect(res.status).toBe(200);
  return res.body.content;
}

describe('a company’s trips list kept per instance until a change to it commits', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t?.close());

  it('answers a repeated list from memory, and a change written straight into the database at once', async () => {
    const [trip] = await w.newTrips(1);
    const listed = await tripsListed(t, w.customer.accessToken);
    expect(listed.map((x) => x.id)).toContain(trip!.id);
    const hits = t.ctx.answers.hits;
    await tripsListed(t, w.customer.accessToken);
    expect(t.ctx.answers.hits).toBe(hits + 1);

    // No API call, no waiting: the triggers announce the change and the next read sees it.
    await t.ctx.db
      .update(trips)
      .set({ latestStatus: 'STARTED', latestStatusAt: new Date() })
      .where(eq(trips.id, trip!.id));
    const after = (await tripsListed(t, w.customer.accessToken)).find((x) => x.id === trip!.id);
    expect(after?.latestTripStatus?.tripStatus).toBe('STARTED');
  });

  it('shows at once a changed order, consignment, company name or terminal, on both sides', async () => {
    const [trip] = await w.newTrips(1);
    const row = await w.tripRow(trip!.id);
    const find = async (token: string) => (await tripsListed(t, token)).find((x) => x.id === trip!.id)!;
    await find(w.customer.accessToken);
    await find(w.transporter.accessToken);

    await t.ctx.db.update(orders).set({ reference: 'PO-CHANGED-1' }).where(eq(orders.id, row.orderId));
    expect((await find(w.customer.accessToken)).reference).toBe('PO-CHANGED-1');
    expect((await find(w.transporter.accessToken)).reference).toBe('PO-CHANGED-1');

    await t.ctx.db
      .update(consignments)
      .set({ containerNumber: 'MSKU7654321' })
      .where(eq(consignments.tripId, trip!.id));
    expect((await find(w.customer.accessToken)).consignment.containerNumber).toBe('MSKU7654321');
    expect((await find(w.transporter.accessToken)).consignment.containerNumber).toBe('MSKU7654321');

    // The customer's name shows in the transporter's list: a change to a company drops every answer.
    await t.ctx.db
      .update(companies)
      .set({ name: 'Lekki Foods and Drinks Ltd' })
      .where(eq(companies.id, row.customerCompanyId));
    expect((await find(w.transporter.accessToken)).customerName).toBe('Lekki Foods and Drinks Ltd');

    if (row.pickupTerminalId) {
      await t.ctx.db
        .update(terminals)
        .set({ name: sql`${terminals.name} || ' (renamed)'` })
        .where(eq(terminals.id, row.pickupTerminalId));
      expect((await find(w.transporter.accessToken)).pickup.terminal?.name).toMatch(/\(renamed\)$/);
    }
  });

  it('shows at once an issue opened, changed, or its opener renamed, in both companies’ issue lists', async () => {
    const [trip] = await w.newTrips(1);
    const issuesOf = async (token: string) => {
      const res = await call(t.app, 'GET', `/api/v1/trips/issues?tripId=${trip!.id}`, undefined, { token });
      expect(res.status).toBe(200);
      return res.body.content as { id: string; description: string; openedBy: string }[];
    };
    expect(await issuesOf(w.customer.accessToken)).toEqual([]);
    expect(await issuesOf(w.transporter.accessToken)).toEqual([]);
    const opened = await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip!.id}/issues`,
      { issueType: 'CHECKPOINT_DELAY', description: 'Held at Mile 2 checkpoint' },
      { token: w.transporter.accessToken },
    );
    expect(opened.status).toBe(201);
    expect((await issuesOf(w.customer.accessToken)).map((i) => i.description)).toEqual([
      'Held at Mile 2 checkpoint',
    ]);
    await t.ctx.db
      .update(tripIssues)
      .set({ description: 'Held at Mile 2 checkpoint for papers' })
      .where(eq(tripIssues.tripId, trip!.id));
    expect((await issuesOf(w.transporter.accessToken))[0]!.description).toBe(
      'Held at Mile 2 checkpoint for papers',
    );
    await t.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, w.transporter.user.id));
    expect((await issuesOf(w.customer.accessToken))[0]!.openedBy).toMatch(/^Renamed /);
  });

  it('shows a new bid on the customer’s orders list at once, and bidding closing when its time comes', async () => {
    const order = await placeOrderViaApi(t, w.customer.accessToken);
    const listed = async () => {
      const res = await call(t.app, 'GET', '/api/v1/orders?size=50', undefined, {
        token: w.customer.accessToken,
      });
      expect(res.status).toBe(200);
      return (res.body.content as { id: string; bidCount: number; biddingOpen: boolean }[]).find(
        (o) => o.id === order.id,
      )!;
    };
    expect(await listed()).toMatchObject({ bidCount: 0, biddingOpen: true });
    await insertBid(t, order.id, w.transporter.company.id, 450_000_00);
    expect((await listed()).bidCount).toBe(1);

    // Bidding closes with the clock, not with a write: the kept page goes stale by itself at that time.
    await t.ctx.db
      .update(orders)
      .set({ biddingClosesAt: new Date(Date.now() + 1500) })
      .where(eq(orders.id, order.id));
    expect((await listed()).biddingOpen).toBe(true);
    const hits = t.ctx.answers.hits;
    expect((await listed()).biddingOpen).toBe(true);
    expect(t.ctx.answers.hits).toBe(hits + 1);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await listed()).biddingOpen).toBe(false);
  });

  it('shows a paid invoice on the customer’s home figures at once', async () => {
    await w.newTrips(1);
    const figures = async () => {
      const res = await call(t.app, 'GET', '/api/v1/dashboard/customer', undefined, {
        token: w.customer.accessToken,
      });
      expect(res.status).toBe(200);
      return res.body as { pendingInvoiceCount: number; pendingPaymentsKobo: number };
    };
    const before = await figures();
    expect(before.pendingInvoiceCount).toBeGreaterThan(0);
    await t.ctx.db
      .update(invoices)
      .set({ status: 'PAID' })
      .where(eq(invoices.customerCompanyId, w.customer.company.id));
    expect(await figures()).toMatchObject({ pendingInvoiceCount: 0, pendingPaymentsKobo: 0 });
  });

  it('keeps one company’s answers when another company’s trips change', async () => {
    await tripsListed(t, w.customer.accessToken);
    const hits = t.ctx.answers.hits;
    await w.tripOfOthers();
    await tripsListed(t, w.customer.accessToken);
    expect(t.ctx.answers.hits).toBe(hits + 1);
  });

  it('never keeps an answer read while a change to its company was announced', async () => {
    const answers = new CompanyAnswers(t.ctx.database);
    await answers.start();
    try {
      const companyId = (await w.tripRow((await w.newTrips(1))[0]!.id)).customerCompanyId;
      let reads = 0;
      const readChanging = () =>
        answers.read('k', companyId, async () => {
          reads++;
          // The change commits, and is heard, while this answer is being read.
          await t.ctx.db
            .update(trips)
            .set({ updatedAt: new Date() })
            .where(eq(trips.customerCompanyId, companyId));
          await answers.caughtUp();
          return `read ${reads}`;
        });
      expect((await readChanging()).json).toBe('read 1');
      // Not kept: the next read goes to the database, and that one, read quietly, is kept.
      expect((await answers.read('k', companyId, async () => 'second')).json).toBe('second');
      expect((await answers.read('k', companyId, async () => 'third')).json).toBe('second');
    } finally {
      await answers.stop();
    }
  });

  it('answers requests arriving together with one read, but not one that began before a change', async () => {
    const answers = new CompanyAnswers(t.ctx.database);
    await answers.start();
    try {
      const companyId = (await w.tripRow((await w.newTrips(1))[0]!.id)).customerCompanyId;
      let reads = 0;
      const gates: (() => void)[] = [];
      const readHeld = () =>
        answers.read('together', companyId, async () => {
          const read = ++reads;
          await new Promise<void>((resolve) => gates.push(resolve));
          return `read ${read}`;
        });
      const first = readHeld();
      const second = readHeld();
      await answers.caughtUp();
      expect(reads).toBe(1);
      gates.shift()!();
      const [a, b] = await Promise.all([first, second]);
      expect(a).toBe(b);
      expect(a.json).toBe('read 1');
      expect(answers.shared).toBe(1);

      // A change announced while a read is under way: a request arriving after it reads again.
      await t.ctx.db
        .update(trips)
        .set({ updatedAt: new Date() })
        .where(eq(trips.customerCompanyId, companyId));
      const before = readHeld();
      await answers.caughtUp();
      await t.ctx.db
        .update(trips)
        .set({ updatedAt: new Date() })
        .where(eq(trips.customerCompanyId, companyId));
      await answers.caughtUp();
      const after = readHeld();
      await answers.caughtUp();
      expect(reads).toBe(3);
      while (gates.length > 0) gates.shift()!();
      expect((await before).json).toBe('read 2');
      expect((await after).json).toBe('read 3');
      expect(answers.shared).toBe(1);
      // The read that began before the change was not kept; the one after it was.
      expect((await answers.read('together', companyId, async () => 'fresh')).json).toBe('read 3');
    } finally {
      await answers.stop();
    }
  });

  it('keeps nothing while it does not listen', async () => {
    const answers = new CompanyAnswers(t.ctx.database);
    expect(await answers.caughtUp()).toBe(false);
    expect((await answers.read('k', 'c', async () => 'one')).json).toBe('one');
    expect((await answers.read('k', 'c', async () => 'two')).json).toBe('two');
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the trips list on two API instances', () => {
  const instances = twoInstances();
  let w: TripWorld;
  beforeAll(async () => {
    w = await tripWorld(instances.a);
  });

  it('never answers from memory what another instance changed before the request', async () => {
    const [trip] = await w.newTrips(1);
    for (let round = 0; round < 20; round++) {
      // B keeps the page; A changes the trip and answers; B's very next answer shows the change.
      await tripsListed(instances.b, w.customer.accessToken);
      const reference = `PO-ROUND-${round}`;
      const row = await w.tripRow(trip!.id);
      await instances.a.ctx.db.update(orders).set({ reference }).where(eq(orders.id, row.orderId));
      const seen = (await tripsListed(instances.b, w.customer.accessToken)).find((x) => x.id === trip!.id);
      expect(seen?.reference).toBe(reference);
    }
    expect(instances.b.ctx.answers.hits).toBeGreaterThan(0);
  });

  it('sends one marker for requests arriving together', async () => {
    await tripsListed(instances.b, w.customer.accessToken);
    const [hits, markers] = [instances.b.ctx.answers.hits, instances.b.ctx.answers.markersSent];
    await Promise.all(Array.from({ length: 20 }, () => tripsListed(instances.b, w.customer.accessToken)));
    expect(instances.b.ctx.answers.hits).toBe(hits + 20);
    expect(instances.b.ctx.answers.markersSent - markers).toBeLessThanOrEqual(3);
  });
});
