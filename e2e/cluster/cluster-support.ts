import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { nextTripStatus, type TripDetail, type TripStatus, type TripSummary } from '@freightlane/domain';
import { apiCall } from '../tests/support';

/**
 * What e2e/cluster/run.ts passes to the suite: nginx's address (the suite's baseURL) and each API
 * instance's own, for the checks that must say which instance did what.
 */
export const CLUSTER_URL = process.env.CLUSTER_URL ?? '';
export const INSTANCE_URLS = (process.env.CLUSTER_INSTANCE_URLS ?? '').split(',').filter(Boolean);
/** The HTTP side of each instance's own SMTP sink (e2e/smtp-sink.ts), in the order of INSTANCE_URLS. */
export const SMTP_SINK_URLS = (process.env.CLUSTER_SMTP_SINK_URLS ?? '').split(',').filter(Boolean);
/** The folder both instances keep uploads in (UPLOAD_DIR) when no S3-compatible store is configured. */
export const UPLOAD_DIR = process.env.CLUSTER_UPLOAD_DIR ?? '';

/**
 * One request context per instance, straight to its port. The instances trust X-Forwarded-For (they sit
 * behind nginx), so a test can speak for any client address here; through nginx it cannot.
 */
export async function instanceContexts(
  playwright: PlaywrightWorkerArgs['playwright'],
): Promise<[APIRequestContext, APIRequestContext]> {
  expect(INSTANCE_URLS, 'CLUSTER_INSTANCE_URLS names two instances').toHaveLength(2);
  const [a, b] = await Promise.all(
    INSTANCE_URLS.map((baseURL) => playwright.request.newContext({ baseURL })),
  );
  return [a!, b!];
}

/** A client address from TEST-NET-3 (RFC 5737), different per call, so each test has rate limits of its own. */
export function testNetAddress(): string {
  return `203.0.113.${randomInt(1, 255)}`;
}

/**
 * How many e-mails with `subject` each instance sent to each address: `[by instance 1, by instance 2]` per
 * address.
 */
export async function mailCounts(
  request: APIRequestContext,
  addresses: string[],
  subject: string,
): Promise<number[][]> {
  expect(SMTP_SINK_URLS, 'CLUSTER_SMTP_SINK_URLS names a sink per instance').toHaveLength(2);
  const perSink = await Promise.all(
    SMTP_SINK_URLS.map(async (sink) => {
      const res = await request.get(`${sink}/messages`);
      expect(res.status()).toBe(200);
      const mails = (await res.json()) as { to: string; subject: string }[];
      return (address: string) =>
        mails.filter((m) => m.to === address.toLowerCase() && m.subject === subject).length;
    }),
  );
  return addresses.map((address) => perSink.map((countFor) => countFor(address)));
}

/** A demo transporter's trip in `status` that can still move on, with the status it moves to next. */
export async function movableTrip(
  request: APIRequestContext,
  transporter: string,
  status: TripStatus = 'STARTED',
): Promise<{ trip: TripSummary; next: TripStatus }> {
  const list = await apiCall<{ content: TripSummary[] }>(
    request,
    transporter,
    'GET',
    `/api/v1/trips?tripStatusList=${status}&size=20`,
  );
  for (const trip of list.content) {
    const next = nextTripStatus(trip.cargoType, status);
    if (next) return { trip, next };
  }
  throw new Error(`The demo transporter has no ${status} trip left to move`);
}

/** Moves a trip on to `status` through whichever instance or proxy `request` speaks to. */
export async function moveTrip(
  request: APIRequestContext,
  transporter: string,
  tripId: string,
  status: TripStatus,
): Promise<TripDetail> {
  const moved = await apiCall<TripDetail>(request, transporter, 'PATCH', `/api/v1/trips/${tripId}/status`, {
    tripStatus: status,
  });
  expect(moved.latestTripStatus?.tripStatus).toBe(status);
  return moved;
}
