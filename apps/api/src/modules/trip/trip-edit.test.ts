import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripNotes } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { lagosDate } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

describe('PATCH /api/v1/trips/{id}: notes and expected delivery date', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const edit = (tripId: string, body: unknown, token: string) =>
    call(t.app, 'PATCH', `/api/v1/trips/${tripId}`, body, { token });
  const notesSeenBy = async (tripId: string, token: string) =>
    (await w.detail(tripId, token)).notes as Record<string, unknown>[];

  it('keeps one note per side, each side writing its own, and shows all of them to every party', async () => {
    const trip = await w.newTrip();
    const byCustomer = await edit(
      trip.id,
      { note: 'Gate closes at 6 pm; call Mr Okafor.' },
      w.customer.accessToken,
    );
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.notes).toEqual([
      {
        id: expect.any(String),
        side: 'CUSTOMER',
        isAdminNote: false,
        note: 'Gate closes at 6 pm; call Mr Okafor.',
        updatedBy: 'Kemi User (Lekki Foods Ltd)',
        updatedAt: expect.any(String),
      },
    ]);
    expect(
      (await edit(trip.id, { note: 'Truck leaves Orile at 5 am.' }, w.transporter.accessToken)).status,
    ).toBe(200);
    expect(
      (await edit(trip.id, { note: '  Customer asked for a call before loading.  ' }, w.admin.accessToken))
        .status,
    ).toBe(200);

    const expected = [
      { side: 'CUSTOMER', isAdminNote: false, note: 'Gate closes at 6 pm; call Mr Okafor.' },
      {
        side: 'TRANSPORTER',
        isAdminNote: false,
        note: 'Truck leaves Orile at 5 am.',
        updatedBy: 'Kemi User (Agege Haulage Ltd)',
      },
      {
        side: 'ADMIN',
        isAdminNote: true,
        note: 'Customer asked for a call before loading.',
        updatedBy: 'Kemi User (Freightlane Ops)',
      },
    ];
    for (const token of [
      w.customer.accessToken,
      w.transporter.accessToken,
      w.fleetManager.accessToken,
      w.admin.accessToken,
    ]) {
      expect(await notesSeenBy(trip.id, token)).toMatchObject(expected);
    }

    // The fleet manager writes on the transporter's side: the same note, replaced.
    const replaced = await edit(trip.id, { note: 'Truck leaves Orile at 4 am.' }, w.fleetManager.accessToken);
    expect(replaced.status).toBe(200);
    expect(replaced.body.notes[1]).toMatchObject({
      side: 'TRANSPORTER',
      note: 'Truck leaves Orile at 4 am.',
      updatedBy: 'Bola Adeyemi (Agege Haulage Ltd)',
    });
    const rows = await t.ctx.db.select().from(tripNotes).where(eq(tripNotes.tripId, trip.id));
    expect(rows).toHaveLength(3);

    const audits = await w.audits(trip.id, 'trip.note_saved');
    expect(audits.map((a) => (a.data as { side: string }).side).sort()).toEqual([
      'ADMIN',
      'CUSTOMER',
      'TRANSPORTER',
      'TRANSPORTER',
    ]);
  });

  it('removes the side’s note when it is saved empty, leaving the others', async () => {
    const trip = await w.newTrip();
    await edit(trip.id, { note: 'Customer side' }, w.customer.accessToken);
    await edit(trip.id, { note: 'Transporter side' }, w.transporter.accessToken);
    const res = await edit(trip.id, { note: '   ' }, w.customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.notes).toMatchObject([{ side: 'TRANSPORTER', note: 'Transporter side' }]);
    expect(await notesSeenBy(trip.id, w.customer.accessToken)).toHaveLength(1);
    const [audit] = await w.audits(trip.id, 'trip.note_deleted');
    expect(audit).toMatchObject({ actorUserId: w.customer.user.id, data: { side: 'CUSTOMER' } });
  });

  it('lets the transporter side set and clear the expected delivery date, not before pickup', async () => {
    const trip = await w.newTrip();
    const { pickupDate } = await w.tripRow(trip.id);
    const date = lagosDate(5);
    const set = await edit(trip.id, { expectedDeliveryDate: date }, w.transporter.accessToken);
    expect(set.status).toBe(200);
    expect(set.body.expectedDeliveryDate).toBe(date);
    expect(set.body.actions).toContain('SET_EXPECTED_DELIVERY');

    const early = await edit(trip.id, { expectedDeliveryDate: lagosDate(1) }, w.fleetManager.accessToken);
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual([
      {
        field: 'expectedDeliveryDate',
        message: `The expected delivery date cannot be before the pickup date (${pickupDate})`,
      },
    ]);
    const sameDay = await edit(trip.id, { expectedDeliveryDate: pickupDate }, w.admin.accessToken);
    expect(sameDay.status).toBe(200);
    expect(sameDay.body.expectedDeliveryDate).toBe(pickupDate);

    const byCustomer = await edit(trip.id, { expectedDeliveryDate: date }, w.customer.accessToken);
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body.message).toBe('Only the transporter can set the expected delivery date');
    // A refused request changes nothing, its note included.
    const mixed = await edit(trip.id, { note: 'Hello', expectedDeliveryDate: date }, w.customer.accessToken);
    expect(mixed.status).toBe(403);
    expect(await notesSeenBy(trip.id, w.customer.accessToken)).toEqual([]);

    const cleared = await edit(trip.id, { expectedDeliveryDate: null }, w.transporter.accessToken);
    expect(cleared.status).toBe(200);
    expect(cleared.body.expectedDeliveryDate).toBeNull();

    await setTripState(t, [trip.id], { latestStatus: 'DELIVERED', completed: true });
    const done = await edit(trip.id, { expectedDeliveryDate: date }, w.transporter.accessToken);
    expect(done.status).toBe(409);
    // Notes stay open after completion.
    expect((await edit(trip.id, { note: 'Delivered in good order' }, w.customer.accessToken)).status).toBe(
      200,
    );
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['a note over 2000 characters', { note: 'x'.repeat(2001) }, 'note'],
    ['a note that is not text', { note: 42 }, 'note'],
    ['a date that is not YYYY-MM-DD', { expectedDeliveryDate: '05/01/2026' }, 'expectedDeliveryDate'],
    ['an unknown field', { note: 'ok', colour: 'red' }, 'colour'],
  ])('answers 400 for %s', async (_label, body, field) => {
    const trip = await w.newTrip();
    const res = await edit(trip.id, body, w.customer.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
  });

  it('answers 400 for a malformed id, 401 without a session and 404 for another company’s trip', async () => {
    const trip = await w.newTrip();
    expect((await edit('42', { note: 'x' }, w.customer.accessToken)).status).toBe(400);
    expect((await call(t.app, 'PATCH', `/api/v1/trips/${trip.id}`, { note: 'x' })).status).toBe(401);
    for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
      const res = await edit(trip.id, { note: 'Not mine' }, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Trip not found');
    }
    expect((await edit(randomUUID(), { note: 'x' }, w.admin.accessToken)).status).toBe(404);
    expect(await t.ctx.db.select().from(tripNotes).where(eq(tripNotes.tripId, trip.id))).toEqual([]);
  });
});
