import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripResources } from '@freightlane/domain';
import { eq } from 'drizzle-orm';
import {
  drivers,
  motorBoys,
  tripDocuments,
  tripNotes,
  tripStatusLogs,
  trips,
  trucks,
  tripWatches,
} from '../../db/schema';
import { insertMotorBoy, insertTruck } from '../../test/fleet';
import { call, createTestApp, twoInstances, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the trip page kept per instance until a change it shows commits', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t?.close());

  /** Reads the page twice and checks the second came from memory, so each change below is seen through a kept page. */
  async function keptDetail(tripId: string, token: string) {
    await w.detail(tripId, token);
    const hits = t.ctx.answers.hits;
    const again = await w.detail(tripId, token);
    expect(t.ctx.answers.hits).toBe(hits + 1);
    return again;
  }

  it('shows at once a step, its log, a note and a document, written straight into the database', async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    for (const token of [w.customer.accessToken, w.transporter.accessToken]) {
      await keptDetail(trip.id, token);
    }

    await t.ctx.db
      .update(tripStatusLogs)
      .set({ note: 'Left the yard after the tyre change' })
      .where(eq(tripStatusLogs.tripId, trip.id));
    for (const token of [w.customer.accessToken, w.transporter.accessToken]) {
      const detail = await w.detail(trip.id, token);
      expect(detail.tripStatusLogs.map((l: { note: string }) => l.note)).toContain(
        'Left the yard after the tyre change',
      );
    }

    await keptDetail(trip.id, w.customer.accessToken);
    await t.ctx.db.insert(tripNotes).values({
      tripId: trip.id,
      side: 'TRANSPORTER',
      note: 'Truck fuelled at Ojota',
      updatedByUserId: w.transporter.user.id,
    });
    const noted = await w.detail(trip.id, w.customer.accessToken);
    expect(noted.notes.map((n: { note: string }) => n.note)).toContain('Truck fuelled at Ojota');

    await keptDetail(trip.id, w.customer.accessToken);
    await t.ctx.db.insert(tripDocuments).values({
      tripId: trip.id,
      kind: 'WAYBILL',
      fileName: 'waybill.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1200,
      storageKey: `trip-documents/${trip.id}/waybill.pdf`,
      uploadedByUserId: w.transporter.user.id,
      uploadedByCompanyId: w.transporter.company.id,
    });
    const documented = await w.detail(trip.id, w.customer.accessToken);
    expect(documented.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['waybill.pdf']);
  });

  it('shows at once the truck, the driver or the motor boy edited, to the customer as to the transporter', async () => {
    const trip = await w.newTrip();
    const { truck, driver } = await w.assignFleet(trip.id);
    const motorBoy = await insertMotorBoy(t, w.transporter.company.id);
    await t.ctx.db.update(trips).set({ motorBoyId: motorBoy.id }).where(eq(trips.id, trip.id));
    const edits = [
      {
        edit: () =>
          t.ctx.db.update(trucks).set({ registrationNumber: 'LSD 777 XY' }).where(eq(trucks.id, truck.id)),
        shown: (r: TripResources) => r.truck?.registrationNumber === 'LSD 777 XY',
      },
      {
        edit: () =>
          t.ctx.db.update(drivers).set({ phoneNumber: '+2348099990000' }).where(eq(drivers.id, driver.id)),
        shown: (r: TripResources) => r.driver?.phoneNumber === '+2348099990000',
      },
      {
        edit: () =>
          t.ctx.db
            .update(motorBoys)
            .set({ phoneNumber: '+2348055554444' })
            .where(eq(motorBoys.id, motorBoy.id)),
        shown: (r: TripResources) => r.motorBoy?.phoneNumber === '+2348055554444',
      },
    ];
    // One edit at a time, each seen through pages kept just before it.
    for (const { edit, shown } of edits) {
      for (const token of [w.customer.accessToken, w.transporter.accessToken]) {
        expect(shown((await keptDetail(trip.id, token)).resources)).toBe(false);
      }
      await edit();
      for (const token of [w.customer.accessToken, w.transporter.accessToken]) {
        expect(shown((await w.detail(trip.id, token)).resources)).toBe(true);
      }
    }
  });

  it('shows the transporter an arrival the watch proposes at once, and no re-reading of the watch drops the page', async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    await t.ctx.db.insert(tripWatches).values({ tripId: trip.id });
    expect((await keptDetail(trip.id, w.transporter.accessToken)).arrivalProposal).toBeNull();

    // The watch re-reading the track without a new proposal changes nothing the page shows.
    await t.ctx.db.update(tripWatches).set({ watchedAt: new Date() }).where(eq(tripWatches.tripId, trip.id));
    const hits = t.ctx.answers.hits;
    await w.detail(trip.id, w.transporter.accessToken);
    expect(t.ctx.answers.hits).toBe(hits + 1);

    const at = new Date();
    await t.ctx.db
      .update(tripWatches)
      .set({ proposedStatus: 'AT_PICKUP_LOCATION', proposedAt: at })
      .where(eq(tripWatches.tripId, trip.id));
    expect((await w.detail(trip.id, w.transporter.accessToken)).arrivalProposal).toEqual({
      status: 'AT_PICKUP_LOCATION',
      at: at.toISOString(),
    });
  });

  it('lets a handover lock end by the clock', async () => {
    const trip = await w.newTrip();
    await t.ctx.db
      .update(trips)
      .set({ handoverLockedUntil: new Date(Date.now() + 1500) })
      .where(eq(trips.id, trip.id));
    expect((await keptDetail(trip.id, w.customer.accessToken)).handover.lockedUntil).not.toBeNull();
    await pause(1600);
    expect((await w.detail(trip.id, w.customer.accessToken)).handover.lockedUntil).toBeNull();
  });

  it('keeps no page for a caller who may not read the trip, whatever another company has kept', async () => {
    const trip = await w.newTrip();
    await keptDetail(trip.id, w.customer.accessToken);
    for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
      for (let i = 0; i < 2; i++) {
        const res = await call(t.app, 'GET', `/api/v1/trips/${trip.id}`, undefined, { token });
        expect(res.status).toBe(404);
      }
    }
    // The admin sees it, and its kept page follows every company's changes.
    await keptDetail(trip.id, w.admin.accessToken);
    const truck = await insertTruck(t, w.transporter.company.id);
    await t.ctx.db.update(trips).set({ truckId: truck.id }).where(eq(trips.id, trip.id));
    expect((await w.detail(trip.id, w.admin.accessToken)).resources.truck.id).toBe(truck.id);
  });

  it('shows what each side may do as its own, from one kept page per side', async () => {
    const trip = await w.newTrip();
    const customer = await keptDetail(trip.id, w.customer.accessToken);
    const transporter = await keptDetail(trip.id, w.transporter.accessToken);
    expect(customer.handover.code).not.toBeNull();
    expect(transporter.handover.code).toBeNull();
    expect((await w.detail(trip.id, w.fleetManager.accessToken)).handover.code).toBeNull();
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the trip page on two API instances', () => {
  const instances = twoInstances();
  let w: TripWorld;
  beforeAll(async () => {
    w = await tripWorld(instances.a);
  });

  it('never answers from memory a step recorded through the other instance before the request', async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    const read = async () => {
      const res = await call(instances.b.app, 'GET', `/api/v1/trips/${trip.id}`, undefined, {
        token: w.customer.accessToken,
      });
      expect(res.status).toBe(200);
      return res.body;
    };
    for (const status of ['STARTED', 'AT_PICKUP_LOCATION', 'LOADED'] as const) {
      await read();
      await w.walkTo(trip.id, status);
      expect((await read()).latestTripStatus.tripStatus).toBe(status);
    }
    // Each round's first read found the page the previous round kept after its change; the reads after a
    // change never did.
    expect(instances.b.ctx.answers.hits).toBe(2);
  });
});
