import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingTrip } from '@freightlane/domain/public-tracking';
import { POLL_INTERVAL_MS, STREAM_RETRY_MS, startLiveUpdates, type LiveStatus } from './live-updates';
import { isTrackingTrip, trackingSource } from './public-api';
import { FakeEventSource } from './test/fake-event-source';
import { TRACKING_ID, TRACKING_URL, trackingTrip } from './test/fixtures';

interface Answer {
  status: number;
  body?: unknown;
  etag?: string;
}

/** fetch whose answers the test sets as it goes; every call is recorded with its If-None-Match. */
function controllableFetch(first: Answer) {
  let answer: Answer | Error = first;
  const calls: { url: string; ifNoneMatch: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), ifNoneMatch: new Headers(init?.headers).get('if-none-match') });
    if (answer instanceof Error) throw answer;
    const headers: Record<string, string> = {};
    if (answer.etag) headers.etag = answer.etag;
    const body = answer.status === 304 ? null : JSON.stringify(answer.body);
    return new Response(body, { status: answer.status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    answer(next: Answer | Error) {
      answer = next;
    },
  };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Live updates left running would poll into the next test: each test's are stopped after it. */
let stopRunning: (() => void) | null = null;

/**
 * Starts live updates of the page's copy (ETag "v1"), the server answering 304 until the test says
 * otherwise.
 */
function startLive() {
  const fetch = controllableFetch({ status: 304 });
  const data: TrackingTrip[] = [];
  const gone: string[] = [];
  const statuses: LiveStatus[] = [];
  const stop = startLiveUpdates({
    source: trackingSource(TRACKING_ID),
    etag: '"v1"',
    accept: isTrackingTrip,
    onData: (trip) => data.push(trip),
    onGone: (message) => gone.push(message),
    onStatus: (status) => statuses.push(status),
  });
  stopRunning = stop;
  return { fetch, live: { data, gone, statuses, stop } };
}

/** The third failed attempt in a row makes the page give up on the stream and poll instead. */
function failThreeTimes(stream: FakeEventSource) {
  stream.fail();
  stream.fail();
  stream.fail();
}

const LOADED = trackingTrip({
  tripStatusLogs: [
    ...trackingTrip().tripStatusLogs,
    { tripStatus: 'LOADED', timeStamp: '2026-11-21 12:10:00' },
  ],
});

describe('live updates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    setVisibility('visible');
  });
  afterEach(() => {
    stopRunning?.();
    stopRunning = null;
  });

  it('passes on each copy of the trip the stream pushes', async () => {
    const { fetch, live } = startLive();
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe(`${TRACKING_URL}/events`);

    stream.open();
    expect(live.statuses).toEqual(['live']);
    // The server sends the current copy on each connection: no GET is needed beside the stream.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetch.calls).toEqual([]);
    expect(live.data).toEqual([]);

    stream.emit('trip', LOADED);
    expect(live.data).toEqual([LOADED]);
    stream.emit('trip', 'not json');
    expect(live.data).toHaveLength(1);
  });

  it("stops and reports the message when the stream says 'gone'", async () => {
    const { live } = startLive();
    const stream = FakeEventSource.latest();
    stream.open();
    stream.emit('gone', { message: 'This tracking link has expired' });
    expect(live.gone).toEqual(['This tracking link has expired']);
    expect(stream.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('falls back to polling every 10 s after three failed attempts, and retries the stream each minute', async () => {
    const { fetch, live } = startLive();
    const stream = FakeEventSource.latest();

    stream.fail();
    stream.fail();
    expect(live.statuses).toEqual(['reconnecting']);
    expect(fetch.calls).toHaveLength(0);
    stream.fail();
    expect(stream.closed).toBe(true);

    // The first poll goes out at once, conditional on the copy the page shows.
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toEqual([{ url: TRACKING_URL, ifNoneMatch: '"v1"' }]);
    expect(live.statuses.at(-1)).toBe('live');
    expect(live.data).toEqual([]);

    fetch.answer({ status: 200, body: LOADED, etag: '"v2"' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch.calls).toHaveLength(2);
    expect(live.data).toEqual([LOADED]);

    fetch.answer({ status: 304 });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch.calls.at(-1)).toEqual({ url: TRACKING_URL, ifNoneMatch: '"v2"' });
    expect(live.data).toHaveLength(1);

    // A minute after falling back, the stream is tried again; once it opens, polling stops.
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - 2 * POLL_INTERVAL_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    const retried = FakeEventSource.latest();
    expect(retried.url).toBe(`${TRACKING_URL}/events`);
    retried.open();
    await vi.advanceTimersByTimeAsync(0);
    const callsWhenOpen = fetch.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetch.calls).toHaveLength(callsWhenOpen);
  });

  it('keeps polling when the minute retry of the stream fails too', async () => {
    const { fetch } = startLive();
    const first = FakeEventSource.latest();
    failThreeTimes(first);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS);
    const retried = FakeEventSource.latest();
    expect(retried).not.toBe(first);
    retried.fail();
    expect(retried.closed).toBe(true);
    const before = fetch.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch.calls.length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it("shows 'Reconnecting…' while polls fail and reports a 404 as gone", async () => {
    const { fetch, live } = startLive();
    const stream = FakeEventSource.latest();
    failThreeTimes(stream);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.statuses.at(-1)).toBe('live');

    fetch.answer(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(live.statuses.at(-1)).toBe('reconnecting');

    fetch.answer({ status: 404, body: { message: 'This tracking link has been revoked' } });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(live.gone).toEqual(['This tracking link has been revoked']);
    const callsWhenGone = fetch.calls.length;
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 2);
    expect(fetch.calls).toHaveLength(callsWhenGone);
  });

  it('polls every 10 s from the start when the browser has no EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    const { fetch, live } = startLive();
    expect(live.statuses).toEqual(['live']);
    // The page has just loaded the document, so the first poll waits its turn.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(fetch.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch.calls).toHaveLength(2);
  });

  it('pauses polling while the page is hidden and refreshes on return', async () => {
    vi.stubGlobal('EventSource', undefined);
    const { fetch } = startLive();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(fetch.calls).toHaveLength(0);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch.calls).toHaveLength(2);
  });

  it('reconnects at once when the device comes back online', async () => {
    const { fetch, live } = startLive();
    const first = FakeEventSource.latest();
    first.open();
    first.fail({ closed: true });
    expect(live.statuses.at(-1)).toBe('reconnecting');

    window.dispatchEvent(new Event('online'));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.latest().open();
    expect(live.statuses.at(-1)).toBe('live');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toEqual([]);

    // An open stream is left alone.
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('reopens a stream the browser gave up on, without waiting for three failures', async () => {
    startLive();
    FakeEventSource.latest().fail({ closed: true });
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('lets a copy the returning stream pushed win over an older poll answer', async () => {
    const { fetch, live } = startLive();
    const first = FakeEventSource.latest();
    failThreeTimes(first);
    await vi.advanceTimersByTimeAsync(0);

    // The next poll hangs on a slow network while the stream comes back and pushes a newer copy.
    let answer: (response: Response) => void = () => {};
    const slowFetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', slowFetch);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(slowFetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - POLL_INTERVAL_MS);
    const retried = FakeEventSource.latest();
    expect(retried).not.toBe(first);
    retried.open();
    retried.emit('trip', LOADED);
    answer(new Response(JSON.stringify(trackingTrip()), { status: 200, headers: { etag: '"v0"' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(1);
    expect(live.data).toEqual([LOADED]);
  });

  it('stops everything when the page is left', async () => {
    const { fetch, live } = startLive();
    const stream = FakeEventSource.latest();
    live.stop();
    expect(stream.closed).toBe(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 2);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(fetch.calls).toHaveLength(0);
  });
});
