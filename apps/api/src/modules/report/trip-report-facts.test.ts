import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, invoices, tripDocuments, trips, tripStatusLogs } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { recordStep } from '../trip/trip.repository';
import {
  stepTimesOf,
  tripsOf,
  tripStepsWorld,
  type CustomerTrip,
  type TripStepsWorld,
} from '../../test/trip-steps-world';

type Invoice = typeof invoices.$inferSelect;

/** What the trip's own row should say, computed in JS from its logs, issues, documents, load and invoice. */
function expectedFacts(c: CustomerTrip, invoiceOf: Map<string, Invoice>) {
  const { deliveredLog: _, ...steps } = stepTimesOf(c);
  const invoice = invoiceOf.get(c.trip.id);
  return {
    ...steps,
    issueCount: c.issues.length,
    documentKinds: [...new Set(c.documents.map((d) => d.kind))].sort(),
    weightKg: c.consignment?.weightKg ?? null,
    outstandingKobo: invoice?.status === 'PENDING_PAYMENT' ? invoice.amountKobo : 0,
  };
}

function storedFacts(c: CustomerTrip) {
  const t = c.trip;
  return {
    startedAt: t.startedAt,
    arrivedPickupAt: t.arrivedPickupAt,
    arrivedPickupBy: t.arrivedPickupBy,
    loadedAt: t.loadedAt,
    arrivedDeliveryAt: t.arrivedDeliveryAt,
    deliveredAt: t.deliveredAt,
    emptyDroppedAt: t.emptyDroppedAt,
    issueCount: t.issueCount,
    documentKinds: [...t.documentKinds].sort(),
    weightKg: t.weightKg,
    outstandingKobo: t.outstandingKobo,
  };
}

async function expectFactsKept(t: TestApp, companyId: string) {
  const list = await tripsOf(t, companyId);
  expect(list.length).toBeGreaterThan(0);
  const invoiceOf = new Map((await t.ctx.db.select().from(invoices)).map((i) => [i.tripId, i]));
  for (const c of list)
    expect({ trip: c.trip.tripNumber, ...storedFacts(c) }).toEqual({
      trip: c.trip.tripNumber,
      ...expectedFacts(c, invoiceOf),
    });
  return list;
}

