import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, bids, companies, orders, preferredPartners } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { awardedOrder, closeBidding, placeBidViaApi, setTripState } from '../../test/awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  insertBid,
  LAGOS_ADDRESS,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { ALREADY_BID, BIDDING_CLOSED, BIDDING_CLOSED_NO_CHANGE } from './bid.service';
import { principalChangeHeard } from '../../test/changes-heard';

type Account = Awaited<ReturnType<typeof createVerifiedTransporter>>;
const fieldsOf = (body: Record<string, any>) => (body.errors ?? []).map((e: { field: string }) => e.field);

describe('bids: the transporter side of the market', () => {
  let t: TestApp;
  let customer: Account;
  let transporter: Account;
  let rival: Account;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t, { name: 'Dangote Imports Ltd' });
    transporter = await createVerifiedTransporter(t, { name: 'Ikeja Haulage Ltd' });
    rival = await createVerifiedTransporter(t, { name: 'Onne Trucks Ltd' });
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
  const post = (token: string, body: unknown) => call(t.app, 'POST', '/api/v1/bids', body, { token });
  const revise = (token: string, id: string, body: unknown) =>
    call(t.app, 'PATCH', `/api/v1/bids/${id}`, body, { token });
  const withdraw = (token: string, id: string) =>
    call(t.app, 'POST', `/api/v1/bids/${id}/withdraw`, undefined, { token });
  const watch = (token: string, orderId: string) =>
    call(t.app, 'PUT', `/api/v1/bids/monitored/${orderId}`, undefined, { token });
  const unwatch = (token: string, orderId: string) =>
    call(t.app, 'DELETE', `/api/v1/bids/monitored/${orderId}`, undefined, { token });
  const openOrder = (overrides: Record<string, unknown> = {}, by: Account = customer) =>
    placeOrderViaApi(t, by.accessToken, overrides);
  const bidBody = (orderId: string, overrides: Record<string, unknown> = {}) => ({
    orderId,
    amountKobo: 45_000_000,
    trucksAvailable: 3,
    note: 'Trucks on standby at Apapa',
    ...overrides,
  });
  const openOrderIds = async (token: string, query = '') => {
    const res = await get(token, `/api/v1/bids/open-orders?size=100${query}`);
    expect(res.status).toBe(200);
    return res.body.content.map((o: { id: string }) => o.id) as string[];
  };

  async function fleetManagerOf(owner: Account) {
    const email = uniqueEmail('fm');
    const [company] = await t.ctx.db.select().from(companies).where(eq(companies.id, owner.company.id));
    await createUser(t.ctx.db, company!.id, { email, password: GOOD_PASSWORD, userType: 'FLEET_MANAGER' });
    const res = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
    return res.body.accessToken as string;
  }

  describe('GET /api/v1/bids/open-orders', () => {
    it('lists open orders newest first with the watch flag and the caller’s own bid', async () => {
      const older = await openOrder();
      const newer = await openOrder({ clientName: 'Nestle Nigeria Plc' });
      await watch(transporter.accessToken, older.id);
      const myBid = await placeBidViaApi(t, transporter.accessToken, older.id, 40_000_000, 4);

      const res = await get(transporter.accessToken, '/api/v1/bids/open-orders?size=100');
      expect(res.status).toBe(200);
      const ids = res.body.content.map((o: { id: string }) => o.id);
      expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      const created = res.body.content.map((o: { createdAt: string }) => o.createdAt);
      expect([...created].sort().reverse()).toEqual(created);

      const olderRow = res.body.content.find((o: { id: string }) => o.id === older.id);
      expect(olderRow).toMatchObject({
        watched: true,
        biddingOpen: true,
        bidCount: 1,
        customerName: 'Dangote Imports Ltd',
        myBid: {
          id: myBid.id,
          amountKobo: 40_000_000,
          trucksAvailable: 4,
          status: 'ACTIVE',
          awardedItemCount: 0,
        },
      });
      const newerRow = res.body.content.find((o: { id: string }) => o.id === newer.id);
      expect(newerRow).toMatchObject({ watched: false, myBid: null, clientName: 'Nestle Nigeria Plc' });
      expect(res.body).toMatchObject({ number: 0, size: 100 });
      expect(res.body.totalElements).toBeGreaterThanOrEqual(2);

      // Another transporter sees neither this company's bid nor its watch.
      const rivalRow = (await get(rival.accessToken, '/api/v1/bids/open-orders?size=100')).body.content.find(
        (o: { id: string }) => o.id === older.id,
      );
      expect(rivalRow).toMatchObject({ watched: false, myBid: null, bidCount: 1 });
    });

    it('filters by cargo type and pickup state, and pages', async () => {
      const general = await openOrder({
        cargoType: 'GENERAL_CARGO',
        containers: [],
        generalCargos: [generalCargoRow()],
        pickup: {
          kind: 'ADDRESS',
          address: { ...LAGOS_ADDRESS, state: 'Kano', lga: 'Kano Municipal', city: 'Kano' },
        },
      });
      const container = await openOrder();
      const generalIds = await openOrderIds(transporter.accessToken, '&cargoType=GENERAL_CARGO');
      expect(generalIds).toContain(general.id);
      expect(generalIds).not.toContain(container.id);
      const kano = await openOrderIds(transporter.accessToken, '&pickupState=Kano');
      expect(kano).toEqual([general.id]);
      expect(await openOrderIds(transporter.accessToken, '&pickupState=Kano&cargoType=EXPORT')).toEqual([]);

      const page = await get(transporter.accessToken, '/api/v1/bids/open-orders?size=1&page=1');
      expect(page.body.content).toHaveLength(1);
      expect(page.body).toMatchObject({ number: 1, size: 1 });
      expect(page.body.totalPages).toBe(page.body.totalElements);
    });

    it('leaves out orders whose bidding closed, awarded and cancelled orders', async () => {
      const closed = await openOrder();
      await closeBidding(t, closed.id);
      const { order: awarded } = await awardedOrder(t, customer, rival);
      const cancelled = await openOrder();
      await t.ctx.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, cancelled.id));
      const ids = await openOrderIds(transporter.accessToken);
      expect(ids).not.toContain(closed.id);
      expect(ids).not.toContain(awarded.id);
      expect(ids).not.toContain(cancelled.id);
    });

    it.each([
      ['cargoType=BANANA', 'query.cargoType'],
      ['pickupState=Atlantis', 'query.pickupState'],
      ['size=0', 'query.size'],
      ['page=-1', 'query.page'],
    ])('answers 400 for %s', async (query, field) => {
      const res = await get(transporter.accessToken, `/api/v1/bids/open-orders?${query}`);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    });

    it('is open to fleet managers of the transporter', async () => {
      const order = await openOrder();
      const fm = await fleetManagerOf(transporter);
      expect(await openOrderIds(fm)).toContain(order.id);
    });
  });

  describe('preferred-partners-only orders', () => {
    it('are hidden from other transporters (404) and open to the customer’s partners', async () => {
      const picky = await createVerifiedCustomer(t);
      const partner = await createVerifiedTransporter(t);
      const stranger = await createVerifiedTransporter(t);
      await t.ctx.db
        .insert(preferredPartners)
        .values({ customerCompanyId: picky.company.id, transporterCompanyId: partner.company.id });
      const order = await openOrder({ preferredPartnersOnly: true }, picky);

      expect(await openOrderIds(stranger.accessToken)).not.toContain(order.id);
      expect((await get(stranger.accessToken, `/api/v1/bids/open-orders/${order.id}`)).status).toBe(404);
      expect((await watch(stranger.accessToken, order.id)).status).toBe(404);
      const strangerBid = await post(stranger.accessToken, bidBody(order.id));
      expect(strangerBid.status).toBe(404);
      expect(strangerBid.body.message).toBe('Order not found');

      expect(await openOrderIds(partner.accessToken)).toContain(order.id);
      const detail = await get(partner.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.preferredPartnersOnly).toBe(true);
      expect((await watch(partner.accessToken, order.id)).status).toBe(204);
      expect((await post(partner.accessToken, bidBody(order.id))).status).toBe(201);
    });
  });

  describe('GET /api/v1/bids/open-orders/{orderId}', () => {
    it('shows the items with their liner, the quote document and the caller’s bid', async () => {
      const refs = await referenceIds(t);
      const order = await openOrder({ containers: containerRows(2, refs.linerId, ['FTS_20', 'FTS_40']) });
      const res = await get(transporter.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: order.id,
        orderNumber: order.orderNumber,
        status: 'OPEN',
        watched: false,
        myBid: null,
        quoteDocument: null,
        itemCount: 2,
        pickup: { terminal: { code: 'APMT-APAPA' }, address: null },
        recipient: { terminal: null, address: { state: 'Lagos' } },
      });
      expect(res.body.items).toHaveLength(2);
      expect(res.body.items[0]).toMatchObject({
        position: 1,
        containerNumber: (order.items[0] as Record<string, unknown>).containerNumber,
        containerSize: 'FTS_20',
        liner: { id: refs.linerId, code: 'MSC' },
        awardedBidId: null,
        tripId: null,
      });
      expect(res.body.items[1].containerSize).toBe('FTS_40');
      expect(res.body).not.toHaveProperty('bids');
    });

    it('keeps an order visible to its bidders after award, with only their own trips', async () => {
      const { order, bid } = await awardedOrder(t, customer, transporter);
      const mine = await get(transporter.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({
        status: 'AWARDED',
        biddingOpen: false,
        myBid: { id: bid.id, status: 'WON', awardedItemCount: 1 },
      });
      expect(mine.body.items[0]).toMatchObject({
        awardedBidId: bid.id,
        tripNumber: order.trips[0].tripNumber,
      });

      const other = await get(rival.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(other.status).toBe(404);
    });

    it('answers 404 for an unknown order and 400 for a malformed id', async () => {
      expect((await get(transporter.accessToken, `/api/v1/bids/open-orders/${randomUUID()}`)).status).toBe(
        404,
      );
      const bad = await get(transporter.accessToken, '/api/v1/bids/open-orders/not-a-uuid');
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toContain('params.orderId');
    });
  });

  describe('monitored bids', () => {
    it('watches idempotently, lists newest watch first in any status, and unwatches', async () => {
      const watcher = await createVerifiedTransporter(t);
      const first = await openOrder();
      const second = await openOrder();
      expect((await watch(watcher.accessToken, first.id)).status).toBe(204);
      expect((await watch(watcher.accessToken, second.id)).status).toBe(204);
      expect((await watch(watcher.accessToken, second.id)).status).toBe(204);
      await closeBidding(t, first.id);

      const list = await get(watcher.accessToken, '/api/v1/bids/monitored');
      expect(list.status).toBe(200);
      expect(list.body.totalElements).toBe(2);
      expect(list.body.content.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
      expect(list.body.content.every((o: { watched: boolean }) => o.watched)).toBe(true);
      expect(list.body.content[1].biddingOpen).toBe(false);

      expect((await unwatch(watcher.accessToken, second.id)).status).toBe(204);
      const again = await unwatch(watcher.accessToken, second.id);
      expect(again.status).toBe(404);
      expect(again.body.message).toBeTruthy();
      const after = await get(watcher.accessToken, '/api/v1/bids/monitored');
      expect(after.body.content.map((o: { id: string }) => o.id)).toEqual([first.id]);
      // Watches belong to the company: another transporter's list is its own.
      expect(
        (await get(rival.accessToken, '/api/v1/bids/monitored?size=100')).body.content.map(
          (o: { id: string }) => o.id,
        ),
      ).not.toContain(first.id);
    });

    it('answers 404 for an unknown order and 400 for bad input', async () => {
      expect((await watch(transporter.accessToken, randomUUID())).status).toBe(404);
      const bad = await watch(transporter.accessToken, 'x');
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toContain('params.orderId');
      const badPage = await get(transporter.accessToken, '/api/v1/bids/monitored?size=1000');
      expect(badPage.status).toBe(400);
      expect(fieldsOf(badPage.body)).toContain('query.size');
    });
  });

  describe('POST /api/v1/bids', () => {
    it('places a bid, counts it on the order, audits it and e-mails the customer', async () => {
      const order = await openOrder();
      const res = await post(transporter.accessToken, bidBody(order.id, { amountKobo: 125_000_050 }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        orderId: order.id,
        amountKobo: 125_000_050,
        trucksAvailable: 3,
        note: 'Trucks on standby at Apapa',
        status: 'ACTIVE',
        awardedItemCount: 0,
      });
      const detail = await get(transporter.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(detail.body).toMatchObject({ bidCount: 1, myBid: { id: res.body.id } });

      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, 'bid.placed')));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.companyId).toBe(transporter.company.id);

      const [mail] = await t.mailsTo(customer.email);
      expect(mail!.subject).toBe(`${order.orderNumber}: new bid from Ikeja Haulage Ltd`);
      expect(mail!.text).toContain('Ikeja Haulage Ltd');
      expect(mail!.text).toContain('₦1,250,000.50 per container');
      expect(mail!.text).toContain('3 trucks');
      expect(mail!.links.some((l) => l.endsWith(`/orders/${order.id}`))).toBe(true);
    });

    it.each([
      [{ amountKobo: 0 }, 'amountKobo'],
      [{ amountKobo: 1.5 }, 'amountKobo'],
      [{ amountKobo: '45000' }, 'amountKobo'],
      [{ trucksAvailable: 0 }, 'trucksAvailable'],
      [{ trucksAvailable: 2.5 }, 'trucksAvailable'],
      [{ orderId: 'ORD-1' }, 'orderId'],
      [{ note: 'x'.repeat(501) }, 'note'],
      [{ status: 'WON' }, 'status'],
    ])('answers 400 naming the field for %o', async (override, field) => {
      const order = await openOrder();
      const res = await post(transporter.accessToken, bidBody(order.id, override));
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
      expect(await t.ctx.db.select().from(bids).where(eq(bids.orderId, order.id))).toHaveLength(0);
    });

    it('answers 404 for an unknown order', async () => {
      const res = await post(transporter.accessToken, bidBody(randomUUID()));
      expect(res.status).toBe(404);
    });

    it('answers 409 once bidding has closed, and on an awarded order', async () => {
      const order = await openOrder();
      await closeBidding(t, order.id);
      const res = await post(transporter.accessToken, bidBody(order.id));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(BIDDING_CLOSED);

      const { order: awarded } = await awardedOrder(t, customer, rival);
      await insertBid(t, awarded.id, transporter.company.id, 1_000_000, { status: 'LOST' });
      const late = await post(transporter.accessToken, bidBody(awarded.id));
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(BIDDING_CLOSED);
    });

    it('answers 409 to a second bid, and revives a withdrawn one with the new values', async () => {
      const order = await openOrder();
      const first = await post(transporter.accessToken, bidBody(order.id));
      const second = await post(transporter.accessToken, bidBody(order.id, { amountKobo: 1 }));
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(ALREADY_BID);

      expect((await withdraw(transporter.accessToken, first.body.id)).status).toBe(200);
      const revived = await post(
        transporter.accessToken,
        bidBody(order.id, { amountKobo: 39_000_000, note: '' }),
      );
      expect(revived.status).toBe(201);
      expect(revived.body).toMatchObject({
        id: first.body.id,
        status: 'ACTIVE',
        amountKobo: 39_000_000,
        note: '',
      });
      expect(await t.ctx.db.select().from(bids).where(eq(bids.orderId, order.id))).toHaveLength(1);
    });

    it('refuses an unverified company with 403 COMPANY_NOT_VERIFIED', async () => {
      const order = await openOrder();
      const unverified = await signedInAccount(t, 'TRANSPORTER');
      const res = await post(unverified.accessToken, bidBody(order.id));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('COMPANY_NOT_VERIFIED');
      expect(res.body.message).toBe('You cannot bid on orders yet');
    });

    it('lets two transporters bid at the same moment: both succeed and the order counts 2', async () => {
      const order = await openOrder();
      const [a, b] = await Promise.all([
        post(transporter.accessToken, bidBody(order.id)),
        post(rival.accessToken, bidBody(order.id, { amountKobo: 44_000_000 })),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const detail = await get(rival.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(detail.body.bidCount).toBe(2);
    });

    it('takes one of two bids the same transporter sends at once: one 201, one 409, one row', async () => {
      const order = await openOrder();
      const results = await Promise.all([
        post(transporter.accessToken, bidBody(order.id)),
        post(transporter.accessToken, bidBody(order.id, { amountKobo: 46_000_000 })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(ALREADY_BID);
      expect(await t.ctx.db.select().from(bids).where(eq(bids.orderId, order.id))).toHaveLength(1);
    });
  });

  describe('PATCH /api/v1/bids/{id} and POST /api/v1/bids/{id}/withdraw', () => {
    it('revises an active bid and audits the change', async () => {
      const order = await openOrder();
      const bid = await placeBidViaApi(t, transporter.accessToken, order.id);
      const res = await revise(transporter.accessToken, bid.id, {
        amountKobo: 41_000_000,
        trucksAvailable: 5,
        note: 'Two more trucks free',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: bid.id,
        amountKobo: 41_000_000,
        trucksAvailable: 5,
        note: 'Two more trucks free',
        status: 'ACTIVE',
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(bid.updatedAt).getTime(),
      );
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, bid.id), eq(auditLog.action, 'bid.revised')));
      expect(audit).toHaveLength(1);
    });

    it('withdraws an active bid, which then no longer counts; a second withdrawal is 409', async () => {
      const order = await openOrder();
      const bid = await placeBidViaApi(t, transporter.accessToken, order.id);
      const res = await withdraw(transporter.accessToken, bid.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bid.id, status: 'WITHDRAWN' });
      const detail = await get(transporter.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(detail.body).toMatchObject({ bidCount: 0, myBid: { status: 'WITHDRAWN' } });
      const again = await withdraw(transporter.accessToken, bid.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This bid is already withdrawn');
      const reviseWithdrawn = await revise(transporter.accessToken, bid.id, {
        amountKobo: 1,
        trucksAvailable: 1,
      });
      expect(reviseWithdrawn.status).toBe(409);
    });

    it('answers 404 for another company’s bid and for an unknown bid', async () => {
      const order = await openOrder();
      const bid = await placeBidViaApi(t, rival.accessToken, order.id);
      expect(
        (await revise(transporter.accessToken, bid.id, { amountKobo: 1, trucksAvailable: 1 })).status,
      ).toBe(404);
      expect((await withdraw(transporter.accessToken, bid.id)).status).toBe(404);
      expect((await withdraw(transporter.accessToken, randomUUID())).status).toBe(404);
      const [row] = await t.ctx.db.select().from(bids).where(eq(bids.id, bid.id));
      expect(row).toMatchObject({ status: 'ACTIVE', amountKobo: 42_500_000 });
    });

    it('answers 409 once bidding has closed', async () => {
      const order = await openOrder();
      const bid = await placeBidViaApi(t, transporter.accessToken, order.id);
      await closeBidding(t, order.id);
      const revised = await revise(transporter.accessToken, bid.id, {
        amountKobo: 1_000,
        trucksAvailable: 1,
      });
      expect(revised.status).toBe(409);
      expect(revised.body.message).toBe(BIDDING_CLOSED_NO_CHANGE);
      const withdrawn = await withdraw(transporter.accessToken, bid.id);
      expect(withdrawn.status).toBe(409);
      expect(withdrawn.body.message).toBe(BIDDING_CLOSED_NO_CHANGE);
    });

    it('answers 409 for a bid that won', async () => {
      const { bid } = await awardedOrder(t, customer, transporter);
      const res = await withdraw(transporter.accessToken, bid.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This bid has won and can no longer be withdrawn');
    });

    it.each([
      [{ amountKobo: 0, trucksAvailable: 1 }, 'amountKobo'],
      [{ amountKobo: 10.25, trucksAvailable: 1 }, 'amountKobo'],
      [{ amountKobo: 100, trucksAvailable: 0 }, 'trucksAvailable'],
      [{ amountKobo: 100, trucksAvailable: 1, orderId: randomUUID() }, 'orderId'],
    ])('answers 400 to a revision of %o', async (body, field) => {
      const order = await openOrder();
      const bid = await placeBidViaApi(t, transporter.accessToken, order.id);
      const res = await revise(transporter.accessToken, bid.id, body);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    });

    it('answers 400 for a malformed bid id', async () => {
      const res = await withdraw(transporter.accessToken, 'abc');
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain('params.id');
    });

    it('refuses a company that lost its verification with 403 COMPANY_NOT_VERIFIED', async () => {
      const lapsed = await createVerifiedTransporter(t);
      const order = await openOrder();
      const bid = await placeBidViaApi(t, lapsed.accessToken, order.id);
      await t.ctx.db
        .update(companies)
        .set({ verificationStatus: 'PENDING_REVIEW' })
        .where(eq(companies.id, lapsed.company.id));
      await principalChangeHeard(t, `c:${lapsed.company.id}`);
      const revised = await revise(lapsed.accessToken, bid.id, { amountKobo: 1, trucksAvailable: 1 });
      expect(revised.status).toBe(403);
      expect(revised.body.code).toBe('COMPANY_NOT_VERIFIED');
      const withdrawn = await withdraw(lapsed.accessToken, bid.id);
      expect(withdrawn.status).toBe(403);
      expect(withdrawn.body.code).toBe('COMPANY_NOT_VERIFIED');
    });
  });

  describe('GET /api/v1/bids (history)', () => {
    it('lists the company’s own bids, most recently changed first, with their order, filtered by status', async () => {
      const bidder = await createVerifiedTransporter(t);
      const o1 = await openOrder();
      const o2 = await openOrder();
      const b1 = await placeBidViaApi(t, bidder.accessToken, o1.id);
      const b2 = await placeBidViaApi(t, bidder.accessToken, o2.id);
      await placeBidViaApi(t, rival.accessToken, o1.id);
      await withdraw(bidder.accessToken, b1.id);

      const all = await get(bidder.accessToken, '/api/v1/bids');
      expect(all.status).toBe(200);
      expect(all.body.totalElements).toBe(2);
      expect(all.body.content.map((b: { id: string }) => b.id)).toEqual([b1.id, b2.id]);
      expect(all.body.content[0]).toMatchObject({
        status: 'WITHDRAWN',
        order: { id: o1.id, orderNumber: o1.orderNumber, bidCount: 1, customerName: 'Dangote Imports Ltd' },
      });

      const active = await get(bidder.accessToken, '/api/v1/bids?status=ACTIVE');
      expect(active.body.content.map((b: { id: string }) => b.id)).toEqual([b2.id]);
      const bad = await get(bidder.accessToken, '/api/v1/bids?status=PENDING');
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toContain('query.status');
    });
  });

  describe('GET /api/v1/bids/won', () => {
    it('lists one row per trip won, newest award first, searchable, and only the company’s own', async () => {
      const winner = await createVerifiedTransporter(t);
      const refs = await referenceIds(t);
      const first = await awardedOrder(t, customer, winner, {
        containers: containerRows(2, refs.linerId),
        clientName: 'Flour Mills Plc',
        reference: 'PO_100%',
      });
      const second = await awardedOrder(t, customer, winner, {
        clientName: 'Honeywell Flour',
        reference: 'HW-22',
      });
      await awardedOrder(t, customer, rival);

      const res = await get(winner.accessToken, '/api/v1/bids/won');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(3);
      const rows = res.body.content;
      expect(rows[0]).toMatchObject({
        orderId: second.order.id,
        orderNumber: second.order.orderNumber,
        tripNumber: second.order.trips[0].tripNumber,
        clientName: 'Honeywell Flour',
        customerName: 'Dangote Imports Ltd',
        cargoType: 'IMPORT_LINER_OWNED',
        amountKobo: 42_500_000,
        needsResources: true,
        pickup: { terminal: { code: 'APMT-APAPA' } },
      });
      expect(rows[0].containerNumber).toMatch(/^MSCU\d{7}$/);
      expect(rows.slice(1).map((r: { tripNumber: string }) => r.tripNumber)).toEqual(
        [...first.order.trips.map((tr: { tripNumber: string }) => tr.tripNumber)].sort(),
      );

      const search = async (q: string) =>
        (await get(winner.accessToken, `/api/v1/bids/won?q=${encodeURIComponent(q)}`)).body.content.map(
          (r: { orderId: string }) => r.orderId,
        );
      expect(await search('honeywell')).toEqual([second.order.id]);
      expect(await search(rows[0].containerNumber.toLowerCase())).toEqual([second.order.id]);
      expect(await search(second.order.trips[0].tripNumber)).toEqual([second.order.id]);
      expect(await search('PO_100%')).toEqual([first.order.id, first.order.id]);
      // % and _ are searched as themselves, not as wildcards.
      expect(await search('HW%22')).toEqual([]);
      expect(await search('HW_22')).toEqual([]);

      await setTripState(t, [second.order.trips[0].id], { resourcesAssigned: true });
      const after = await get(winner.accessToken, '/api/v1/bids/won?size=1');
      expect(after.body.content[0].needsResources).toBe(false);
      expect(after.body.totalPages).toBe(3);
    });

    it('answers 400 to a search text over 100 characters', async () => {
      const res = await get(transporter.accessToken, `/api/v1/bids/won?q=${'a'.repeat(101)}`);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain('query.q');
    });
  });

  describe('roles', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/bids/open-orders'],
      ['GET', `/api/v1/bids/open-orders/${randomUUID()}`],
      ['GET', '/api/v1/bids/monitored'],
      ['PUT', `/api/v1/bids/monitored/${randomUUID()}`],
      ['DELETE', `/api/v1/bids/monitored/${randomUUID()}`],
      ['POST', '/api/v1/bids', { orderId: randomUUID(), amountKobo: 100, trucksAvailable: 1 }],
      ['PATCH', `/api/v1/bids/${randomUUID()}`, { amountKobo: 100, trucksAvailable: 1 }],
      ['POST', `/api/v1/bids/${randomUUID()}/withdraw`],
      ['GET', '/api/v1/bids'],
      ['GET', '/api/v1/bids/won'],
    ];

    it.each(routes)(
      '%s %s answers 403 to customers and admins, 401 without a session',
      async (method, url, body) => {
        const admin = await signedInAccount(t, 'ADMIN');
        for (const token of [customer.accessToken, admin.accessToken]) {
          const res = await call(t.app, method as 'GET', url, body, { token });
          expect(res.status).toBe(403);
          expect(res.body.code).toBe('FORBIDDEN');
        }
        expect((await call(t.app, method as 'GET', url, body)).status).toBe(401);
      },
    );

    it('lets a fleet manager bid for the company, and the owner then sees that bid as the company’s', async () => {
      const order = await openOrder();
      const fm = await fleetManagerOf(transporter);
      const res = await post(fm, bidBody(order.id));
      expect(res.status).toBe(201);
      const ownerView = await get(transporter.accessToken, `/api/v1/bids/open-orders/${order.id}`);
      expect(ownerView.body.myBid.id).toBe(res.body.id);
      expect((await withdraw(transporter.accessToken, res.body.id)).status).toBe(200);
    });
  });

  it('documents every bid, dashboard and trip route in the OpenAPI document, each behind a bearer token', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    const expected: [string, string][] = [
      ['/api/v1/bids/open-orders', 'get'],
      ['/api/v1/bids/open-orders/{orderId}', 'get'],
      ['/api/v1/bids/monitored', 'get'],
      ['/api/v1/bids/monitored/{orderId}', 'put'],
      ['/api/v1/bids/monitored/{orderId}', 'delete'],
      ['/api/v1/bids', 'post'],
      ['/api/v1/bids', 'get'],
      ['/api/v1/bids/won', 'get'],
      ['/api/v1/bids/{id}', 'patch'],
      ['/api/v1/bids/{id}/withdraw', 'post'],
      ['/api/v1/dashboard/customer', 'get'],
      ['/api/v1/dashboard/transporter', 'get'],
      ['/api/v1/trips', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation!.security).toEqual([{ bearerAuth: [] }]);
      expect(operation!.tags?.length).toBe(1);
    }
  });
});
