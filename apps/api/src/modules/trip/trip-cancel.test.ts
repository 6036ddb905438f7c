import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, trips } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const REASON = 'Consignee shut the warehouse for stock-taking this week';

describe('PATCH /api/v1/trips/cancel', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const cancel = (body: unknown, token: string) =>
    call(t.app, 'PATCH', '/api/v1/trips/cancel', body, { token });
  const rows = (ids: string[]) => t.ctx.db.select().from(trips).where(inArray(trips.id, ids));
  const invoiceStatuses = async (ids: string[]) =>
    (await t.ctx.db.select().from(invoices).where(inArray(invoices.tripId, ids))).map((i) => i.status);
  const expectNothingCancelled = async (ids: string[]) => {
    for (const row of await rows(ids)) expect(row.cancelledAt).toBeNull();
    expect(await invoiceStatuses(ids)).toEqual(ids.map(() => 'PENDING_PAYMENT'));
  };

  it('lets the customer cancel trips before loading: trips marked, invoices void, audit, transporter told', async () => {
    const [a, b, kept] = await w.newTrips(3);
    await setTripState(t, [b!.id], { latestStatus: 'AT_PICKUP_LOCATION' });
    const res = await cancel({ tripIds: [b!.id, a!.id], reason: REASON }, w.customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cancelled: [b!.id, a!.id] });

    for (const row of await rows([a!.id, b!.id])) {
      expect(row).toMatchObject({ cancellationReason: REASON, cancelledByUserId: w.customer.user.id });
      expect(row.cancelledAt).toBeInstanceOf(Date);
    }
    expect((await rows([kept!.id]))[0]!.cancelledAt).toBeNull();
    expect(await invoiceStatuses([a!.id, b!.id])).toEqual(['VOID', 'VOID']);
    expect(await invoiceStatuses([kept!.id])).toEqual(['PENDING_PAYMENT']);

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trip.cancelled'), inArray(auditLog.entityId, [a!.id, b!.id])));
    expect(audits).toHaveLength(2);
    expect(audits.find((r) => r.entityId === b!.id)).toMatchObject({
      actorUserId: w.customer.user.id,
      data: {
        tripNumber: b!.tripNumber,
        side: 'CUSTOMER',
        latestStatus: 'AT_PICKUP_LOCATION',
        reason: REASON,
      },
    });

    const detail = await call(t.app, 'GET', `/api/v1/trips/${a!.id}`, undefined, {
      token: w.transporter.accessToken,
    });
    expect(detail.body).toMatchObject({
      cancelled: true,
      cancellationReason: REASON,
      actions: [],
      allowedNextStatuses: [],
      invoice: { status: 'VOID' },
    });
    expect(detail.body.cancelledAt).toBe((await rows([a!.id]))[0]!.cancelledAt!.toISOString());

    const [mail] = await t.mailsTo(w.transporter.email);
    const numbers = [a!.tripNumber, b!.tripNumber].sort();
    expect(mail?.subject).toMatch(/^TRP-\S+, TRP-\S+: cancelled by Lekki Foods Ltd$/);
    for (const n of numbers) expect(mail?.subject).toContain(n);
    expect(mail?.text).toContain('Lekki Foods Ltd has cancelled trips');
    expect(mail?.text).toContain(`Reason given: ${REASON}`);
    expect((await t.mailsTo(w.customer.email)).filter((m) => m.subject.includes('cancelled'))).toEqual([]);
  });

  it('refuses a cancelled trip any further status change', async () => {
    const [trip] = await w.newTrips(1);
    expect((await cancel({ tripIds: [trip!.id], reason: REASON }, w.transporter.accessToken)).status).toBe(
      200,
    );
    const move = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${trip!.id}/status`,
      { tripStatus: 'STARTED' },
      { token: w.transporter.accessToken },
    );
    expect(move.status).toBe(409);
    expect(move.body.message).toBe('This trip was cancelled; it takes no further change');
    const again = await cancel({ tripIds: [trip!.id], reason: REASON }, w.customer.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This trip is already cancelled');
  });

  it('leaves a loaded trip to an admin, who may cancel it; both parties are told', async () => {
    const [trip] = await w.newTrips(1);
    await setTripState(t, [trip!.id], { latestStatus: 'LOADED' });
    for (const account of [w.transporter, w.customer]) {
      const res = await cancel({ tripIds: [trip!.id], reason: REASON }, account.accessToken);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only an admin can cancel a trip after loading');
    }
    await expectNothingCancelled([trip!.id]);

    const byAdmin = await cancel(
      { tripIds: [trip!.id], reason: 'Truck impounded at Ijora; customer agreed' },
      w.admin.accessToken,
    );
    expect(byAdmin.status).toBe(200);
    expect((await rows([trip!.id]))[0]).toMatchObject({ cancelledByUserId: w.admin.user.id });
    for (const email of [w.customer.email, w.transporter.email]) {
      const [mail] = await t.mailsTo(email);
      expect(mail?.subject).toBe(`${trip!.tripNumber}: cancelled by a Freightlane admin`);
      expect(mail?.text).toContain('A Freightlane admin has cancelled trip');
    }
  });

  it('cancels all or none: one trip that cannot be cancelled keeps the others as they were', async () => {
    const [a, b, loaded] = await w.newTrips(3);
    await setTripState(t, [loaded!.id], { latestStatus: 'LOADED' });
    const ids = [a!.id, b!.id, loaded!.id];
    expect((await cancel({ tripIds: ids, reason: REASON }, w.customer.accessToken)).status).toBe(403);
    await expectNothingCancelled(ids);

    const unknown = await cancel({ tripIds: [a!.id, randomUUID()], reason: REASON }, w.customer.accessToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Trip not found');
    await expectNothingCancelled([a!.id]);

    const [done] = await w.newTrips(1);
    await setTripState(t, [done!.id], { latestStatus: 'DELIVERED', completed: true });
    const completed = await cancel({ tripIds: [a!.id, done!.id], reason: REASON }, w.admin.accessToken);
    expect(completed.status).toBe(409);
    expect(completed.body.message).toBe('A completed trip cannot be cancelled');
    await expectNothingCancelled([a!.id]);
  });

  it('answers 404 for another company’s trip on either side, naming nothing else', async () => {
    const [mine] = await w.newTrips(1);
    const theirs = await w.tripOfOthers();
    for (const token of [w.customer.accessToken, w.transporter.accessToken]) {
      const res = await cancel({ tripIds: [mine!.id, theirs.id], reason: REASON }, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Trip not found', code: 'NOT_FOUND' });
    }
    await expectNothingCancelled([mine!.id, theirs.id]);
    expect(
      (await cancel({ tripIds: [mine!.id], reason: REASON }, w.otherTransporter.accessToken)).status,
    ).toBe(404);
  });

  it('frees the truck for another live trip', async () => {
    const [a, b] = await w.newTrips(2);
    const { truck } = await w.assignFleet(a!.id);
    await expect(
      t.ctx.db.update(trips).set({ truckId: truck.id }).where(eq(trips.id, b!.id)),
    ).rejects.toThrow();
    expect((await cancel({ tripIds: [a!.id], reason: REASON }, w.transporter.accessToken)).status).toBe(200);
    await t.ctx.db.update(trips).set({ truckId: truck.id }).where(eq(trips.id, b!.id));
    expect((await rows([b!.id]))[0]!.truckId).toBe(truck.id);
  });

  it.each([
    ['no trips', { tripIds: [], reason: REASON }, 'tripIds'],
    ['a trip listed twice', 'twice', 'tripIds'],
    ['a malformed id', { tripIds: ['abc'], reason: REASON }, 'tripIds.0'],
    ['no reason', 'noReason', 'reason'],
    ['a reason under 3 characters', 'shortReason', 'reason'],
  ])('answers 400 for %s', async (_label, body, field) => {
    const [trip] = await w.newTrips(1);
    const bodies: Record<string, unknown> = {
      twice: { tripIds: [trip!.id, trip!.id], reason: REASON },
      noReason: { tripIds: [trip!.id] },
      shortReason: { tripIds: [trip!.id], reason: 'no' },
    };
    const res = await cancel(typeof body === 'string' ? bodies[body] : body, w.customer.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(
      `body.${field}`.replace('body.', ''),
    );
    await expectNothingCancelled([trip!.id]);
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'PATCH', '/api/v1/trips/cancel', {
      tripIds: [randomUUID()],
      reason: REASON,
    });
    expect(res.status).toBe(401);
  });
});
