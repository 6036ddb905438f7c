import type { ScheduleEvent, TripStatus } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { eventLabel } from './schedule-calendar';

function eventOf(kind: ScheduleEvent['kind'], status: TripStatus | null): ScheduleEvent {
  return {
    kind,
    date: '2026-11-27',
    trip: {
      id: 'trip-1',
      tripNumber: 'TRP-2026-000123',
      cargoType: 'IMPORT_LINER_OWNED',
      latestTripStatus: status ? { tripStatus: status, timeStamp: '2026-11-27T10:00:00.000Z' } : null,
      completed: false,
      cancelled: false,
      pickup: { terminal: null, address: null },
      recipient: { terminal: null, address: null },
      clientName: 'Dangote Cement',
      customerName: 'Okafor Imports Ltd',
      transporterName: 'Kano Haulage Ltd',
    },
    cargo: 'MSKU1234565',
    truckRegistrationNumber: null,
  };
}

describe('a schedule event in words', () => {
  it('calls a delivery made "Delivered", also while the empty is on its way back', () => {
    expect(eventLabel(eventOf('DELIVERY', 'DELIVERED'))).toBe('Delivered');
    expect(eventLabel(eventOf('DELIVERY', 'EMPTY_DROP_OFF'))).toBe('Delivered');
  });

  it('calls a delivery still to come "Delivery", and a pickup "Pickup"', () => {
    expect(eventLabel(eventOf('DELIVERY', 'LOADED'))).toBe('Delivery');
    expect(eventLabel(eventOf('DELIVERY', null))).toBe('Delivery');
    expect(eventLabel(eventOf('PICKUP', 'DELIVERED'))).toBe('Pickup');
  });
});
