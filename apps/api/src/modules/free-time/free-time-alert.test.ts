import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { lagosDayText } from '@freightlane/domain';
import { jobs, notifications, trips } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { lagosDate } from '../../test/marketplace';
import { keepFreeTime } from '../../test/free-time';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';
import {
  FREE_TIME_ALERT_JOB,
  freeTimeAlertAt,
  sendFreeTimeAlert,
  type FreeTimeAlert,
} from './free-time-alert.job';

describe('free-time alerts', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  /** A container trip picked up in five days, with the customer's facts kept through the API. */
  const tripWith = async (facts: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
    const trip = await w.newTrip(overrides);
    await t.ctx.db
      .update(trips)
      .set({ pickupDate: lagosDate(5) })
      .where(eq(trips.id, trip.id));
    await keepFreeTime(t, w.customer.accessToken, trip.id, facts);
    return trip;
  };

  const alertsOf = async (tripId: string) =>
    (
      await t.ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, FREE_TIME_ALERT_JOB), sql`${jobs.payload}->>'tripId' = ${tripId}`))
        .orderBy(jobs.runAt)
    ).map((j) => ({ payload: j.payload as FreeTimeAlert, runAt: j.runAt, done: j.doneAt !== null }));

  /** What the trip's parties were told about its container, customer first. */
  const told = async (trip: TripRef) => {
    await t.ctx.jobs.drain();
    const of = async (userId: string) =>
      t.ctx.db
        .select({ title: notifications.title, body: notifications.body })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.kind, 'FREE_TIME_RUNNING_OUT'),
            eq(notifications.link, `/trips/${trip.id}`),
          ),
        )
        .orderBy(notifications.createdAt);
    return { customer: await of(w.customer.user.id), transporter: await of(w.transporter.user.id) };
  };

  /** Runs the waiting alerts matching `match` now, as the passing of time would. */
  const runAlerts = async (tripId: string, match: (alert: FreeTimeAlert) => boolean) => {
    const waiting = (
      await t.ctx.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, FREE_TIME_ALERT_JOB),
            sql`${jobs.doneAt} IS NULL`,
            sql`${jobs.payload}->>'tripId' = ${tripId}`,
          ),
        )
    ).filter((j) => match(j.payload as FreeTimeAlert));
    expect(waiting.length).toBeGreaterThan(0);
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(
        inArray(
          jobs.id,
          waiting.map((j) => j.id),
        ),
      );
    await t.ctx.jobs.drain();
  };

  it('go out at 09:00 in Lagos the given days before the last free day', () => {
    expect(freeTimeAlertAt('2028-03-01', 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(freeTimeAlertAt('2027-03-01', 3).toISOString()).toBe('2027-02-26T08:00:00.000Z');
  });

  it('are queued again for a new last free day and say the naira a day at stake; those of the old day keep quiet', async () => {
    const trip = await tripWith({});
    // At award the delivery order's validity date (in 10 days) was the last free day.
    expect((await alertsOf(trip.id)).map((a) => a.payload)).toEqual([
      { tripId: trip.id, daysLeft: 3, lastFreeDay: lagosDate(10) },
      { tripId: trip.id, daysLeft: 1, lastFreeDay: lagosDate(10) },
    ]);

    // Discharged 2 days ago: MSC's 7 free days end in 4 days.
    const res = await call(
      t.app,
      'PUT',
      `/api/v1/trips/${trip.id}/free-time`,
      {
        dischargeDate: lagosDate(-2),
        expectedEmptyReturnDate: null,
        depositKobo: 60_000_000,
        depositStatus: 'PAID',
        depositRefundedOn: null,
      },
      { token: w.customer.accessToken },
    );
    expect(res.status).toBe(200);
    const queued = (await alertsOf(trip.id)).filter((a) => a.payload.lastFreeDay === lagosDate(4));
    expect(queued.map((a) => [a.payload.daysLeft, a.runAt.toISOString()])).toEqual([
      [3, freeTimeAlertAt(lagosDate(4), 3).toISOString()],
      [1, freeTimeAlertAt(lagosDate(4), 1).toISOString()],
    ]);

    await runAlerts(trip.id, (a) => a.lastFreeDay === lagosDate(10));
    expect(await told(trip)).toEqual({ customer: [], transporter: [] });

    await runAlerts(trip.id, (a) => a.lastFreeDay === lagosDate(4) && a.daysLeft === 3);
    const { containerNumber } = await w.consignmentOf(trip.id);
    const alert = {
      title: `${trip.tripNumber}: free time ends in 3 days`,
      body: `${containerNumber} is still at the port; its last free day is ${lagosDayText(lagosDate(4))}. After it the line charges demurrage of ₦36,000.00 a day while it stays there, then detention of ₦28,000.00 a day until its empty is returned.`,
    };
    expect(await told(trip)).toEqual({ customer: [alert], transporter: [alert] });
    const mail = (await t.mailsTo(w.customer.email)).find((m) => m.subject === alert.title);
    expect(mail?.text).toContain('The line also holds a deposit of ₦600,000.00 on the container.');
  });

  it('once the container is out, say the detention a day until the empty is back, then keep quiet', async () => {
    const trip = await tripWith({
      dischargeDate: lagosDate(-5),
      depositKobo: 60_000_000,
      depositStatus: 'PAID',
    });
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'LOADED');
    await sendFreeTimeAlert(t.ctx, { tripId: trip.id, daysLeft: 1, lastFreeDay: lagosDate(1) });
    const { containerNumber } = await w.consignmentOf(trip.id);
    expect((await told(trip)).customer).toEqual([
      {
        title: `${trip.tripNumber}: free time ends in 1 day`,
        body: `${containerNumber} is out of the port and its empty is not back; its last free day is ${lagosDayText(lagosDate(1))}. After it the line charges detention of ₦28,000.00 a day until the empty is returned.`,
      },
    ]);
    await w.walkTo(trip.id, 'EMPTY_DROP_OFF');
    await sendFreeTimeAlert(t.ctx, { tripId: trip.id, daysLeft: 3, lastFreeDay: lagosDate(1) });
    expect((await told(trip)).customer).toHaveLength(1);
  });

  it('keep quiet for a shipper-owned container out of the port and for a cancelled trip', async () => {
    const soc = await tripWith({ dischargeDate: lagosDate(-5) }, { cargoType: 'IMPORT_SHIPPER_OWNED' });
    await w.assignFleet(soc.id);
    await w.walkTo(soc.id, 'LOADED');
    await sendFreeTimeAlert(t.ctx, { tripId: soc.id, daysLeft: 1, lastFreeDay: lagosDate(1) });
    expect(await told(soc)).toEqual({ customer: [], transporter: [] });

    const cancelled = await tripWith({ dischargeDate: lagosDate(-5) });
    await setTripState(t, [cancelled.id], { cancelled: true });
    await sendFreeTimeAlert(t.ctx, { tripId: cancelled.id, daysLeft: 1, lastFreeDay: lagosDate(1) });
    expect(await told(cancelled)).toEqual({ customer: [], transporter: [] });
  });

  it('queued before discharge dates were kept, speak of the delivery order, and keep quiet once a discharge date moved the day', async () => {
    const trip = await tripWith({});
    await sendFreeTimeAlert(t.ctx, { tripId: trip.id, daysLeft: 3 });
    const [first] = (await told(trip)).customer;
    expect(first?.title).toBe(`${trip.tripNumber}: delivery order runs out in 3 days`);
    expect(first?.body).toContain(`its last free day is ${lagosDayText(lagosDate(10))}`);

    const moved = await tripWith({ dischargeDate: lagosDate(-1) });
    await sendFreeTimeAlert(t.ctx, { tripId: moved.id, daysLeft: 1 });
    expect(await told(moved)).toEqual({ customer: [], transporter: [] });
  });
});
