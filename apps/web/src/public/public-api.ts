import type { OngoingTripItem, TrackingTrip } from '@freightlane/domain/public-tracking';

/**
 * The public JSON endpoints and their live streams. The server preloads exactly these URLs into the
 * served page (apps/api/src/app.ts), so the page's first fetch must build them the same way and use
 * fetch's defaults (mode cors, credentials same-origin) to match the preload.
 */
export interface PublicSource {
  jsonUrl: string;
  eventsUrl: string;
  /** The SSE event that carries a new copy of the document. */
  eventName: 'trip' | 'trips';
}

export function trackingSource(trackingId: string): PublicSource {
  const jsonUrl = `/api/v1/trips/open-access/${encodeURIComponent(trackingId)}`;
  return { jsonUrl, eventsUrl: `${jsonUrl}/events`, eventName: 'trip' };
}

export function ongoingSource(shareId: string): PublicSource {
  const jsonUrl = `/api/v1/trips/open-access/ongoing/${encodeURIComponent(shareId)}`;
  return { jsonUrl, eventsUrl: `${jsonUrl}/events`, eventName: 'trips' };
}

/** Why a load failed, so the page can say what happened: no network, too many requests, or the server. */
export type FailureReason = 'offline' | 'rate-limited' | 'server';

export type PublicFetchResult<T> =
  | { kind: 'ok'; data: T; etag: string | null }
  | { kind: 'unchanged' }
  | { kind: 'not-found'; message: string }
  | { kind: 'failed'; message: string; reason: FailureReason; retryAfterSeconds: number | null };

export const OFFLINE_MESSAGE = 'You seem to be offline. Check your connection and try again.';
const SERVER_TROUBLE_MESSAGE = 'Something went wrong on our side. Try again in a moment.';
const RATE_LIMITED_MESSAGE = 'Too many requests. Wait a moment, then try again.';
const NOT_FOUND_MESSAGE = 'This link is not valid.';

async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body?.message === 'string' && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/** Retry-After as whole seconds from now (it may be a number of seconds or an HTTP date), null if absent. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month; anything else (a negative number) is unreadable.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One GET of a public document. 400, 404 and 410 all mean the link leads nowhere (malformed, unknown,
 * revoked or expired); 429 and 5xx are worth retrying.
 */
export async function fetchPublicJson<T>(
  url: string,
  accept: (value: unknown) => value is T,
  etag: string | null = null,
): Promise<PublicFetchResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, etag ? { headers: { 'If-None-Match': etag } } : undefined);
  } catch {
    return { kind: 'failed', message: OFFLINE_MESSAGE, reason: 'offline', retryAfterSeconds: null };
  }
  if (response.status === 304) return { kind: 'unchanged' };
  if (response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    if (accept(body)) return { kind: 'ok', data: body, etag: response.headers.get('etag') };
    return { kind: 'failed', message: SERVER_TROUBLE_MESSAGE, reason: 'server', retryAfterSeconds: null };
  }
  if (response.status === 400 || response.status === 404 || response.status === 410) {
    return { kind: 'not-found', message: await messageOf(response, NOT_FOUND_MESSAGE) };
  }
  const rateLimited = response.status === 429;
  return {
    kind: 'failed',
    message: await messageOf(response, rateLimited ? RATE_LIMITED_MESSAGE : SERVER_TROUBLE_MESSAGE),
    reason: rateLimited ? 'rate-limited' : 'server',
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server checks the shape strictly; the page only makes sure it can render what came. */
export function isTrackingTrip(value: unknown): value is TrackingTrip {
  return (
    isRecord(value) &&
    typeof value.tripNumber === 'string' &&
    typeof value.cargoType === 'string' &&
    Array.isArray(value.containerNumbers) &&
    Array.isArray(value.tripStatusLogs)
  );
}

export function isOngoingTrips(value: unknown): value is OngoingTripItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        isRecord(item) &&
        typeof item.cargoType === 'string' &&
        Array.isArray(item.consignments) &&
        Array.isArray(item.tripStatusLogs),
    )
  );
}
