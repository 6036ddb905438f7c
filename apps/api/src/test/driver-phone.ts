import { expect } from 'vitest';
import type { DriverPhoneLink } from '@freightlane/domain';
import { call, type TestApp } from './test-app';
import type { TripWorld } from './trip-world';

/**
 * A new trip of the world's pair with a truck and driver, and the phone link its transporter gave the
 * driver; `base` is the address of the driver's API calls.
 */
export async function driverOnTripWithLink(t: TestApp, world: TripWorld) {
  const trip = await world.newTrip();
  const { truck, driver } = await world.assignFleet(trip.id);
  const res = await call(t.app, 'POST', `/api/v1/fleet/drivers/${driver.id}/phone-link`, undefined, {
    token: world.transporter.accessToken,
  });
  expect(res.status).toBe(201);
  const link = res.body as DriverPhoneLink;
  return { trip, truck, driver, link, base: `/api/v1/driver/${link.token}` };
}
