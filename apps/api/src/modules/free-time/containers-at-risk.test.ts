import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { consignments, trips } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { containerRows, lagosDate } from '../../test/marketplace';
import { keepFreeTime } from '../../test/free-time';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';

describe('GET /api/v1/containers/at-risk', () => {
  let t: TestApp;
  let w: TripWorld;
  /** The customer's containers still counting, in the order the list gives them. */
  let listed: TripRef[] = [];

  const list = (token: string | undefined, query = '') =>
    call(t.app, 'GET', `/api/v1/containers/at-risk${query}`, undefined, token ? { token } : {});

  const keep = (trip: TripRef, facts: Record<string, unknown>) =>
    keepFreeTime(t, w.customer.accessToken, trip.id, facts);

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    const [over, today, tomorrow, later, unknown, returned, cancelled] = await w.newTrips(7);
    const [socAtPort, socOut] = (
      await w.award({ cargoType: 'IMPORT_SHIPPER_OWNED', containers: containerRows(2, w.linerId) })
    ).trips as TripRef[];
    const all = [over, today, tomorrow, later, unknown, returned, cancelled, socAtPort, socOut];
    await t.ctx.db
      .update(trips)
      .set({ pickupDate: lagosDate(3) })
      .where(
        inArray(
          trips.id,
          all.map((trip) => trip!.id),
        ),
      );

    // MSC gives a 20-foot box 7 free days: the last free day is the discharge day and six more.
    await keep(over!, { dischargeDate: lagosDate(-9), depositKobo: 40_000_000, depositStatus: 'PAID' });
    await keep(today!, {
      dischargeDate: lagosDate(-6),
      depositKobo: 40_000_000,
      depositStatus: 'REFUND_REQUESTED',
    });
    await keep(tomorrow!, { dischargeDate: lagosDate(-5) });
    await keep(socAtPort!, { dischargeDate: lagosDate(-4) });
    // later keeps the delivery order's validity date (10 days); unknown has neither date.
    await t.ctx.db
      .update(consignments)
      .set({ deliveryOrderValidityDate: null })
      .where(eq(consignments.tripId, unknown!.id));

    // Their clocks have stopped, or their trips are off: not at risk.
    await keep(returned!, { dischargeDate: lagosDate(-9), depositKobo: 40_000_000, depositStatus: 'PAID' });
    await w.assignFleet(returned!.id);
    await w.walkTo(returned!.id, 'EMPTY_DROP_OFF');
    await w.assignFleet(socOut!.id);
    await w.walkTo(socOut!.id, 'LOADED');
    await keep(cancelled!, { dischargeDate: lagosDate(-9) });
    await setTripState(t, [cancelled!.id], { cancelled: true });
    // Other cargo, and another customer's containers.
    await w.generalCargoTrip();
    await w.award({ containers: containerRows(1, w.linerId) }, undefined, {
      customer: w.otherCustomer,
      transporter: w.otherTransporter,
    });

    listed = [over!, today!, tomorrow!, socAtPort!, later!, unknown!];
  });
  afterAll(() => t.close());

  it("lists the customer's running containers, the fewest days left first and unknown last, as their trip pages show them", async () => {
    const res = await list(w.customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 6, totalPages: 1, number: 0, size: 20 });
    expect(res.body.content.map((c: { trip: { id: string } }) => c.trip.id)).toEqual(listed.map((l) => l.id));
    expect(
      res.body.content.map((c: { freeTime: { daysLeft: number | null } }) => c.freeTime.daysLeft),
    ).toEqual([-3, 0, 1, 2, 10, null]);
    expect(res.body.content.map((c: { freeTime: { level: string } }) => c.freeTime.level)).toEqual([
      'OVER',
      'URGENT',
      'URGENT',
      'SOON',
      'OK',
      'UNKNOWN',
    ]);
    const [first] = res.body.content;
    expect(first).toMatchObject({
      trip: { id: listed[0]!.id, tripNumber: listed[0]!.tripNumber },
      containerNumber: expect.any(String),
      containerSize: 'FTS_20',
      linerName: expect.any(String),
      transporterName: 'Agege Haulage Ltd',
      latestTripStatus: null,
    });
    // Over by 3 days and leaving in 3: 6 days of demurrage; back a day later: 1 of detention; and the deposit.
    expect(first.freeTime).toMatchObject({
      demurrageDays: 6,
      detentionDays: 1,
      projectedChargesKobo: 6 * 3_600_000 + 2_800_000,
      atStakeKobo: 6 * 3_600_000 + 2_800_000 + 40_000_000,
    });
    for (const [i, item] of res.body.content.entries()) {
      expect((await w.detail(listed[i]!.id)).freeTime, `container ${i}`).toEqual(item.freeTime);
    }
  });

  it('pages the list and totals what is at stake across every page', async () => {
    const whole = (await list(w.customer.accessToken)).body;
    const sum = whole.content.reduce(
      (s: number, c: { freeTime: { atStakeKobo: number } }) => s + c.freeTime.atStakeKobo,
      0,
    );
    expect(sum).toBeGreaterThan(80_000_000);
    expect(whole.totalAtStakeKobo).toBe(sum);
    const ids: string[] = [];
    for (const page of [0, 1, 2]) {
      const res = await list(w.customer.accessToken, `?page=${page}&size=2`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        totalElements: 6,
        totalPages: 3,
        number: page,
        size: 2,
        totalAtStakeKobo: sum,
      });
      ids.push(...res.body.content.map((c: { trip: { id: string } }) => c.trip.id));
    }
    expect(ids).toEqual(listed.map((l) => l.id));
    expect((await list(w.customer.accessToken, '?page=3&size=2')).body).toMatchObject({
      content: [],
      totalElements: 6,
      totalAtStakeKobo: sum,
    });
  });

  it('moves a container up the list when its discharge date brings its last free day closer', async () => {
    const later = listed[4]!;
    await keep(later, { dischargeDate: lagosDate(-20) });
    const ids = (await list(w.customer.accessToken)).body.content.map(
      (c: { trip: { id: string } }) => c.trip.id,
    );
    expect(ids[0]).toBe(later.id);
    await keep(later, {});
    const back = (await list(w.customer.accessToken)).body.content.map(
      (c: { trip: { id: string } }) => c.trip.id,
    );
    expect(back).toEqual(listed.map((l) => l.id));
  });

  it('shows another customer none of them, and an empty list to a customer without containers', async () => {
    const res = await list(w.otherCustomer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.content.map((c: { trip: { id: string } }) => c.trip.id)).not.toContain(listed[0]!.id);
    expect(res.body.totalElements).toBe(1);
  });

  it('is for customers only: 403 to transporters, fleet managers and admins, 401 without a session', async () => {
    for (const account of [w.transporter, w.fleetManager, w.admin]) {
      expect((await list(account.accessToken)).status).toBe(403);
    }
    expect((await list(undefined)).status).toBe(401);
  });

  it('answers 400 naming the parameter for a bad page', async () => {
    for (const query of ['?size=0', '?size=101', '?page=-1', '?page=x']) {
      const res = await list(w.customer.accessToken, query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field, query).toMatch(/page|size/);
    }
  });
});
