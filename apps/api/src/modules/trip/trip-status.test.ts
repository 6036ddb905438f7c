import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_TYPES, tripTimeline, type CargoType } from '@freightlane/domain';
import { auditLog, tripStatusLogs, trips } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { containerRows, generalCargoRow } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const APAPA = { state: 'Lagos', lga: 'Apapa', description: 'Tin Can Island Port, gate 2' };

describe('trip status', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const move = (tripId: string, body: unknown, token = w.transporter.accessToken) =>
    call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, { token });
  const undo = (tripId: string, body: unknown, token = w.admin.accessToken) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/status/undo`, body, { token });
  const liveLogs = (tripId: string) =>
    t.ctx.db
      .select()
      .from(tripStatusLogs)
      .where(and(eq(tripStatusLogs.tripId, tripId), isNull(tripStatusLogs.undoneAt)));
  /** The code the customer passes to the consignee, read the way the customer reads it. */
  const handoverCode = async (tripId: string) => (await w.detail(tripId)).handover.code as string;
  const wrongCodeFor = async (tripId: string) => {
    const right = (await w.tripRow(tripId)).handoverCode;
    return right === '000000' ? '111111' : '000000';
  };

  /** A fresh trip of customer × transporter with a truck and driver on it. */
  async function readyTrip(overrides: Record<string, unknown> = {}) {
    const trip = await w.newTrip(overrides);
    await w.assignFleet(trip.id);
    return trip;
  }

  describe('walking every cargo type to completion', () => {
    const ordersOf: Record<CargoType, () => Record<string, unknown>> = {
      IMPORT_SHIPPER_OWNED: () => ({ cargoType: 'IMPORT_SHIPPER_OWNED' }),
      IMPORT_LINER_OWNED: () => ({ cargoType: 'IMPORT_LINER_OWNED' }),
      EMPTY_CONTAINER: () => ({ cargoType: 'EMPTY_CONTAINER' }),
      EXPORT: () => ({ cargoType: 'EXPORT' }),
      GENERAL_CARGO: () => ({
        cargoType: 'GENERAL_CARGO',
        containers: [],
        generalCargos: [generalCargoRow()],
      }),
    };

    it.each(CARGO_TYPES)('%s goes through its whole timeline', async (cargoType) => {
      const trip = await readyTrip(ordersOf[cargoType]());
      const walk = tripTimeline(cargoType);
      expect((await w.detail(trip.id, w.transporter.accessToken)).allowedNextStatuses).toEqual(['STARTED']);

      for (const [i, tripStatus] of walk.entries()) {
        const body =
          tripStatus === 'DELIVERED'
            ? { tripStatus, handoverCode: await handoverCode(trip.id), note: 'Received by the storekeeper' }
            : { tripStatus, location: APAPA };
        const token = i % 2 === 0 ? w.transporter.accessToken : w.fleetManager.accessToken;
        const res = await move(trip.id, body, token);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const last = i === walk.length - 1;
        expect(res.body).toMatchObject({
          id: trip.id,
          cargoType,
          latestTripStatus: { tripStatus },
          completed: last,
          allowedNextStatuses: last ? [] : [walk[i + 1]],
        });
        expect(res.body.tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus)).toEqual(
          walk.slice(0, i + 1),
        );
      }

      const done = await w.detail(trip.id, w.transporter.accessToken);
      expect(done.completed).toBe(true);
      expect(done.actions).toEqual([]);
      expect(done.currentLocation).toEqual({
        state: 'Lagos',
        lga: 'Apapa',
        description: 'Tin Can Island Port, gate 2',
      });
      expect(done.tripStatusLogs[0]).toMatchObject({
        tripStatus: 'STARTED',
        location: APAPA,
        note: null,
        changedBy: 'Kemi User (Agege Haulage Ltd)',
        handoverOverrideReason: null,
      });
      expect(done.tripStatusLogs[1].changedBy).toBe('Bola Adeyemi (Agege Haulage Ltd)');
      expect(
        done.tripStatusLogs.find((l: { tripStatus: string }) => l.tripStatus === 'DELIVERED'),
      ).toMatchObject({ note: 'Received by the storekeeper', location: null });
      const row = await w.tripRow(trip.id);
      expect(row).toMatchObject({ completed: true, latestStatus: walk[walk.length - 1] });

      // A completed trip takes no further step.
      const more = await move(trip.id, { tripStatus: 'EMPTY_DROP_OFF' });
      expect(more.status).toBe(409);
      expect(more.body.allowedNextStatuses).toEqual([]);
    });
  });

  it('writes an audit row per step', async () => {
    const trip = await readyTrip();
    await w.walkTo(trip.id, 'AT_PICKUP_LOCATION');
    const rows = await w.audits(trip.id, 'trip.status_changed');
    expect(rows.map((r) => (r.data as { to: string }).to).sort()).toEqual(['AT_PICKUP_LOCATION', 'STARTED']);
    expect(rows.find((r) => (r.data as { to: string }).to === 'AT_PICKUP_LOCATION')).toMatchObject({
      actorUserId: w.transporter.user.id,
      companyId: w.transporter.company.id,
      data: { tripNumber: trip.tripNumber, from: 'STARTED' },
    });
  });

  describe('refusals', () => {
    it('refuses a skipped or off-timeline step with the statuses it allows', async () => {
      const trip = await readyTrip({ cargoType: 'EXPORT' });
      const skip = await move(trip.id, { tripStatus: 'LOADED' });
      expect(skip.status).toBe(409);
      expect(skip.body).toMatchObject({
        code: 'CONFLICT',
        message: 'This trip has not started; it can only move to Trip Started',
        allowedNextStatuses: ['STARTED'],
      });
      await w.walkTo(trip.id, 'STARTED');
      const offTimeline = await move(trip.id, { tripStatus: 'AT_PICKUP_LOCATION' });
      expect(offTimeline.status).toBe(409);
      expect(offTimeline.body).toMatchObject({
        message: 'This trip is at Trip Started; it can only move to At Warehouse Location',
        allowedNextStatuses: ['AT_WAREHOUSE_LOCATION'],
      });
      const again = await move(trip.id, { tripStatus: 'STARTED' });
      expect(again.status).toBe(409);
      expect(again.body.allowedNextStatuses).toEqual(['AT_WAREHOUSE_LOCATION']);
      expect(await liveLogs(trip.id)).toHaveLength(1);
    });

    it('refuses to start a trip without a truck and a driver', async () => {
      const trip = await w.newTrip();
      const res = await move(trip.id, { tripStatus: 'STARTED' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Assign a truck and a driver before starting the trip');
      expect((await w.tripRow(trip.id)).latestStatus).toBeNull();
      expect(await liveLogs(trip.id)).toHaveLength(0);

      await w.assignFleet(trip.id);
      await t.ctx.db.update(trips).set({ driverId: null }).where(eq(trips.id, trip.id));
      expect((await move(trip.id, { tripStatus: 'STARTED' })).status).toBe(409);
    });

    it('answers 403 to the customer, 404 for another company, 401 without a session', async () => {
      const trip = await readyTrip();
      const asCustomer = await move(trip.id, { tripStatus: 'STARTED' }, w.customer.accessToken);
      expect(asCustomer.status).toBe(403);
      const asOtherTransporter = await move(
        trip.id,
        { tripStatus: 'STARTED' },
        w.otherTransporter.accessToken,
      );
      expect(asOtherTransporter.status).toBe(404);
      expect(asOtherTransporter.body.message).toBe('Trip not found');
      expect((await move(randomUUID(), { tripStatus: 'STARTED' })).status).toBe(404);
      expect(
        (await call(t.app, 'PATCH', `/api/v1/trips/${trip.id}/status`, { tripStatus: 'STARTED' })).status,
      ).toBe(401);
      expect(await liveLogs(trip.id)).toHaveLength(0);
    });

    it.each([
      [{ tripStatus: 'FLYING' }, 'tripStatus'],
      [{}, 'tripStatus'],
      [{ tripStatus: 'STARTED', location: { state: 'Lagos', lga: 'Kano Municipal' } }, 'location.lga'],
      [{ tripStatus: 'STARTED', extra: true }, 'extra'],
      [{ tripStatus: 'DELIVERED', handoverCode: '12ab56' }, 'handoverCode'],
      [{ tripStatus: 'STARTED', handoverCode: '123456' }, 'handoverCode'],
    ])('answers 400 for %j', async (body, field) => {
      const trip = await readyTrip();
      const res = await move(trip.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
    });

    it('answers 400 for a malformed trip id', async () => {
      const res = await move('not-a-uuid', { tripStatus: 'STARTED' });
      expect(res.status).toBe(400);
    });

    it('refuses any move on a cancelled trip', async () => {
      const trip = await readyTrip();
      await setTripState(t, [trip.id], { cancelled: true });
      const res = await move(trip.id, { tripStatus: 'STARTED' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This trip was cancelled; it takes no further change');
      expect((await move(trip.id, { tripStatus: 'STARTED' }, w.admin.accessToken)).status).toBe(409);
    });

    it('maps a racing duplicate log to the same 409', async () => {
      const trip = await readyTrip();
      await w.walkTo(trip.id, 'STARTED');
      // A log written behind the service's back, as a racing request that got past the lock would.
      await t.ctx.db.insert(tripStatusLogs).values({ tripId: trip.id, status: 'AT_PICKUP_LOCATION' });
      const res = await move(trip.id, { tripStatus: 'AT_PICKUP_LOCATION' });
      expect(res.status).toBe(409);
      expect(res.body.allowedNextStatuses).toEqual(['AT_PICKUP_LOCATION']);
    });
  });

  describe('handover code', () => {
    it('shows the code to the customer and admins, never to the transporter', async () => {
      const trip = await readyTrip();
      const code = (await w.tripRow(trip.id)).handoverCode;
      expect(code).toMatch(/^\d{6}$/);
      expect((await w.detail(trip.id, w.customer.accessToken)).handover).toEqual({ code, lockedUntil: null });
      expect((await w.detail(trip.id, w.admin.accessToken)).handover.code).toBe(code);
      expect((await w.detail(trip.id, w.transporter.accessToken)).handover.code).toBeNull();
      expect((await w.detail(trip.id, w.fleetManager.accessToken)).handover.code).toBeNull();
    });

    it('counts wrong codes, locks after five, refuses even the right code while locked', async () => {
      const trip = await readyTrip();
      await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
      const wrong = await wrongCodeFor(trip.id);

      const missing = await move(trip.id, { tripStatus: 'DELIVERED' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([
        { field: 'handoverCode', message: 'Enter the 6-digit handover code' },
      ]);

      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const res = await move(trip.id, { tripStatus: 'DELIVERED', handoverCode: wrong });
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('UNPROCESSABLE');
        const left = 5 - attempt;
        expect(res.body.message).toBe(
          `The handover code is wrong; ${left} ${left === 1 ? 'try' : 'tries'} left`,
        );
        // The try is counted although the request failed.
        expect((await w.tripRow(trip.id)).handoverFailedAttempts).toBe(attempt);
      }
      const before = Date.now();
      const fifth = await move(trip.id, { tripStatus: 'DELIVERED', handoverCode: wrong });
      expect(fifth.status).toBe(422);
      expect(fifth.body.message).toBe('The handover code was wrong 5 times; try again in 15 minutes');
      const lockedUntil = new Date(fifth.body.lockedUntil).getTime();
      expect(lockedUntil).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
      expect(lockedUntil).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
      const locked = await w.tripRow(trip.id);
      expect(locked.handoverFailedAttempts).toBe(0);
      expect(locked.handoverLockedUntil?.toISOString()).toBe(fifth.body.lockedUntil);
      expect((await w.detail(trip.id, w.transporter.accessToken)).handover).toEqual({
        code: null,
        lockedUntil: fifth.body.lockedUntil,
      });

      const rightWhileLocked = await move(trip.id, {
        tripStatus: 'DELIVERED',
        handoverCode: await handoverCode(trip.id),
      });
      expect(rightWhileLocked.status).toBe(422);
      expect(rightWhileLocked.body.lockedUntil).toBe(fifth.body.lockedUntil);
      expect(rightWhileLocked.body.message).toMatch(
        /^Too many wrong handover codes; try again in 1[45] minutes$/,
      );
      expect((await w.tripRow(trip.id)).latestStatus).toBe('AT_DELIVERY_LOCATION');

      await t.ctx.db
        .update(trips)
        .set({ handoverLockedUntil: new Date(Date.now() - 1000) })
        .where(eq(trips.id, trip.id));
      const accepted = await move(trip.id, {
        tripStatus: 'DELIVERED',
        handoverCode: await handoverCode(trip.id),
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.latestTripStatus.tripStatus).toBe('DELIVERED');
      expect(accepted.body.handover.lockedUntil).toBeNull();
      expect(await w.tripRow(trip.id)).toMatchObject({
        handoverFailedAttempts: 0,
        handoverLockedUntil: null,
      });
      const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, trip.id));
      expect(audits.filter((a) => a.action === 'trip.handover_code_failed')).toHaveLength(4);
      expect(audits.filter((a) => a.action === 'trip.handover_locked')).toHaveLength(1);
    });

    it('lets an admin record the delivery with an override reason instead of the code', async () => {
      const trip = await readyTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
      await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
      const reason = 'Consignee lost the code; delivery confirmed by phone with the warehouse manager';

      const notAdmin = await move(trip.id, { tripStatus: 'DELIVERED', overrideReason: reason });
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.body.message).toBe('Only an admin can record a delivery without the handover code');
      const both = await move(
        trip.id,
        { tripStatus: 'DELIVERED', overrideReason: reason, handoverCode: '123456' },
        w.admin.accessToken,
      );
      expect(both.status).toBe(400);

      const res = await move(
        trip.id,
        { tripStatus: 'DELIVERED', overrideReason: reason },
        w.admin.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body.completed).toBe(true);
      const delivered = res.body.tripStatusLogs.at(-1);
      expect(delivered).toMatchObject({
        tripStatus: 'DELIVERED',
        handoverOverrideReason: reason,
        changedBy: 'Kemi User (Freightlane Ops)',
      });
    });
  });

  describe('concurrency', () => {
    it('lets exactly one of five racing requests for the same step through', async () => {
      const trip = await readyTrip();
      await w.walkTo(trip.id, 'STARTED');
      const results = await Promise.all(
        Array.from({ length: 5 }, () => move(trip.id, { tripStatus: 'AT_PICKUP_LOCATION' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const refused of results.filter((r) => r.status === 409)) {
        expect(refused.body.allowedNextStatuses).toEqual(['LOADED']);
      }
      const logs = await liveLogs(trip.id);
      expect(logs.filter((l) => l.status === 'AT_PICKUP_LOCATION')).toHaveLength(1);
      expect(logs).toHaveLength(2);
    });

    it('never skips a step when different steps race', async () => {
      const trip = await readyTrip();
      await w.walkTo(trip.id, 'STARTED');
      const results = await Promise.all([
        move(trip.id, { tripStatus: 'AT_PICKUP_LOCATION' }),
        move(trip.id, { tripStatus: 'AT_DELIVERY_LOCATION' }),
        move(trip.id, { tripStatus: 'LOADED' }),
        move(trip.id, { tripStatus: 'AT_PICKUP_LOCATION' }),
      ]);
      // Any order of the four is possible (even pickup, loaded, delivery all succeeding in turn), so what
      // must hold is that the steps written are the timeline without a gap, each once.
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const moved = results.filter((r) => r.status === 200).map((r) => r.body.latestTripStatus.tripStatus);
      const logs = (await w.detail(trip.id)).tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus);
      // Whatever order they ran in, the log is the timeline without a gap.
      expect(logs).toEqual(tripTimeline('IMPORT_LINER_OWNED').slice(0, logs.length));
      expect(logs.slice(1).sort()).toEqual([...moved].sort());
      expect(moved.filter((s) => s === 'AT_PICKUP_LOCATION')).toHaveLength(1);
    });
  });

  describe('undo', () => {
    it('takes back DELIVERED: the trip is at the delivery location again and not completed', async () => {
      const trip = await readyTrip({ cargoType: 'EMPTY_CONTAINER' });
      await w.walkTo(trip.id, 'DELIVERED');
      expect((await w.tripRow(trip.id)).completed).toBe(true);

      const byTransporter = await undo(trip.id, { reason: 'Wrong button' }, w.transporter.accessToken);
      expect(byTransporter.status).toBe(403);
      expect((await undo(trip.id, { reason: 'x' })).status).toBe(400);

      const res = await undo(trip.id, { reason: 'Driver pressed Delivered at the gate, not at the store' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        latestTripStatus: { tripStatus: 'AT_DELIVERY_LOCATION' },
        completed: false,
        allowedNextStatuses: ['DELIVERED'],
      });
      expect(res.body.actions).toContain('UNDO_STATUS');
      expect(res.body.tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus)).toEqual([
        'STARTED',
        'AT_PICKUP_LOCATION',
        'LOADED',
        'AT_DELIVERY_LOCATION',
      ]);
      const [undone] = await t.ctx.db
        .select()
        .from(tripStatusLogs)
        .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'DELIVERED')));
      expect(undone).toMatchObject({
        undoneByUserId: w.admin.user.id,
        undoReason: 'Driver pressed Delivered at the gate, not at the store',
      });
      expect(undone!.undoneAt).toBeInstanceOf(Date);
      const row = await w.tripRow(trip.id);
      expect(row).toMatchObject({ latestStatus: 'AT_DELIVERY_LOCATION', completed: false });
      const [delivery] = await liveLogs(trip.id).then((logs) =>
        logs.filter((l) => l.status === 'AT_DELIVERY_LOCATION'),
      );
      expect(row.latestStatusAt?.toISOString()).toBe(delivery!.at.toISOString());
      const [audit] = await w.audits(trip.id, 'trip.status_undone');
      expect(audit).toMatchObject({
        actorUserId: w.admin.user.id,
        data: { undone: 'DELIVERED', backTo: 'AT_DELIVERY_LOCATION' },
      });

      // The step can be taken again.
      await w.walkTo(trip.id, 'DELIVERED');
      expect((await w.tripRow(trip.id)).completed).toBe(true);
    });

    it('takes a trip back to no status, then has nothing left to undo', async () => {
      const trip = await readyTrip();
      await w.walkTo(trip.id, 'STARTED');
      const res = await undo(trip.id, { reason: 'Started by mistake' });
      expect(res.status).toBe(200);
      expect(res.body.latestTripStatus).toBeNull();
      expect(res.body.tripStatusLogs).toEqual([]);
      expect(await w.tripRow(trip.id)).toMatchObject({ latestStatus: null, latestStatusAt: null });
      const nothing = await undo(trip.id, { reason: 'Again' });
      expect(nothing.status).toBe(409);
      expect(nothing.body.message).toBe('This trip has no status to undo');
    });

    it('refuses to undo on a cancelled trip, and answers 404 for an unknown one', async () => {
      const trip = await readyTrip();
      await w.walkTo(trip.id, 'STARTED');
      await setTripState(t, [trip.id], { cancelled: true });
      expect((await undo(trip.id, { reason: 'Reopen it' })).status).toBe(409);
      expect((await undo(randomUUID(), { reason: 'Reopen it' })).status).toBe(404);
      expect((await undo(trip.id, { reason: 'Reopen it' }, w.customer.accessToken)).status).toBe(403);
      expect(
        (await call(t.app, 'POST', `/api/v1/trips/${trip.id}/status/undo`, { reason: 'Reopen' })).status,
      ).toBe(401);
    });
  });

  it('keeps another company out of a trip in both directions', async () => {
    const theirs = await w.tripOfOthers();
    await w.assignFleet(theirs.id);
    expect((await move(theirs.id, { tripStatus: 'STARTED' })).status).toBe(404);
    expect((await move(theirs.id, { tripStatus: 'STARTED' }, w.fleetManager.accessToken)).status).toBe(404);
    const mine = await readyTrip({ containers: containerRows(1, w.linerId) });
    expect((await move(mine.id, { tripStatus: 'STARTED' }, w.otherTransporter.accessToken)).status).toBe(404);
    expect((await move(theirs.id, { tripStatus: 'STARTED' }, w.otherTransporter.accessToken)).status).toBe(
      200,
    );
  });
});
