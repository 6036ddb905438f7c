import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, MotorBoy, Truck } from '@freightlane/domain';
import { auditLog, trips } from '../../db/schema';
import { createDriverViaApi, createMotorBoyViaApi, createTruckViaApi } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';

/** One kind of fleet resource as these tests drive it: its address, its name in messages, its trip field. */
interface Kind {
  path: string;
  field: 'truckId' | 'driverId' | 'motorBoyId';
  replaceAdvice: { one: string; many: string };
  create: (t: TestApp, token: string) => Promise<{ id: string; name: string }>;
}

const nameOf = (person: Driver | MotorBoy) => `${person.firstName} ${person.lastName}`;

const KINDS: Record<'truck' | 'driver' | 'motor boy', Kind> = {
  truck: {
    path: '/api/v1/fleet/trucks',
    field: 'truckId',
    replaceAdvice: { one: 'Replace it on that trip first.', many: 'Replace it on those trips first.' },
    create: async (t, token) => {
      const truck: Truck = await createTruckViaApi(t, token);
      return { id: truck.id, name: truck.registrationNumber };
    },
  },
  driver: {
    path: '/api/v1/fleet/drivers',
    field: 'driverId',
    replaceAdvice: {
      one: 'Replace the driver on that trip first.',
      many: 'Replace the driver on those trips first.',
    },
    create: async (t, token) => {
      const driver: Driver = await createDriverViaApi(t, token);
      return { id: driver.id, name: nameOf(driver) };
    },
  },
  'motor boy': {
    path: '/api/v1/fleet/motor-boys',
    field: 'motorBoyId',
    replaceAdvice: {
      one: 'Replace or remove the motor boy on that trip first.',
      many: 'Replace or remove the motor boy on those trips first.',
    },
    create: async (t, token) => {
      const motorBoy: MotorBoy = await createMotorBoyViaApi(t, token);
      return { id: motorBoy.id, name: nameOf(motorBoy) };
    },
  },
};

