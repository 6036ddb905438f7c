import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLanes, invoices, scorecardRefreshQueue, trips, truckPositions } from '../../db/schema';
import { awardedOrder } from '../../test/awarded-trips';
import { signedInAccount } from '../../test/accounts';
import { insertTruck } from '../../test/fleet';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  lagosDate,
  referenceIds,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { refreshQueuedScorecards, refreshScorecard } from './index';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
/** Noon in Lagos (11:00 UTC) of a Lagos date. */
const lagosNoon = (date: string) => new Date(`${date}T11:00:00Z`);

/**
 * A small world counted by hand: transporter T carried six containers for customer C. Five were
 * delivered and completed, one T cancelled after the award. The figures below are the ones a person
 * counts from this table:
 *
 *   trip  at pickup      delivered vs expected    proof of delivery   issue            waiting at C's site
 *   1     on the day     on time                  2 h after           -                1 h   (tracked 4 of 8 slots)
 *   (trips 2 to 5 carry no truck's positions: their 722 slots of loaded time are untracked)
 *   2     a day late     a day late               30 h after          -                5 h
 *   3     on the day     no expected date         none                -                2 h
 *   4     on the day     on time                  1 h after           breakdown        0.5 h
 *   5     on the day     on time                  at delivery         port congestion  (no arrival recorded)
 *   6     cancelled by T before pickup
 */
