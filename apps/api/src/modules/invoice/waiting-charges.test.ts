import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { TripStatus } from '@freightlane/domain';
import { auditLog, invoiceCharges, invoices, notifications, tripStatusLogs } from '../../db/schema';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const MINUTE = 60_000;
const RATE = 500_000;

describe('waiting charges from the trip’s steps', () => {
  let t: TestApp;
  let w: TripWorld;

  const setTerms = async (freeHours: number, rateKoboPerHour: number | null) => {
    const res = await call(
      t.app,
      'PUT',
      '/api/v1/company/waiting-terms',
      { freeHours, rateKoboPerHour },
      { token: w.transporter.accessToken },
    );
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    await setTerms(2, RATE);
  });
  afterAll(() => t.close());

  /** A new trip with its fleet, and its invoice. */
  const readyTrip = async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
    return { trip, invoice: invoice! };
  };
  /** Says the trip reached `status` `minutes` ago, as its live log records it. */
  const arrivedMinutesAgo = (tripId: string, status: TripStatus, minutes: number) =>
    t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date(Date.now() - minutes * MINUTE) })
      .where(
        and(
          eq(tripStatusLogs.tripId, tripId),
          eq(tripStatusLogs.status, status),
          isNull(tripStatusLogs.undoneAt),
        ),
      );
  const chargesOf = (invoiceId: string) =>
    t.ctx.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoiceId));
  const undo = async (tripId: string) => {
    const res = await call(
      t.app,
      'POST',
      `/api/v1/trips/${tripId}/status/undo`,
      { reason: 'Recorded too early by mistake' },
      { token: w.admin.accessToken },
    );
    expect(res.status).toBe(200);
  };
  /** Waits at the pickup for `minutes`, then loads. The trip started a day ago, so its steps stay in order. */
  const loadAfter = async (tripId: string, minutes: number) => {
    await w.walkTo(tripId, 'AT_PICKUP_LOCATION');
    await arrivedMinutesAgo(tripId, 'STARTED', 24 * 60);
    await arrivedMinutesAgo(tripId, 'AT_PICKUP_LOCATION', minutes);
    await w.walkTo(tripId, 'LOADED');
  };
  /** Takes back the loading, moves the arrival to `minutes` ago and loads again. */
  const reloadAfter = async (tripId: string, minutes: number) => {
    await undo(tripId);
    await arrivedMinutesAgo(tripId, 'AT_PICKUP_LOCATION', minutes);
    await w.walkTo(tripId, 'LOADED');
  };

  it('proposes the started hours beyond the free ones at the pickup when the trip is loaded', async () => {
    const { trip, invoice } = await readyTrip();
    await loadAfter(trip.id, 210);
    const res = await call(t.app, 'GET', `/api/v1/invoices/${invoice.id}`, undefined, {
      token: w.customer.accessToken,
    });
    expect(res.body).toMatchObject({ chargesAwaitingAnswer: 1, actions: [], amountKobo: invoice.amountKobo });
    const [charge] = res.body.charges;
    // 3 h 30 min waited, 2 h free: 1 h 30 min beyond is 2 started hours.
    expect(charge).toMatchObject({
      kind: 'WAITING_AT_PICKUP',
      status: 'PROPOSED',
      amountKobo: 2 * RATE,
      waiting: { waitedMinutes: 210, freeHours: 2, chargeableHours: 2, rateKoboPerHour: RATE },
      proposedBy: null,
    });
    expect(charge.reason).toContain('The truck waited 3 h 30 min at the pickup');
    expect(charge.reason).toContain(
      'The first 2 h are free; 2 started hours beyond them at ₦5,000.00 per hour.',
    );
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, charge.id), eq(auditLog.action, 'invoice.charge_proposed')));
    expect(audit).toMatchObject({ actorUserId: null, companyId: w.transporter.company.id });
    await t.ctx.jobs.drain();
    const notices = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.customer.user.id), eq(notifications.kind, 'INVOICE_CHARGE')));
    expect(notices.map((n) => n.link)).toContain(`/payments/${invoice.id}`);
  });

  it('proposes the delivery wait when the trip is delivered: one minute over is one hour', async () => {
    const { trip, invoice } = await readyTrip();
    await loadAfter(trip.id, 30);
    await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
    await arrivedMinutesAgo(trip.id, 'AT_DELIVERY_LOCATION', 121);
    await w.walkTo(trip.id, 'DELIVERED');
    const charges = await chargesOf(invoice.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      kind: 'WAITING_AT_DELIVERY',
      status: 'PROPOSED',
      amountKobo: RATE,
      waitedMinutes: 121,
      chargeableHours: 1,
    });
  });

  it('proposes nothing within the free hours, without a rate, or on a paid invoice', async () => {
    const within = await readyTrip();
    await loadAfter(within.trip.id, 119);
    expect(await chargesOf(within.invoice.id)).toEqual([]);

    await setTerms(2, null);
    const free = await readyTrip();
    await loadAfter(free.trip.id, 600);
    expect(await chargesOf(free.invoice.id)).toEqual([]);
    await setTerms(2, RATE);

    const paid = await readyTrip();
    await t.ctx.db
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(eq(invoices.id, paid.invoice.id));
    await loadAfter(paid.trip.id, 600);
    expect(await chargesOf(paid.invoice.id)).toEqual([]);
  });

  it('counts a step the driver records from the phone the same way', async () => {
    const { trip, base } = await driverOnTripWithLink(t, w);
    const step = (tripStatus: TripStatus) =>
      call(t.app, 'POST', `${base}/status`, { clientActionId: randomUUID(), tripStatus });
    for (const status of ['STARTED', 'AT_PICKUP_LOCATION'] as const)
      expect((await step(status)).status).toBe(200);
    await arrivedMinutesAgo(trip.id, 'AT_PICKUP_LOCATION', 185);
    expect((await step('LOADED')).status).toBe(200);
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
    expect(await chargesOf(invoice!.id)).toEqual([
      expect.objectContaining({ kind: 'WAITING_AT_PICKUP', amountKobo: 2 * RATE, status: 'PROPOSED' }),
    ]);
  });

  it('works an unanswered charge out again when the step is undone and done again', async () => {
    const { trip, invoice } = await readyTrip();
    await loadAfter(trip.id, 210);
    const [first] = await chargesOf(invoice.id);

    // Undoing alone leaves the charge as it is.
    await undo(trip.id);
    expect((await chargesOf(invoice.id))[0]).toMatchObject({ id: first!.id, status: 'PROPOSED' });
    await arrivedMinutesAgo(trip.id, 'AT_PICKUP_LOCATION', 310);
    await w.walkTo(trip.id, 'LOADED');
    const revised = await chargesOf(invoice.id);
    expect(revised).toEqual([
      expect.objectContaining({
        id: first!.id,
        status: 'PROPOSED',
        amountKobo: 4 * RATE,
        chargeableHours: 4,
      }),
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first!.id), eq(auditLog.action, 'invoice.charge_revised')));
    expect(audits[0]!.data).toMatchObject({
      before: { amountKobo: 2 * RATE },
      after: { amountKobo: 4 * RATE },
    });

    // Now within the free hours: the proposal is withdrawn.
    await reloadAfter(trip.id, 60);
    expect(await chargesOf(invoice.id)).toEqual([
      expect.objectContaining({ id: first!.id, status: 'WITHDRAWN', answeredBy: null }),
    ]);

    // And beyond them again: proposed again, still one charge for the stop.
    await reloadAfter(trip.id, 150);
    expect(await chargesOf(invoice.id)).toEqual([
      expect.objectContaining({ id: first!.id, status: 'PROPOSED', amountKobo: RATE }),
    ]);
  });

  it('leaves a charge the customer answered, or the transporter withdrew, as it is', async () => {
    const answered = await readyTrip();
    await loadAfter(answered.trip.id, 210);
    const [charge] = await chargesOf(answered.invoice.id);
    const res = await call(
      t.app,
      'POST',
      `/api/v1/invoices/${answered.invoice.id}/charges/${charge!.id}/dispute`,
      { note: 'The gate was closed for a holiday' },
      { token: w.customer.accessToken },
    );
    expect(res.status).toBe(200);
    await reloadAfter(answered.trip.id, 500);
    expect(await chargesOf(answered.invoice.id)).toEqual([
      expect.objectContaining({ id: charge!.id, status: 'DISPUTED', amountKobo: 2 * RATE }),
    ]);

    const dropped = await readyTrip();
    await loadAfter(dropped.trip.id, 210);
    const [proposal] = await chargesOf(dropped.invoice.id);
    await call(
      t.app,
      'POST',
      `/api/v1/invoices/${dropped.invoice.id}/charges/${proposal!.id}/withdraw`,
      undefined,
      { token: w.transporter.accessToken },
    );
    await reloadAfter(dropped.trip.id, 500);
    expect(await chargesOf(dropped.invoice.id)).toEqual([
      expect.objectContaining({ id: proposal!.id, status: 'WITHDRAWN', amountKobo: 2 * RATE }),
    ]);
  });
});