describe('deactivating a truck, driver or motor boy on a trip', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  describe.each(Object.entries(KINDS))('a %s', (_kindName, kind) => {
    const token = () => w.transporter.accessToken;
    const setActive = (id: string, active: boolean) =>
      call(t.app, 'PATCH', `${kind.path}/${id}/active`, { active }, { token: token() });
    const create = () => kind.create(t, token());

    /** A trip with a fresh truck, driver and motor boy assigned through the API, with `resource` in its place. */
    async function tripWith(resource: { id: string }): Promise<TripRef> {
      const trip = await w.newTrip();
      const crew = {
        truckId: (await KINDS.truck.create(t, token())).id,
        driverId: (await KINDS.driver.create(t, token())).id,
        motorBoyId: (await KINDS['motor boy'].create(t, token())).id,
        [kind.field]: resource.id,
      };
      const consignment = await w.consignmentOf(trip.id);
      const res = await call(
        t.app,
        'PUT',
        `/api/v1/trips/consignment/${consignment.id}/assign-resources`,
        crew,
        { token: token() },
      );
      expect(res.status).toBe(200);
      return trip;
    }

    it('answers 409 naming an upcoming trip (assigned, not started), and changes nothing', async () => {
      const resource = await create();
      const trip = await tripWith(resource);
      const res = await setActive(resource.id, false);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`${resource.name} is on ${trip.tripNumber}. ${kind.replaceAdvice.one}`);
      const read = await call(t.app, 'GET', `${kind.path}/${resource.id}`, undefined, { token: token() });
      expect(read.body.active).toBe(true);
      const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, resource.id));
      expect(audits.map((a) => a.action).filter((action) => action.endsWith('.deactivated'))).toEqual([]);
    });

    it('answers 409 naming a trip on the road, and a delivered trip still returning its empty', async () => {
      const resource = await create();
      const trip = await tripWith(resource);
      await w.walkTo(trip.id, 'LOADED');
      const loaded = await setActive(resource.id, false);
      expect(loaded.status).toBe(409);
      expect(loaded.body.message).toBe(
        `${resource.name} is on ${trip.tripNumber}. ${kind.replaceAdvice.one}`,
      );
      await w.walkTo(trip.id, 'DELIVERED');
      expect((await setActive(resource.id, false)).status).toBe(409);
    });

    it('answers 200 once the trip is completed, and once it is cancelled', async () => {
      const finished = await create();
      const trip = await tripWith(finished);
      await w.walkTo(trip.id, 'EMPTY_DROP_OFF');
      const res = await setActive(finished.id, false);
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(false);

      const called = await create();
      const cancelledTrip = await tripWith(called);
      const cancel = await call(
        t.app,
        'PATCH',
        '/api/v1/trips/cancel',
        { tripIds: [cancelledTrip.id], reason: 'The consignee postponed the delivery.' },
        { token: w.customer.accessToken },
      );
      expect(cancel.status).toBe(200);
      expect((await setActive(called.id, false)).status).toBe(200);
    });

    it('answers 200 once it is replaced on the trip', async () => {
      const resource = await create();
      const trip = await tripWith(resource);
      await w.walkTo(trip.id, 'STARTED');
      expect((await setActive(resource.id, false)).status).toBe(409);
      const replacement = await create();
      const change = await call(
        t.app,
        'PATCH',
        `/api/v1/trips/${trip.id}/resources`,
        { [kind.field]: replacement.id },
        { token: token() },
      );
      expect(change.status).toBe(200);
      const res = await setActive(resource.id, false);
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(false);
      // Reactivating is never held up by trips.
      expect((await setActive(resource.id, true)).status).toBe(200);
    });
  });

  it('names every trip a motor boy is on, in trip-number order', async () => {
    const token = w.transporter.accessToken;
    const motorBoy = await createMotorBoyViaApi(t, token);
    const onTrips = await w.newTrips(2);
    for (const trip of onTrips) {
      const consignment = await w.consignmentOf(trip.id);
      const res = await call(
        t.app,
        'PUT',
        `/api/v1/trips/consignment/${consignment.id}/assign-resources`,
        {
          truckId: (await createTruckViaApi(t, token)).id,
          driverId: (await createDriverViaApi(t, token)).id,
          motorBoyId: motorBoy.id,
        },
        { token },
      );
      expect(res.status).toBe(200);
    }
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/fleet/motor-boys/${motorBoy.id}/active`,
      { active: false },
      { token },
    );
    expect(res.status).toBe(409);
    const [first, second] = onTrips.map((trip) => trip.tripNumber).sort();
    expect(res.body.message).toBe(
      `${nameOf(motorBoy)} is on ${first} and ${second}. Replace or remove the motor boy on those trips first.`,
    );
  });
});

/**
 * The deactivation and an assignment, each in its own transaction at the same moment, on a real PostgreSQL
 * (the embedded database runs one transaction at a time, so there is no race to lose there).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('deactivating and assigning at the same moment', () => {
  let t: TestApp;
  let w: TripWorld;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  const assign = async (tripId: string, body: Record<string, string>) =>
    call(
      t.app,
      'PUT',
      `/api/v1/trips/consignment/${(await w.consignmentOf(tripId)).id}/assign-resources`,
      body,
      { token: w.transporter.accessToken },
    );

  it('an assignment waiting on a deactivation sees the truck inactive and is refused', async () => {
    const token = w.transporter.accessToken;
    const truck = await createTruckViaApi(t, token);
    const driver = await createDriverViaApi(t, token);
    const trip = await w.newTrip();
    // A deactivation under way: the truck locked, no live trip found, the write not yet committed.
    await other.query('BEGIN');
    await other.query('SELECT id FROM trucks WHERE id = $1 FOR UPDATE', [truck.id]);
    const pending = assign(trip.id, { truckId: truck.id, driverId: driver.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query('UPDATE trucks SET active = false WHERE id = $1', [truck.id]);
    await other.query('COMMIT');
    const res = await pending;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This truck is inactive; choose an active truck');
    expect((await w.tripRow(trip.id)).truckId).toBeNull();
  });

  it('a deactivation waiting on an assignment sees the trip and is refused', async () => {
    const token = w.transporter.accessToken;
    const truck = await createTruckViaApi(t, token);
    const trip = await w.newTrip();
    // An assignment under way: the truck read FOR SHARE and put on the trip, not yet committed.
    await other.query('BEGIN');
    await other.query('SELECT active FROM trucks WHERE id = $1 FOR SHARE', [truck.id]);
    await other.query('UPDATE trips SET truck_id = $1 WHERE id = $2', [truck.id, trip.id]);
    const pending = call(
      t.app,
      'PATCH',
      `/api/v1/fleet/trucks/${truck.id}/active`,
      { active: false },
      { token },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query('COMMIT');
    const res = await pending;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `${truck.registrationNumber} is on ${trip.tripNumber}. Replace it on that trip first.`,
    );
    const [row] = await t.ctx.db.select({ truckId: trips.truckId }).from(trips).where(eq(trips.id, trip.id));
    expect(row?.truckId).toBe(truck.id);
  });
});