describe('scorecards', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createVerifiedCustomer>>;
  let transporter: Awaited<ReturnType<typeof createVerifiedTransporter>>;
  let tripIds: string[];
  const pickupDate = lagosDate(-10);
  const expected = lagosDate(-8);

  const card = (companyId: string, token: string) =>
    call(t.app, 'GET', `/api/v1/companies/${companyId}/scorecard`, undefined, { token });

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t);
    transporter = await createVerifiedTransporter(t);
    const { linerId } = await referenceIds(t);
    const { order } = await awardedOrder(t, customer, transporter, {
      containers: containerRows(6, linerId),
    });
    tripIds = order.trips
      .map((trip: { id: string; tripNumber: string }) => trip)
      .sort((a: { tripNumber: string }, b: { tripNumber: string }) =>
        a.tripNumber.localeCompare(b.tripNumber),
      )
      .map((trip: { id: string }) => trip.id);
    const truck = await insertTruck(t, transporter.company.id);

    const delivered = lagosNoon(expected);
    const loaded1 = new Date(lagosNoon(pickupDate).getTime() + HOUR);
    const facts = [
      {
        arrivedPickupAt: lagosNoon(pickupDate),
        deliveredAt: delivered,
        expectedDeliveryDate: expected,
        wait: 1,
      },
      {
        arrivedPickupAt: lagosNoon(lagosDate(-9)),
        deliveredAt: lagosNoon(lagosDate(-7)),
        expectedDeliveryDate: expected,
        wait: 5,
      },
      { arrivedPickupAt: lagosNoon(pickupDate), deliveredAt: delivered, expectedDeliveryDate: null, wait: 2 },
      {
        arrivedPickupAt: lagosNoon(pickupDate),
        deliveredAt: delivered,
        expectedDeliveryDate: expected,
        wait: 0.5,
      },
      {
        arrivedPickupAt: lagosNoon(pickupDate),
        deliveredAt: delivered,
        expectedDeliveryDate: expected,
        wait: null,
      },
    ];
    // The trips' step times are set last: a document, an issue or an invoice written after them would
    // have the report facts' triggers (migration 0016) count them again from the (empty) status logs.
    const deliveredAtOf = (i: number) =>
      i === 0 ? new Date(loaded1.getTime() + 3 * HOUR) : facts[i]!.deliveredAt;
    const pod = async (i: number, hoursAfter: number) => {
      const trip = tripIds[i]!;
      await t.ctx.db.execute(sql`
        INSERT INTO trip_documents (trip_id, kind, storage_key, file_name, content_type, size_bytes,
                                    uploaded_by_company_id, created_at)
        VALUES (${trip}, 'PROOF_OF_DELIVERY', ${`test/${trip}`}, 'pod.pdf', 'application/pdf', 1000,
                ${transporter.company.id},
                ${new Date(deliveredAtOf(i).getTime() + hoursAfter * HOUR).toISOString()}::timestamptz)`);
    };
    await pod(0, 2);
    await pod(1, 30);
    await pod(3, 1);
    await pod(4, 0);
    const issue = async (trip: string, type: string) =>
      t.ctx.db.execute(sql`
        INSERT INTO trip_issues (trip_id, issue_type, description, opened_at)
        VALUES (${trip}, ${type}, 'Seen on the road', now() - interval '8 days')`);
    await issue(tripIds[3]!, 'BREAKDOWN');
    await issue(tripIds[4]!, 'PORT_CONGESTION');

    // C's invoices: 1 paid in 3 days, before its due date; 2 paid in 10 days, 5 days after it; 3 unpaid
    // two days past due; the others not yet due (or void).
    const invoice = async (
      trip: string,
      createdDaysAgo: number,
      dueDaysAgo: number,
      paidDaysAgo: number | null,
    ) =>
      t.ctx.db
        .update(invoices)
        .set({
          createdAt: ago(createdDaysAgo * DAY),
          dueAt: ago(dueDaysAgo * DAY),
          paidAt: paidDaysAgo === null ? null : ago(paidDaysAgo * DAY),
          ...(paidDaysAgo === null ? {} : { status: 'PAID' as const }),
        })
        .where(eq(invoices.tripId, trip));
    await invoice(tripIds[0]!, 20, 6, 17);
    await invoice(tripIds[1]!, 20, 15, 10);
    await invoice(tripIds[2]!, 10, 2, null);

    for (const [i, f] of facts.entries()) {
      const loadedAt = new Date(f.arrivedPickupAt.getTime() + HOUR);
      await t.ctx.db
        .update(trips)
        .set({
          pickupDate,
          arrivedPickupAt: f.arrivedPickupAt,
          loadedAt,
          arrivedDeliveryAt: f.wait === null ? null : new Date(f.deliveredAt.getTime() - f.wait * HOUR),
          deliveredAt: f.deliveredAt,
          expectedDeliveryDate: f.expectedDeliveryDate,
          latestStatus: 'DELIVERED',
          latestStatusAt: f.deliveredAt,
          completed: true,
          ...(i === 0 ? { truckId: truck.id } : {}),
        })
        .where(eq(trips.id, tripIds[i]!));
    }
    // Trip 1 is loaded two hours before it reaches the delivery: 8 slots of 15 minutes, 4 of them with
    // positions (two in the first).
    await t.ctx.db
      .update(trips)
      .set({
        arrivedDeliveryAt: new Date(loaded1.getTime() + 2 * HOUR),
        deliveredAt: new Date(loaded1.getTime() + 3 * HOUR),
      })
      .where(eq(trips.id, tripIds[0]!));
    await t.ctx.db.insert(truckPositions).values(
      [2, 5, 20, 35, 50, 130].map((minutes) => ({
        truckId: truck.id,
        companyId: transporter.company.id,
        recordedAt: new Date(loaded1.getTime() + minutes * 60 * 1000),
        latitude: 6.45,
        longitude: 3.39,
        source: 'SIMULATOR' as const,
      })),
    );
    await t.ctx.db
      .update(trips)
      .set({
        cancelledAt: ago(9 * DAY),
        cancellationReason: 'Truck broke down',
        cancelledByUserId: transporter.user.id,
      })
      .where(eq(trips.id, tripIds[5]!));

    // Ratings: both sides rated trip 1 (so both show); C alone rated trip 2 today (still hidden).
    const rate = async (token: string, trip: string, score: number) => {
      const res = await call(t.app, 'POST', `/api/v1/trips/${trip}/ratings`, { score, tags: [] }, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await rate(customer.accessToken, tripIds[0]!, 4);
    await rate(transporter.accessToken, tripIds[0]!, 3);
    await rate(customer.accessToken, tripIds[1]!, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('notes both companies when a trip is delivered or cancelled, and counts each once', async () => {
    const queued = await t.ctx.db.select().from(scorecardRefreshQueue);
    const noted = new Set(queued.map((q) => q.companyId));
    expect(noted).toEqual(new Set([customer.company.id, transporter.company.id]));
    expect(queued.length).toBeGreaterThan(2);
    expect(await refreshQueuedScorecards(t.ctx)).toBe(2);
    expect(await t.ctx.db.select().from(scorecardRefreshQueue)).toEqual([]);
  });

  it("counts the transporter's figures as a person counts them from its trips", async () => {
    const res = await card(transporter.company.id, customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ side: 'transporter', companyId: transporter.company.id });
    expect(res.body.figures).toEqual({
      completedTripsRecent: 5,
      completedTripsAll: 5,
      onTimePickup: { count: 4, of: 5 },
      onTimeDelivery: { count: 3, of: 4 },
      trackingCoverage: { count: 4, of: 730 },
      issues: { byType: { BREAKDOWN: 1, PORT_CONGESTION: 1 }, trips: 5 },
      cancellationsAfterAward: { count: 1, of: 6 },
      proofOfDeliveryOnTime: { count: 3, of: 5 },
      rating: { average: 4, count: 1 },
    });
    // 30 × 3/4 + 20 × 4/5 + 15 × 4/730 + 15 × (4 − 1)/4 + 10 × 3/5 + 10 × (1 − (1/5 + 1/6)) = 62.2 of 100.
    expect(res.body.score).toBe(62);
    // Another company reads the figures, not the advice meant for the company itself.
    expect(res.body.advice).toBeUndefined();
  });

  it("counts the customer's figures as a person counts them from its trips and invoices", async () => {
    const res = await card(customer.company.id, transporter.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.figures).toEqual({
      tripsRecent: 5,
      tripsAll: 5,
      daysToPay: { totalDays: 13, invoices: 2 },
      overdue: { count: 2, of: 3 },
      waitingAtSites: { totalHours: 8.5, stops: 4 },
      cancellationsAfterAward: { count: 0, of: 6 },
      rating: { average: 3, count: 1 },
    });
    // 40 × 1/3 + 20 × 1 (6.5 days) + 20 × (24 − 2.1)/22 + 10 × (3 − 1)/4 + 10 × 1 = 68.2 of 100.
    expect(res.body.score).toBe(68);
  });

  it('shows a company its own card with what would raise its score', async () => {
    const own = await call(t.app, 'GET', '/api/v1/company/scorecard', undefined, {
      token: transporter.accessToken,
    });
    expect(own.status).toBe(200);
    expect(own.body.companyId).toBe(transporter.company.id);
    // Its weakest parts by what they cost: tracking (15 × 726/730), on-time delivery (30 × 1/4), and a
    // breakdown on one trip in five (5 × 1), ahead of the proofs of delivery (10 × 2/5).
    expect(own.body.advice).toEqual(['keepTracking', 'deliverOnTime', 'maintainTrucks']);
  });

  it('gives no score before five completed trips: "New on Freightlane"', async () => {
    const newcomer = await createVerifiedTransporter(t);
    const { linerId } = await referenceIds(t);
    const { order } = await awardedOrder(t, customer, newcomer, { containers: containerRows(4, linerId) });
    const ids = order.trips.map((trip: { id: string }) => trip.id);
    for (const id of ids) {
      await t.ctx.db
        .update(trips)
        .set({ deliveredAt: ago(DAY), latestStatus: 'DELIVERED', latestStatusAt: ago(DAY), completed: true })
        .where(eq(trips.id, id));
    }
    await refreshScorecard(t.ctx, newcomer.company.id);
    let res = await card(newcomer.company.id, customer.accessToken);
    expect(res.body).toMatchObject({ score: null, figures: { completedTripsAll: 4 } });
    const own = await call(t.app, 'GET', '/api/v1/company/scorecard', undefined, {
      token: newcomer.accessToken,
    });
    expect(own.body.advice).toEqual(['completeMoreTrips']);

    // The fifth completed trip brings a score.
    const { order: fifth } = await awardedOrder(t, customer, newcomer);
    await t.ctx.db
      .update(trips)
      .set({ deliveredAt: ago(DAY), latestStatus: 'DELIVERED', latestStatusAt: ago(DAY), completed: true })
      .where(eq(trips.id, fifth.trips[0].id));
    await refreshQueuedScorecards(t.ctx);
    res = await card(newcomer.company.id, customer.accessToken);
    expect(res.body.figures.completedTripsAll).toBe(5);
    expect(res.body.score).toEqual(expect.any(Number));
  });

  it('counts a lane served by its completed trips, not those awarded and still to run', async () => {
    const carrier = await createVerifiedTransporter(t);
    const { linerId } = await referenceIds(t);
    const { order } = await awardedOrder(t, customer, carrier, { containers: containerRows(3, linerId) });
    const [done, ...waiting] = order.trips.map((trip: { id: string }) => trip.id);
    await t.ctx.db
      .update(trips)
      .set({ deliveredAt: ago(DAY), latestStatus: 'DELIVERED', latestStatusAt: ago(DAY), completed: true })
      .where(eq(trips.id, done!));
    expect(waiting).toHaveLength(2);
    await refreshScorecard(t.ctx, carrier.company.id);
    const lanes = await t.ctx.db
      .select()
      .from(companyLanes)
      .where(eq(companyLanes.companyId, carrier.company.id));
    expect(lanes.map((l) => l.trips)).toEqual([1]);
  });

  it('shows cards across the market only: never a competitor, an unverified company, or anyone signed out', async () => {
    const otherCustomer = await createVerifiedCustomer(t);
    const competitor = await createVerifiedTransporter(t);
    const admin = await signedInAccount(t, 'ADMIN');
    const unverified = await signedInAccount(t, 'TRANSPORTER', { verificationStatus: 'UNVERIFIED' });

    expect((await card(transporter.company.id, otherCustomer.accessToken)).status).toBe(200);
    expect((await card(transporter.company.id, competitor.accessToken)).status).toBe(404);
    expect((await card(customer.company.id, otherCustomer.accessToken)).status).toBe(404);
    expect((await card(customer.company.id, transporter.accessToken)).status).toBe(200);
    expect((await card(unverified.company.id, customer.accessToken)).status).toBe(404);
    expect((await card(unverified.company.id, unverified.accessToken)).status).toBe(200);
    const byAdmin = await card(transporter.company.id, admin.accessToken);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.advice).toBeUndefined();
    expect((await card(admin.company.id, admin.accessToken)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/companies/${transporter.company.id}/scorecard`)).status).toBe(
      401,
    );
    expect((await card('not-a-uuid', customer.accessToken)).status).toBe(400);
  });
});
