import {
  ongoingTripItemSchema,
  trackingTripSchema,
  type OngoingTripItem,
  type TrackingTrip,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

export const TRACKING_ID = 'Xq3vT9kLm2Pz8RwYb4Nc1A';
export const SHARE_ID = 'Sh4reId_kLm2Pz8RwYb4Nc';
export const TRACKING_URL = `/api/v1/trips/open-access/${TRACKING_ID}`;
export const ONGOING_URL = `/api/v1/trips/open-access/ongoing/${SHARE_ID}`;
export const ORIGIN = 'http://localhost:3000';

/** A liner-owned import on its way: started and at the terminal. */
export function trackingTrip(overrides: Partial<TrackingTrip> = {}): TrackingTrip {
  return apiFixture(trackingTripSchema, {
    orderNumber: 'ORD-2026-000045',
    containerNumbers: ['MSCU1234565', 'TGHU7654321'],
    cargoType: 'IMPORT_LINER_OWNED',
    tripNumber: 'TRP-2026-000123',
    pickupTerminal: { operator: 'APM Terminals', city: 'Apapa' },
    pickupAddress: { city: 'Apapa', state: 'Lagos' },
    recipientTerminal: null,
    recipientAddress: { city: 'Ikeja', state: 'Lagos' },
    tripStatusLogs: [
      { tripStatus: 'STARTED', timeStamp: '2026-11-21 08:05:00' },
      { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-21 09:40:12' },
    ],
    ...overrides,
  });
}

export function ongoingItem(overrides: Partial<OngoingTripItem> = {}): OngoingTripItem {
  return apiFixture(ongoingTripItemSchema, {
    cargoType: 'IMPORT_LINER_OWNED',
    consignments: [
      {
        containerNumber: 'MSCU1234565',
        containerSize: 'FTS_40',
        liner: { name: 'Maersk Line' },
        deliveryOrderValidityDate: '2026-11-30',
      },
    ],
    pickupDate: '2026-11-20',
    pickupTerminal: { operator: 'APM Terminals', city: 'Apapa' },
    pickupAddress: null,
    recipientTerminal: null,
    recipientAddress: { city: 'Ikeja', state: 'Lagos' },
    tripStatusLogs: [
      { tripStatus: 'STARTED', timeStamp: '2026-11-21 08:05:00' },
      { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-21 09:40:00' },
      { tripStatus: 'LOADED', timeStamp: '2026-11-22 11:15:00' },
    ],
    currentLocation: { address: { lga: 'Oshodi-Isolo', state: 'Lagos' } },
    latestTripIssue: null,
    latestTripStatus: {
      tripStatus: 'LOADED',
      tripStatusDescription: 'Container(s) Loaded',
      timeStamp: '2026-11-22 11:15:00',
    },
    truckRegistrationNumber: 'LSD 123 XY',
    ...overrides,
  });
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  etag?: string;
  /** Sent as the Retry-After header. */
  retryAfter?: string;
}

/** fetch for the public pages: answers each URL from `routes` in turn (the last answer repeats). */
export function fakeFetch(routes: Record<string, FakeReply | FakeReply[] | Error>) {
  const served = new Map<string, number>();
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = routes[url];
    if (route instanceof Error) throw route;
    if (!route) return new Response(JSON.stringify({ message: `No fake for ${url}` }), { status: 404 });
    const replies = Array.isArray(route) ? route : [route];
    const n = served.get(url) ?? 0;
    served.set(url, n + 1);
    const reply = replies[Math.min(n, replies.length - 1)]!;
    const status = reply.status ?? 200;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (reply.etag) headers.etag = reply.etag;
    if (reply.retryAfter) headers['retry-after'] = reply.retryAfter;
    return new Response(status === 304 ? null : JSON.stringify(reply.body), { status, headers });
  };
}
