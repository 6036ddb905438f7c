import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '@freightlane/domain';
import { drivers, invoices, jobs, notifications, preferredPartners, trips } from '../../db/schema';
import type { Mailer } from '../../plugins/mail';
import { awardedOrder, placeBidViaApi, setTripState } from '../../test/awarded-trips';
import { createDriverViaApi } from '../../test/fleet';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  lagosDate,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { signedInAccount } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { BIDDING_CLOSED_JOB } from '../order/order-announcement.job';
import { INVOICE_REMINDER_JOB } from '../invoice/invoice-reminder.job';
import { FREE_TIME_ALERT_JOB } from '../free-time/free-time-alert.job';
import { LICENCE_EXPIRY_SWEEP_JOB, sweepLicenceExpiry } from '../fleet/licence-expiry.job';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

describe('what each business event tells whom', () => {
  let t: TestApp;
  let customer: Account;
  let transporter: Account;
  let rival: Account;

  async function kindsOf(userId: string): Promise<NotificationKind[]> {
    await t.ctx.jobs.drain();
    const rows = await t.ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.createdAt);
    return rows.map((r) => r.kind);
  }

  async function titlesOf(userId: string, kind: NotificationKind): Promise<string[]> {
    await t.ctx.jobs.drain();
    const rows = await t.ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
    return rows.map((r) => r.title);
  }

  /** Runs the waiting jobs of `kind` now, as the passing of time would. */
  async function runScheduled(kind: string, match?: (payload: Record<string, unknown>) => boolean) {
    const waiting = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), sql`${jobs.doneAt} IS NULL`));
    const chosen = waiting.filter((j) => !match || match(j.payload as Record<string, unknown>));
    if (chosen.length > 0) {
      await t.ctx.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(
          inArray(
            jobs.id,
            chosen.map((j) => j.id),
          ),
        );
    }
    await t.ctx.jobs.drain();
    if (chosen.length > 0) {
      const after = await t.ctx.db
        .select()
        .from(jobs)
        .where(
          inArray(
            jobs.id,
            chosen.map((j) => j.id),
          ),
        );
      expect(after.map((j) => j.lastError)).toEqual(after.map(() => null));
    }
    return chosen;
  }

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t);
    transporter = await createVerifiedTransporter(t);
    rival = await createVerifiedTransporter(t);
  });
  afterAll(() => t?.close());

  it('a new order reaches the verified transporters who may bid, and only the partners of a partners-only order', async () => {
    const unverified = await signedInAccount(t, 'TRANSPORTER');
    const order = await placeOrderViaApi(t, customer.accessToken);
    expect(await titlesOf(transporter.user.id, 'ORDER_OPEN_FOR_BIDS')).toEqual([
      `${order.orderNumber}: open for bids, 1 container (Import LOC)`,
    ]);
    expect(await kindsOf(unverified.user.id)).toEqual([]);
    expect(await kindsOf(customer.user.id)).not.toContain('ORDER_OPEN_FOR_BIDS');

    await t.ctx.db
      .insert(preferredPartners)
      .values({ customerCompanyId: customer.company.id, transporterCompanyId: rival.company.id });
    const partnersOnly = await placeOrderViaApi(t, customer.accessToken, { preferredPartnersOnly: true });
    const heard = (id: string) =>
      titlesOf(id, 'ORDER_OPEN_FOR_BIDS').then((ts) => ts.some((x) => x.includes(partnersOnly.orderNumber)));
    expect(await heard(rival.user.id)).toBe(true);
    expect(await heard(transporter.user.id)).toBe(false);
  });

  it('bids placed, revised and withdrawn reach the customer; bidding closed reaches the customer and bidders', async () => {
    const order = await placeOrderViaApi(t, customer.accessToken);
    const bid = await placeBidViaApi(t, transporter.accessToken, order.id, 40_000_000);
    await call(
      t.app,
      'PATCH',
      `/api/v1/bids/${bid.id}`,
      { amountKobo: 39_000_000, trucksAvailable: 3 },
      {
        token: transporter.accessToken,
      },
    );
    const rivalBid = await placeBidViaApi(t, rival.accessToken, order.id, 41_000_000);
    const withdrawn = await call(t.app, 'POST', `/api/v1/bids/${rivalBid.id}/withdraw`, undefined, {
      token: rival.accessToken,
    });
    expect(withdrawn.status).toBe(200);
    const kinds = await kindsOf(customer.user.id);
    expect(kinds).toEqual(expect.arrayContaining(['BID_RECEIVED', 'BID_REVISED', 'BID_WITHDRAWN']));
    expect(await titlesOf(customer.user.id, 'BID_REVISED')).toContain(
      `${order.orderNumber}: bid revised by ${transporter.company.name}`,
    );
    expect(await kindsOf(transporter.user.id)).not.toContain('BID_RECEIVED');

    const closing = await runScheduled(BIDDING_CLOSED_JOB, (p) => p.orderId === order.id);
    expect(closing).toHaveLength(1);
    expect(await titlesOf(customer.user.id, 'BIDDING_CLOSED')).toContain(
      `${order.orderNumber}: bidding closed with 1 bid`,
    );
    expect(await titlesOf(transporter.user.id, 'BIDDING_CLOSED')).toContain(
      `${order.orderNumber}: bidding closed`,
    );
    // The rival withdrew: no longer a bidder, it hears nothing of the close.
    expect(await titlesOf(rival.user.id, 'BIDDING_CLOSED')).toEqual([]);
  });

  it('an award tells the winner, the losers and both sides of the invoice, and queues its reminders', async () => {
    const order = await placeOrderViaApi(t, customer.accessToken);
    await placeBidViaApi(t, rival.accessToken, order.id, 50_000_000);
    const { order: awarded } = await awardedOrder(t, customer, transporter);
    expect(awarded.orderNumber).toBeTruthy();
    expect(await titlesOf(transporter.user.id, 'BID_WON')).toContain(
      `${awarded.orderNumber}: you won 1 container`,
    );
    expect(await kindsOf(customer.user.id)).toContain('INVOICE_RAISED');
    expect(await kindsOf(transporter.user.id)).toContain('INVOICE_RAISED');

    const tripId = awarded.trips[0].id as string;
    const reminders = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, INVOICE_REMINDER_JOB), sql`${jobs.payload}->>'tripId' = ${tripId}`));
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, tripId));
    const dueMs = invoice!.dueAt.getTime();
    expect(reminders.map((r) => [(r.payload as { stage: string }).stage, r.runAt.getTime()]).sort()).toEqual([
      ['DUE', dueMs - 3 * 24 * 3600 * 1000],
      ['OVERDUE', dueMs],
    ]);
    await runScheduled(INVOICE_REMINDER_JOB, (p) => p.tripId === tripId && p.stage === 'DUE');
    expect(await titlesOf(customer.user.id, 'PAYMENT_DUE')).toEqual([
      expect.stringContaining(`${invoice!.invoiceNumber}: payment due `),
    ]);
    // Paid before it fell due: the overdue reminder says nothing.
    await t.ctx.db
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(eq(invoices.id, invoice!.id));
    await runScheduled(INVOICE_REMINDER_JOB, (p) => p.tripId === tripId && p.stage === 'OVERDUE');
    expect(await titlesOf(customer.user.id, 'PAYMENT_OVERDUE')).toEqual([]);
  });

  it("a container's delivery order running out is told before it leaves the port, and not after", async () => {
    const refs = await referenceIds(t);
    const containers = containerRows(2, refs.linerId).map((c) => ({
      ...c,
      deliveryOrderValidityDate: lagosDate(2),
    }));
    // Shipper-owned: once loaded out of the port no line charges it, so its clock stops (a liner-owned
    // one runs detention until its empty is back, and is still told).
    const { order } = await awardedOrder(t, customer, transporter, {
      cargoType: 'IMPORT_SHIPPER_OWNED',
      containers,
    });
    const [first, second] = order.trips as { id: string; tripNumber: string }[];
    await setTripState(t, [second!.id], { latestStatus: 'LOADED' });
    await t.ctx.db.update(trips).set({ loadedAt: new Date() }).where(eq(trips.id, second!.id));
    const alerts = await runScheduled(FREE_TIME_ALERT_JOB, (p) =>
      [first!.id, second!.id].includes(p.tripId as string),
    );
    // Two days ahead: the three-day alert had passed already, so only the one-day alert was queued.
    expect(alerts.map((a) => (a.payload as { daysLeft: number }).daysLeft)).toEqual([1, 1]);
    const told = await titlesOf(customer.user.id, 'FREE_TIME_RUNNING_OUT');
    expect(told).toContain(`${first!.tripNumber}: delivery order runs out in 1 day`);
    expect(told.some((x) => x.startsWith(second!.tripNumber))).toBe(false);
    expect(await titlesOf(transporter.user.id, 'FREE_TIME_RUNNING_OUT')).toContain(
      `${first!.tripNumber}: delivery order runs out in 1 day`,
    );
  });

  it('trip steps, issues, documents and notes reach the other side, not the one who acted', async () => {
    const { order } = await awardedOrder(t, customer, transporter);
    const trip = order.trips[0] as { id: string; tripNumber: string };
    await setTripState(t, [trip.id], { resourcesAssigned: true });
    const before = await kindsOf(customer.user.id);
    const issue = await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip.id}/issues`,
      {
        issueType: 'BREAKDOWN',
        description: 'Gearbox failed at Mile 2',
        openingTimeStamp: new Date().toISOString(),
      },
      { token: transporter.accessToken },
    );
    expect(issue.status).toBe(201);
    const note = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${trip.id}`,
      { note: 'Driver waiting at gate 3' },
      {
        token: transporter.accessToken,
      },
    );
    expect(note.status).toBe(200);
    const resolved = await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${issue.body.id}`, undefined, {
      token: customer.accessToken,
    });
    expect(resolved.status).toBe(200);
    const after = (await kindsOf(customer.user.id)).slice(before.length);
    expect(after).toEqual(expect.arrayContaining(['ISSUE_OPENED', 'NOTE_ADDED']));
    expect(await titlesOf(customer.user.id, 'ISSUE_OPENED')).toContain(
      `${trip.tripNumber}: breakdown reported`,
    );
    expect(await titlesOf(transporter.user.id, 'ISSUE_OPENED')).not.toContain(
      `${trip.tripNumber}: breakdown reported`,
    );
    expect(await titlesOf(transporter.user.id, 'ISSUE_RESOLVED')).toContain(
      `${trip.tripNumber}: breakdown resolved`,
    );
  });

  it("a driver's licence running out is told once per step, by the daily sweep that is always queued", async () => {
    const fleetOwner = await createVerifiedTransporter(t);
    const created = await createDriverViaApi(t, fleetOwner.accessToken, { licenceExpiresOn: lagosDate(5) });
    await sweepLicenceExpiry(t.ctx);
    await sweepLicenceExpiry(t.ctx);
    const titles = await titlesOf(fleetOwner.user.id, 'FLEET_DOCUMENT_EXPIRING');
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(/^[^:]+: driving licence runs out in 5 days$/);
    await t.ctx.db
      .update(drivers)
      .set({ licenceExpiresOn: lagosDate(-1) })
      .where(eq(drivers.id, created.id));
    await sweepLicenceExpiry(t.ctx);
    expect(await titlesOf(fleetOwner.user.id, 'FLEET_DOCUMENT_EXPIRING')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[^:]+: driving licence has run out$/)]),
    );
    await t.ctx.jobs.queueRecurring();
    await t.ctx.jobs.queueRecurring();
    const sweeps = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, LICENCE_EXPIRY_SWEEP_JOB), sql`${jobs.doneAt} IS NULL`));
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a notification that cannot be sent', () => {
  it('never fails the request that caused it', async () => {
    const broken: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('SMTP relay unreachable');
      },
      close: () => undefined,
    };
    const t = await createTestApp({}, { mailer: broken });
    try {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      const bid = await call(
        t.app,
        'POST',
        '/api/v1/bids',
        { orderId: order.id, amountKobo: 1_000_000, trucksAvailable: 1 },
        {
          token: transporter.accessToken,
        },
      );
      expect(bid.status).toBe(201);
      await t.ctx.jobs.drain();
      const [row] = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.user.id), eq(notifications.kind, 'BID_RECEIVED')));
      expect(row).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
