import {
  returnLoadMatchSchema,
  returnLoadsPage,
  returnLoadTripSchema,
  tripReturnLoadsSchema,
  type ReturnLoadMatch,
  type ReturnLoadsPage,
  type ReturnLoadTrip,
  type TripReturnLoads,
} from '@freightlane/domain';
import { apiFixture } from './api-fixture';

/** API answers of return loads, shared by the Return loads page and the trip page's section. */

export const RETURN_LOADS = 'GET /api/v1/return-loads';
export const RETURN_LOAD_SETTINGS = 'GET /api/v1/return-loads/settings';
export const SAVE_RETURN_LOAD_SETTINGS = 'PUT /api/v1/return-loads/settings';

/** Two 40 ft containers picking up in Nassarawa, Kano, 12 km from the truck's delivery, back to Lagos. */
export function returnLoadMatch(overrides: Partial<ReturnLoadMatch> = {}): ReturnLoadMatch {
  return apiFixture(returnLoadMatchSchema, {
    orderId: '3c9d2a1e-7b4f-4c2a-9e1d-5a6b7c8d9e01',
    orderNumber: 'ORD-2026-000077',
    cargoType: 'EXPORT',
    itemCount: 2,
    customerName: 'Kano Agro Exports Ltd',
    pickup: { name: 'Nassarawa', state: 'Kano' },
    delivery: { name: 'Apapa', state: 'Lagos' },
    pickupDate: '2026-11-28',
    biddingClosesAt: '2026-11-26T15:00:00.000Z',
    distanceKm: 12,
    returnLoadsWelcome: false,
    alreadyBid: false,
    ...overrides,
  });
}

/** Trip TRP-2026-000123's truck, free near Fagge, Kano on 27 Nov 2026, with one match. */
export function returnLoadTrip(overrides: Partial<ReturnLoadTrip> = {}): ReturnLoadTrip {
  const matches = overrides.matches ?? [returnLoadMatch()];
  return apiFixture(returnLoadTripSchema, {
    tripId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    tripNumber: 'TRP-2026-000123',
    truckRegistration: 'LSR 123 XY',
    delivery: { name: 'Fagge', state: 'Kano' },
    freeOn: '2026-11-27',
    matchCount: matches.length,
    ...overrides,
    matches,
  });
}

export function returnLoadsAnswer(
  trips: ReturnLoadTrip[],
  overrides: Partial<ReturnLoadsPage> = {},
): ReturnLoadsPage {
  return apiFixture(returnLoadsPage, {
    content: trips,
    totalElements: trips.length,
    totalPages: trips.length === 0 ? 0 : 1,
    number: 0,
    size: 20,
    radiusKm: 50,
    trucksConsidered: trips.length,
    ...overrides,
  });
}

export function tripReturnLoads(trip: ReturnLoadTrip | null, radiusKm = 50): TripReturnLoads {
  return apiFixture(tripReturnLoadsSchema, { radiusKm, trip });
}
