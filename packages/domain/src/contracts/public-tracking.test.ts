import { describe, expect, it } from 'vitest';
import {
  TRACKING_LINK_MAX_DAYS,
  setTrackingLinkExpiryRequest,
  trackingIdParams,
  trackingTripSchema,
} from './public-tracking';

const trip = {
  orderNumber: 'ORD-2026-000042',
  containerNumbers: ['MSKU1234565'],
  cargoType: 'EXPORT',
  tripNumber: 'TRP-2026-000123',
  pickupTerminal: null,
  pickupAddress: { city: 'Ikeja', state: 'Lagos' },
  recipientTerminal: { operator: 'APM Terminals', city: 'Apapa' },
  recipientAddress: null,
  tripStatusLogs: [{ tripStatus: 'AT_WAREHOUSE_LOCATION', timeStamp: '2026-11-21 09:40:00' }],
};

describe('the public tracking contract', () => {
  it('accepts the spec tracking object', () => {
    expect(trackingTripSchema.parse(trip)).toEqual(trip);
  });

  it('refuses any field beyond the spec, at every level', () => {
    expect(trackingTripSchema.safeParse({ ...trip, id: 'a1' }).success).toBe(false);
    expect(
      trackingTripSchema.safeParse({ ...trip, pickupAddress: { city: 'Ikeja', state: 'Lagos', street: '1' } })
        .success,
    ).toBe(false);
    expect(
      trackingTripSchema.safeParse({
        ...trip,
        tripStatusLogs: [{ ...trip.tripStatusLogs[0], actorUserId: 'u1' }],
      }).success,
    ).toBe(false);
  });

  it('takes only ids shaped like issued ones', () => {
    expect(trackingIdParams.safeParse({ trackingId: 'Xk3_9aZ-qL0wPz7yTt1bQw' }).success).toBe(true);
    expect(trackingIdParams.safeParse({ trackingId: '<script>' }).success).toBe(false);
    expect(trackingIdParams.safeParse({ trackingId: 'short' }).success).toBe(false);
  });
});

describe('the tracking link expiry', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

  it('takes null (never) or a time in the next 90 days', () => {
    expect(setTrackingLinkExpiryRequest.safeParse({ expiresAt: null }).success).toBe(true);
    expect(setTrackingLinkExpiryRequest.safeParse({ expiresAt: inDays(3) }).success).toBe(true);
  });

  it('refuses the past, too far ahead, and text that is not a time', () => {
    const message = (expiresAt: unknown) =>
      setTrackingLinkExpiryRequest.safeParse({ expiresAt }).error?.issues[0]?.message;
    expect(message(inDays(-1))).toBe('The expiry must be in the future');
    expect(message(inDays(TRACKING_LINK_MAX_DAYS + 1))).toBe('The expiry can be at most 90 days away');
    expect(message('tomorrow')).toBe('Enter the expiry as a date and time');
  });
});
