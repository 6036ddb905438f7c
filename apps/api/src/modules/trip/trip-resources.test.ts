import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, MotorBoy, Truck } from '@freightlane/domain';
import { drivers, trips } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { createDriverViaApi, createMotorBoyViaApi, createTruckViaApi } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';

describe('trip resources', () => {
  let t: TestApp;
  let w: TripWorld;
  let tripsOfA: TripRef[];
  let otherTrip: TripRef;
  let trucks: Truck[];
  let driversOfA: Driver[];
  let motorBoy: MotorBoy;
  let otherTruck: Truck;
  let otherDriver: Driver;

  const consignmentIdOf = async (tripId: string) => (await w.consignmentOf(tripId)).id;
  /** PUT assign-resources on a consignment; no token (null) sends the request without a session. */
  const assignTo = (consignmentId: string, body: unknown, token: string | null = w.transporter.accessToken) =>
    call(
      t.app,
      'PUT',
      `/api/v1/trips/consignment/${consignmentId}/assign-resources`,
      body,
      token ? { token } : {},
    );
  const assign = async (tripId: string, body: unknown, token = w.transporter.accessToken) =>
    assignTo(await consignmentIdOf(tripId), body, token);
  const change = (tripId: string, body: unknown, token = w.transporter.accessToken) =>
    call(t.app, 'PATCH', `/api/v1/trips/${tripId}/resources`, body, { token });
  /** A fresh truck and driver of the transporter, so tests do not share what they put on trips. */
  const freshPair = async () => ({
    truck: await createTruckViaApi(t, w.transporter.accessToken),
    driver: await createDriverViaApi(t, w.transporter.accessToken),
  });

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    const { transporter, otherTransporter } = w;
    tripsOfA = await w.newTrips(12);
    otherTrip = await w.tripOfOthers();

    trucks = [
      await createTruckViaApi(t, transporter.accessToken, { make: 'Mercedes-Benz', model: 'Actros 3340' }),
      await createTruckViaApi(t, transporter.accessToken),
    ];
    driversOfA = [
      await createDriverViaApi(t, transporter.accessToken, { firstName: 'Chinedu', lastName: 'Okeke' }),
      await createDriverViaApi(t, transporter.accessToken),
    ];
    motorBoy = await createMotorBoyViaApi(t, transporter.accessToken, {
      firstName: 'Sani',
      lastName: 'Musa',
    });
    otherTruck = await createTruckViaApi(t, otherTransporter.accessToken);
    otherDriver = await createDriverViaApi(t, otherTransporter.accessToken);
  });
  afterAll(() => t.close());

  describe('PUT /api/v1/trips/consignment/{id}/assign-resources', () => {
    it('puts the truck, driver and motor boy on the trip and answers the trip detail', async () => {
      const trip = tripsOfA[0]!;
      const res = await assign(trip.id, {
        truckId: trucks[0]!.id,
        driverId: driversOfA[0]!.id,
        motorBoyId: motorBoy.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: trip.id, tripNumber: trip.tripNumber });
      expect(res.body.resources).toEqual({
        truck: {
          id: trucks[0]!.id,
          registrationNumber: trucks[0]!.registrationNumber,
          make: 'Mercedes-Benz',
          model: 'Actros 3340',
          type: 'CONTAINER_CHASSIS_40',
        },
        driver: {
          id: driversOfA[0]!.id,
          name: 'Chinedu Okeke',
          phoneNumber: driversOfA[0]!.phoneNumber,
          licenceNumber: driversOfA[0]!.licenceNumber,
          hasPhoto: false,
        },
        motorBoy: { id: motorBoy.id, name: 'Sani Musa', phoneNumber: motorBoy.phoneNumber },
      });
      const row = await w.tripRow(trip.id);
      expect(row).toMatchObject({
        truckId: trucks[0]!.id,
        driverId: driversOfA[0]!.id,
        motorBoyId: motorBoy.id,
        resourcesAssigned: true,
      });
      expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
      const audits = await w.audits(trip.id, 'trip.resources_assigned');
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorUserId: w.transporter.user.id,
        companyId: w.transporter.company.id,
        data: { tripNumber: trip.tripNumber, after: { truckId: trucks[0]!.id, motorBoyId: motorBoy.id } },
      });
    });

    it('lets a fleet manager of the company assign, and a PUT without a motor boy leaves none', async () => {
      const trip = tripsOfA[1]!;
      const { truck, driver } = await freshPair();
      expect(
        (await assign(trip.id, { truckId: truck.id, driverId: driver.id, motorBoyId: motorBoy.id })).status,
      ).toBe(200);
      const res = await assign(
        trip.id,
        { truckId: truck.id, driverId: driver.id },
        w.fleetManager.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body.resources.motorBoy).toBeNull();
      expect(res.body.resources.truck.id).toBe(truck.id);
      expect((await w.tripRow(trip.id)).motorBoyId).toBeNull();
    });

    it("lets an admin assign the transporter's own fleet, never another company's", async () => {
      const trip = tripsOfA[2]!;
      const refused = await assign(
        trip.id,
        { truckId: otherTruck.id, driverId: otherDriver.id },
        w.admin.accessToken,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        { field: 'truckId', message: 'Choose one of your trucks' },
        { field: 'driverId', message: 'Choose one of your drivers' },
      ]);
      const { truck, driver } = await freshPair();
      const res = await assign(trip.id, { truckId: truck.id, driverId: driver.id }, w.admin.accessToken);
      expect(res.status).toBe(200);
      expect(res.body.resources.driver.id).toBe(driver.id);
    });

    it('answers 400 for a bad body, naming the field', async () => {
      const trip = tripsOfA[3]!;
      const missing = await assign(trip.id, { truckId: trucks[1]!.id });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([{ field: 'driverId', message: 'Choose a driver' }]);
      const notId = await assign(trip.id, { truckId: 'LSR-123-XY', driverId: driversOfA[1]!.id });
      expect(notId.status).toBe(400);
      expect(notId.body.errors[0].field).toBe('truckId');
      const extra = await assign(trip.id, {
        truckId: trucks[1]!.id,
        driverId: driversOfA[1]!.id,
        colour: 'red',
      });
      expect(extra.status).toBe(400);
      expect((await w.tripRow(trip.id)).truckId).toBeNull();
    });

    it("answers 400 on truckId for another company's or an unknown truck, and writes nothing", async () => {
      const trip = tripsOfA[3]!;
      const foreign = await assign(trip.id, { truckId: otherTruck.id, driverId: driversOfA[1]!.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toEqual([{ field: 'truckId', message: 'Choose one of your trucks' }]);
      const unknown = await assign(trip.id, { truckId: randomUUID(), driverId: driversOfA[1]!.id });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'truckId', message: 'Choose one of your trucks' }]);
      const foreignMotorBoy = await assign(trip.id, {
        truckId: trucks[1]!.id,
        driverId: driversOfA[1]!.id,
        motorBoyId: randomUUID(),
      });
      expect(foreignMotorBoy.body.errors).toEqual([
        { field: 'motorBoyId', message: 'Choose one of your motor boys' },
      ]);
      expect(await w.tripRow(trip.id)).toMatchObject({
        truckId: null,
        driverId: null,
        resourcesAssigned: false,
      });
    });

    it('answers 400 on driverId for an inactive driver', async () => {
      const trip = tripsOfA[3]!;
      const { truck, driver } = await freshPair();
      await t.ctx.db.update(drivers).set({ active: false }).where(eq(drivers.id, driver.id));
      const res = await assign(trip.id, { truckId: truck.id, driverId: driver.id });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'driverId', message: 'This driver is inactive; choose an active driver' },
      ]);
      expect((await w.tripRow(trip.id)).truckId).toBeNull();
    });

    it('answers 401 without a token and 403 to the customer of the trip', async () => {
      const trip = tripsOfA[3]!;
      const body = { truckId: trucks[1]!.id, driverId: driversOfA[1]!.id };
      const consignmentId = await consignmentIdOf(trip.id);
      const anonymous = await assignTo(consignmentId, body, null);
      expect(anonymous.status).toBe(401);
      const asCustomer = await assign(trip.id, body, w.customer.accessToken);
      expect(asCustomer.status).toBe(403);
      expect((await w.tripRow(trip.id)).truckId).toBeNull();
    });

    it("answers 404 for another company's consignment and for an unknown one", async () => {
      const res = await assign(otherTrip.id, { truckId: trucks[1]!.id, driverId: driversOfA[1]!.id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Consignment not found');
      const unknown = await assignTo(randomUUID(), { truckId: trucks[1]!.id, driverId: driversOfA[1]!.id });
      expect(unknown.status).toBe(404);
      expect((await w.tripRow(otherTrip.id)).truckId).toBeNull();
    });

    it('answers 409 naming the trip a truck or driver is on, until that trip is completed or cancelled', async () => {
      const [busy, wanting] = [tripsOfA[4]!, tripsOfA[5]!];
      const { truck, driver } = await freshPair();
      const spare = await freshPair();
      expect((await assign(busy.id, { truckId: truck.id, driverId: driver.id })).status).toBe(200);

      const truckTaken = await assign(wanting.id, { truckId: truck.id, driverId: spare.driver.id });
      expect(truckTaken.status).toBe(409);
      expect(truckTaken.body.message).toBe(
        `This truck is already on trip ${busy.tripNumber}; choose another truck`,
      );
      const driverTaken = await assign(wanting.id, { truckId: spare.truck.id, driverId: driver.id });
      expect(driverTaken.status).toBe(409);
      expect(driverTaken.body.message).toBe(
        `This driver is already on trip ${busy.tripNumber}; choose another driver`,
      );
      expect((await w.tripRow(wanting.id)).truckId).toBeNull();

      await setTripState(t, [busy.id], { latestStatus: 'EMPTY_DROP_OFF', completed: true });
      const freed = await assign(wanting.id, { truckId: truck.id, driverId: driver.id });
      expect(freed.status).toBe(200);
      expect(freed.body.resources.truck.id).toBe(truck.id);

      const third = tripsOfA[6]!;
      expect((await assign(third.id, { truckId: truck.id, driverId: spare.driver.id })).status).toBe(409);
      await setTripState(t, [wanting.id], { cancelled: true });
      expect((await assign(third.id, { truckId: truck.id, driverId: driver.id })).status).toBe(200);
    });

    it('refuses a cancelled or completed trip with 409', async () => {
      const { truck, driver } = await freshPair();
      const completed = await assign(tripsOfA[4]!.id, { truckId: truck.id, driverId: driver.id });
      expect(completed.status).toBe(409);
      expect(completed.body.message).toBe('This trip is completed; it takes no further change');
      const cancelled = await assign(tripsOfA[5]!.id, { truckId: truck.id, driverId: driver.id });
      expect(cancelled.status).toBe(409);
      expect(cancelled.body.message).toBe('This trip was cancelled; it takes no further change');
    });

    it('gives the same truck to one of two trips assigned at the same moment; the other gets 409', async () => {
      const [first, second] = [tripsOfA[7]!, tripsOfA[8]!];
      const truck = await createTruckViaApi(t, w.transporter.accessToken);
      const [d1, d2] = [
        await createDriverViaApi(t, w.transporter.accessToken),
        await createDriverViaApi(t, w.transporter.accessToken),
      ];
      const [c1, c2] = [await consignmentIdOf(first.id), await consignmentIdOf(second.id)];
      const results = await Promise.all([
        assignTo(c1, { truckId: truck.id, driverId: d1.id }),
        assignTo(c2, { truckId: truck.id, driverId: d2.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body;
      const loser = results.find((r) => r.status === 409)!.body;
      expect(loser.message).toBe(`This truck is already on trip ${winner.tripNumber}; choose another truck`);
      const holders = await t.ctx.db.select({ id: trips.id }).from(trips).where(eq(trips.truckId, truck.id));
      expect(holders).toEqual([{ id: winner.id }]);
    });
  });

  describe('PATCH /api/v1/trips/{id}/resources', () => {
    let trip: TripRef;
    let pair: { truck: Truck; driver: Driver };

    beforeAll(async () => {
      trip = tripsOfA[9]!;
      pair = await freshPair();
      const res = await assign(trip.id, {
        truckId: pair.truck.id,
        driverId: pair.driver.id,
        motorBoyId: motorBoy.id,
      });
      expect(res.status).toBe(200);
      await setTripState(t, [trip.id], { latestStatus: 'LOADED' });
    });

    it('replaces the truck after a breakdown and keeps the driver and motor boy', async () => {
      const replacement = await createTruckViaApi(t, w.transporter.accessToken, {
        make: 'DAF',
        model: 'XF 480',
      });
      const res = await change(trip.id, { truckId: replacement.id });
      expect(res.status).toBe(200);
      expect(res.body.resources.truck).toMatchObject({ id: replacement.id, make: 'DAF', model: 'XF 480' });
      expect(res.body.resources.driver.id).toBe(pair.driver.id);
      expect(res.body.resources.motorBoy.id).toBe(motorBoy.id);
      expect(await w.tripRow(trip.id)).toMatchObject({
        truckId: replacement.id,
        driverId: pair.driver.id,
        resourcesAssigned: true,
      });
      const audits = await w.audits(trip.id, 'trip.resources_changed');
      expect(audits[0]!.data).toMatchObject({
        before: { truckId: pair.truck.id },
        after: { truckId: replacement.id, driverId: pair.driver.id },
      });
      // The old truck is free for another trip at once.
      const other = tripsOfA[10]!;
      expect((await assign(other.id, { truckId: pair.truck.id, driverId: driversOfA[1]!.id })).status).toBe(
        200,
      );
    });

    it('removes the motor boy with null (as a fleet manager) but never the truck or driver', async () => {
      const res = await change(trip.id, { motorBoyId: null }, w.fleetManager.accessToken);
      expect(res.status).toBe(200);
      expect(res.body.resources.motorBoy).toBeNull();
      expect((await w.tripRow(trip.id)).motorBoyId).toBeNull();

      const noTruck = await change(trip.id, { truckId: null });
      expect(noTruck.status).toBe(400);
      expect(noTruck.body.errors[0].field).toBe('truckId');
      const empty = await change(trip.id, {});
      expect(empty.status).toBe(400);
      expect((await w.tripRow(trip.id)).truckId).not.toBeNull();
    });

    it('checks the new driver like an assignment: 400 foreign, 409 busy', async () => {
      const foreign = await change(trip.id, { driverId: otherDriver.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toEqual([{ field: 'driverId', message: 'Choose one of your drivers' }]);
      const busy = await change(trip.id, { driverId: driversOfA[0]!.id });
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe(
        `This driver is already on trip ${tripsOfA[0]!.tripNumber}; choose another driver`,
      );
      expect((await w.tripRow(trip.id)).driverId).toBe(pair.driver.id);
    });

    it("answers 401, 403 to the customer and 404 for another company's trip", async () => {
      expect(
        (await call(t.app, 'PATCH', `/api/v1/trips/${trip.id}/resources`, { motorBoyId: null })).status,
      ).toBe(401);
      expect((await change(trip.id, { motorBoyId: motorBoy.id }, w.customer.accessToken)).status).toBe(403);
      const foreign = await change(otherTrip.id, { motorBoyId: null });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Trip not found');
      expect((await change(trip.id, { motorBoyId: null }, w.otherTransporter.accessToken)).status).toBe(404);
    });
  });
});
