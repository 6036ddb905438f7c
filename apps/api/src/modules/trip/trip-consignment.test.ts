import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTripState } from '../../test/awarded-trips';
import { lagosDate, referenceIds, validContainerNumber } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';

describe('PATCH /api/v1/trips/consignment/{id}', () => {
  let t: TestApp;
  let w: TripWorld;
  let containerTrips: TripRef[];
  let cargoTrip: TripRef;

  const edit = async (tripId: string, body: unknown, token = w.transporter.accessToken) =>
    call(t.app, 'PATCH', `/api/v1/trips/consignment/${(await w.consignmentOf(tripId)).id}`, body, { token });

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    containerTrips = await w.newTrips(4);
    cargoTrip = await w.generalCargoTrip();
  });
  afterAll(() => t.close());

  it('corrects the container details and answers the trip detail', async () => {
    const trip = containerTrips[0]!;
    const maersk = await referenceIds(t, { liner: 'MAERSK' });
    const containerNumber = validContainerNumber(424_242, 'MAEU');
    const res = await edit(trip.id, {
      containerNumber: containerNumber.toLowerCase(),
      containerSize: 'FTS_40_HIGH',
      linerId: maersk.linerId,
      deliveryOrderValidityDate: lagosDate(20),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: trip.id,
      consignment: {
        containerNumber,
        containerSize: 'FTS_40_HIGH',
        liner: { id: maersk.linerId, code: 'MAERSK' },
        deliveryOrderValidityDate: lagosDate(20),
      },
    });
    const stored = await w.consignmentOf(trip.id);
    expect(stored).toMatchObject({ containerNumber, containerSize: 'FTS_40_HIGH', linerId: maersk.linerId });
    const [audit] = await w.audits(stored.id, 'trip.consignment_updated');
    expect(audit).toMatchObject({
      actorUserId: w.transporter.user.id,
      data: { tripNumber: trip.tripNumber, after: { containerNumber, containerSize: 'FTS_40_HIGH' } },
    });
  });

  it('lets the customer correct its container number before loading', async () => {
    const trip = containerTrips[1]!;
    const containerNumber = validContainerNumber(515_151);
    const res = await edit(trip.id, { containerNumber }, w.customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.consignment.containerNumber).toBe(containerNumber);
  });

  it('stores a general-cargo weight in kilograms and shows it in tonnes', async () => {
    const res = await edit(cargoTrip.id, {
      description: 'Bagged fertiliser, 500 bags',
      quantity: 500,
      weightTonnes: 25.125,
      truckType: 'TIPPER',
    });
    expect(res.status).toBe(200);
    expect(res.body.consignment).toMatchObject({
      description: 'Bagged fertiliser, 500 bags',
      quantity: 500,
      weightTonnes: 25.125,
      truckType: 'TIPPER',
      containerNumber: null,
    });
    expect((await w.consignmentOf(cargoTrip.id)).weightKg).toBe(25_125);
  });

  it('answers 400 for a container number with a wrong check digit', async () => {
    const trip = containerTrips[2]!;
    const before = await w.consignmentOf(trip.id);
    const good = validContainerNumber(777_001);
    const wrongDigit = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    const res = await edit(trip.id, { containerNumber: wrongDigit });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('containerNumber');
    expect((await w.consignmentOf(trip.id)).containerNumber).toBe(before.containerNumber);
  });

  it('answers 400 naming a field that does not fit the cargo type, and for an unknown liner', async () => {
    const onContainer = await edit(containerTrips[2]!.id, { description: 'Cement', containerSize: 'FTS_40' });
    expect(onContainer.status).toBe(400);
    expect(onContainer.body.errors).toEqual([
      { field: 'description', message: 'A container trip has no general-cargo details' },
    ]);
    expect((await w.consignmentOf(containerTrips[2]!.id)).containerSize).toBe('FTS_20');

    const onCargo = await edit(cargoTrip.id, { containerNumber: validContainerNumber(1) });
    expect(onCargo.status).toBe(400);
    expect(onCargo.body.errors).toEqual([
      { field: 'containerNumber', message: 'A general-cargo trip has no container details' },
    ]);

    const liner = await edit(containerTrips[2]!.id, { linerId: randomUUID() });
    expect(liner.status).toBe(400);
    expect(liner.body.errors).toEqual([
      { field: 'linerId', message: 'Choose one of the listed shipping lines' },
    ]);

    expect((await edit(containerTrips[2]!.id, {})).status).toBe(400);
    expect((await edit(cargoTrip.id, { weightTonnes: 0 })).status).toBe(400);
  });

  it('refuses the transporter after loading (only an admin corrects it then) and any change once cancelled', async () => {
    const trip = containerTrips[3]!;
    await setTripState(t, [trip.id], { latestStatus: 'LOADED' });
    const refused = await edit(trip.id, { containerSize: 'FTS_40' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an admin can change the consignment after loading');
    expect((await w.consignmentOf(trip.id)).containerSize).toBe('FTS_20');

    const byAdmin = await edit(trip.id, { containerSize: 'FTS_40' }, w.admin.accessToken);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.consignment.containerSize).toBe('FTS_40');

    await setTripState(t, [trip.id], { cancelled: true });
    const cancelled = await edit(trip.id, { containerSize: 'FTS_45' }, w.admin.accessToken);
    expect(cancelled.status).toBe(409);
    expect((await w.consignmentOf(trip.id)).containerSize).toBe('FTS_40');
  });

  it("answers 401 without a token and 404 for another company's or an unknown consignment", async () => {
    const consignment = await w.consignmentOf(containerTrips[2]!.id);
    const url = `/api/v1/trips/consignment/${consignment.id}`;
    expect((await call(t.app, 'PATCH', url, { containerSize: 'FTS_40' })).status).toBe(401);
    const foreign = await call(
      t.app,
      'PATCH',
      url,
      { containerSize: 'FTS_40' },
      {
        token: w.otherTransporter.accessToken,
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Consignment not found');
    expect(
      (await call(t.app, 'PATCH', url, { containerSize: 'FTS_40' }, { token: w.otherCustomer.accessToken }))
        .status,
    ).toBe(404);
    const unknown = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/consignment/${randomUUID()}`,
      { quantity: 2 },
      {
        token: w.transporter.accessToken,
      },
    );
    expect(unknown.status).toBe(404);
    expect((await w.consignmentOf(containerTrips[2]!.id)).containerSize).toBe('FTS_20');
  });
});