describe("a trip's report facts (migration 0016)", () => {
  let t: TestApp;
  let w: TripStepsWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripStepsWorld(t);
  });
  afterAll(() => t.close());

  it('equal its live logs, its issues and its documents after moves, undos, backdating, issues and uploads', async () => {
    const list = await expectFactsKept(t, w.customer.company.id);
    // The world holds the cases the triggers must get right, so the comparison above is not vacuous.
    expect(list.some((c) => c.logs.some((l) => l.undoneAt !== null))).toBe(true);
    expect(list.some((c) => c.trip.arrivedPickupBy !== null)).toBe(true);
    expect(list.some((c) => c.trip.issueCount > 1)).toBe(true);
    expect(list.some((c) => c.trip.documentKinds.length > 1)).toBe(true);
    expect(list.some((c) => c.trip.weightKg !== null)).toBe(true);
    expect(list.some((c) => c.trip.outstandingKobo > 0)).toBe(true);
    expect(list.some((c) => c.trip.outstandingKobo === 0)).toBe(true);
    await expectFactsKept(t, w.otherCustomer.company.id);
  });

  it('follow a document taken off the trip, an invoice paid, a load reweighed, and a log undone outside the API', async () => {
    const [withDocuments] = (await t.ctx.db.select().from(tripDocuments).limit(1)).map((d) => d);
    expect(withDocuments).toBeDefined();
    const res = await call(t.app, 'DELETE', `/api/v1/trips/documents/${withDocuments!.id}`, undefined, {
      token: w.admin.accessToken,
    });
    expect([200, 204]).toContain(res.status);
    const [delivered] = await t.ctx.db
      .select()
      .from(tripStatusLogs)
      .where(sql`${tripStatusLogs.status} = 'DELIVERED' AND ${tripStatusLogs.undoneAt} IS NULL`)
      .limit(1);
    expect(delivered).toBeDefined();
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ undoneAt: new Date() })
      .where(eq(tripStatusLogs.id, delivered!.id));
    const [after] = await t.ctx.db.select().from(trips).where(eq(trips.id, delivered!.tripId));
    expect(after!.deliveredAt).toBeNull();
    const [pending] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.status, 'PENDING_PAYMENT'))
      .limit(1);
    await t.ctx.db
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(eq(invoices.id, pending!.id));
    const [paid] = await t.ctx.db.select().from(trips).where(eq(trips.id, pending!.tripId));
    expect(paid!.outstandingKobo).toBe(0);
    await t.ctx.db
      .update(consignments)
      .set({ weightKg: 12_345 })
      .where(eq(consignments.tripId, pending!.tripId));
    const [reweighed] = await t.ctx.db.select().from(trips).where(eq(trips.id, pending!.tripId));
    expect(reweighed!.weightKg).toBe(12_345);
    await expectFactsKept(t, w.customer.company.id);
    await expectFactsKept(t, w.otherCustomer.company.id);
  });

  it('are set by the move itself, with the triggers off: a first step fills its time, a later one keeps it', async () => {
    const [trip] = await t.ctx.db
      .select()
      .from(trips)
      .where(sql`${trips.arrivedPickupAt} IS NULL AND ${trips.cancelledAt} IS NULL`)
      .limit(1);
    expect(trip).toBeDefined();
    const first = new Date(Date.now() - 60_000);
    const later = new Date();
    const rolledBack = new Error('rolled back');
    const seen = await t.ctx.db
      .transaction(async (tx) => {
        // The facts' triggers are ordinary ones: with them off, only recordStep's own update can set the time.
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        // The later log is written undone: a trip holds one live log of a step (trip_status_logs_live_uq).
        const step = (at: Date, recordedBy: 'GEOFENCE' | 'DRIVER_PHONE') =>
          recordStep(
            tx,
            {
              tripId: trip!.id,
              status: 'AT_PICKUP_LOCATION',
              at,
              recordedBy,
              undoneAt: at === later ? at : null,
            },
            { latestStatusAt: at },
          );
        await step(first, 'GEOFENCE');
        await step(later, 'DRIVER_PHONE');
        const [row] = await tx.select().from(trips).where(eq(trips.id, trip!.id));
        throw Object.assign(rolledBack, { row });
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
        return (error as Error & { row: typeof trips.$inferSelect }).row;
      });
    expect(seen.arrivedPickupAt).toEqual(first);
    expect(seen.arrivedPickupBy).toBe('GEOFENCE');
  });

  it('follow steps written outside the API: a step not done yet, and an earlier arrival than the recorded one', async () => {
    const [arrival] = await t.ctx.db
      .select()
      .from(tripStatusLogs)
      .where(sql`${tripStatusLogs.status} = 'AT_PICKUP_LOCATION' AND ${tripStatusLogs.undoneAt} IS NULL`)
      .limit(1);
    expect(arrival).toBeDefined();
    // The recorded arrival is taken back and an earlier one by the geofence written in its place: the
    // step time moves earlier and says who recorded it.
    const earlier = new Date(arrival!.at.getTime() - 3_600_000);
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(tripStatusLogs).set({ undoneAt: new Date() }).where(eq(tripStatusLogs.id, arrival!.id));
      await tx.insert(tripStatusLogs).values({
        tripId: arrival!.tripId,
        status: 'AT_PICKUP_LOCATION',
        at: earlier,
        recordedBy: 'GEOFENCE',
      });
    });
    const [moved] = await t.ctx.db.select().from(trips).where(eq(trips.id, arrival!.tripId));
    expect(moved!.arrivedPickupAt).toEqual(earlier);
    expect(moved!.arrivedPickupBy).toBe('GEOFENCE');

    const [notLoaded] = await t.ctx.db
      .select()
      .from(trips)
      .where(
        sql`${trips.startedAt} IS NOT NULL AND ${trips.loadedAt} IS NULL AND ${trips.cancelledAt} IS NULL`,
      )
      .limit(1);
    expect(notLoaded).toBeDefined();
    const loadedAt = new Date();
    await t.ctx.db.insert(tripStatusLogs).values({ tripId: notLoaded!.id, status: 'LOADED', at: loadedAt });
    const [loaded] = await t.ctx.db.select().from(trips).where(eq(trips.id, notLoaded!.id));
    expect(loaded!.loadedAt).toEqual(loadedAt);
    await expectFactsKept(t, w.customer.company.id);
    await expectFactsKept(t, w.otherCustomer.company.id);
  });
});
