import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationText } from '@freightlane/domain';
import { drivers, smsMessages } from '../../db/schema';
import { USSD_SAMPLE_SERVICE_CODE } from '../../env';
import { createDriverViaApi, createTruckViaApi } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

describe('the SMS a driver gets when put on a trip', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const smsTo = (phoneNumber: string) =>
    t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, phoneNumber));
  const verify = (driverId: string, language: 'ha' | null = null) =>
    t.ctx.db.update(drivers).set({ phoneVerifiedAt: new Date(), language }).where(eq(drivers.id, driverId));
  const assign = async (tripId: string, body: object) => {
    const consignment = await w.consignmentOf(tripId);
    const res = await call(
      t.app,
      'PUT',
      `/api/v1/trips/consignment/${consignment.id}/assign-resources`,
      body,
      { token: w.transporter.accessToken },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const places = async (tripId: string) => {
    const detail = await w.detail(tripId, w.transporter.accessToken);
    return { pickup: locationText(detail.pickup), delivery: locationText(detail.recipient) };
  };

  it('queues the trip, pickup, delivery and the USSD code to a verified driver, in the driver’s language', async () => {
    const trip = await w.newTrip();
    const truck = await createTruckViaApi(t, w.transporter.accessToken);
    const driver = await createDriverViaApi(t, w.transporter.accessToken);
    await verify(driver.id);
    await assign(trip.id, { truckId: truck.id, driverId: driver.id });
    const { pickup, delivery } = await places(trip.id);
    const [sms] = await smsTo(driver.phoneNumber);
    expect(sms).toMatchObject({
      purpose: 'trip.assigned',
      companyId: w.transporter.company.id,
      text:
        `Freightlane: you drive trip ${trip.tripNumber} for ${w.transporter.company.name}. ` +
        `Pickup: ${pickup}. Delivery: ${delivery}. Dial ${USSD_SAMPLE_SERVICE_CODE} to see it and record each step.`,
    });

    // Another driver in the driver's place gets one in Hausa; the first gets nothing more.
    const next = await createDriverViaApi(t, w.transporter.accessToken);
    await verify(next.id, 'ha');
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${trip.id}/resources`,
      { driverId: next.id },
      {
        token: w.transporter.accessToken,
      },
    );
    expect(res.status).toBe(200);
    const [hausa] = await smsTo(next.phoneNumber);
    expect(hausa!.text).toBe(
      `Freightlane: za ka tuƙa tafiya ${trip.tripNumber} don ${w.transporter.company.name}. Ɗauka: ${pickup}. ` +
        `Kai wa: ${delivery}. Kira ${USSD_SAMPLE_SERVICE_CODE} don ganin ta da rubuta kowane mataki.`,
    );
    expect(await smsTo(driver.phoneNumber)).toHaveLength(1);

    // A change of truck alone tells no driver.
    const spare = await createTruckViaApi(t, w.transporter.accessToken);
    await w.replaceTruck(trip.id, spare.id);
    expect(await smsTo(next.phoneNumber)).toHaveLength(1);
  });

  it('sends nothing to a number not verified yet', async () => {
    const trip = await w.newTrip();
    const truck = await createTruckViaApi(t, w.transporter.accessToken);
    const driver = await createDriverViaApi(t, w.transporter.accessToken);
    await assign(trip.id, { truckId: truck.id, driverId: driver.id });
    expect(await smsTo(driver.phoneNumber)).toEqual([]);
  });

  it('sends nothing when the assignment is refused', async () => {
    const busyTrip = await w.newTrip();
    const trip = await w.newTrip();
    const truck = await createTruckViaApi(t, w.transporter.accessToken);
    const driver = await createDriverViaApi(t, w.transporter.accessToken);
    await assign(busyTrip.id, { truckId: truck.id, driverId: driver.id });
    const next = await createDriverViaApi(t, w.transporter.accessToken);
    await verify(next.id);
    const consignment = await w.consignmentOf(trip.id);
    // The truck is on the other trip: the assignment fails, and so does its SMS.
    const refused = await call(
      t.app,
      'PUT',
      `/api/v1/trips/consignment/${consignment.id}/assign-resources`,
      { truckId: truck.id, driverId: next.id },
      { token: w.transporter.accessToken },
    );
    expect(refused.status).toBe(409);
    expect(await smsTo(next.phoneNumber)).toEqual([]);
  });
});
