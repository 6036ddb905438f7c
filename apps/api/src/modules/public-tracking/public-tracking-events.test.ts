import { eventFrame } from '../../lib/server-sent-events';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { ChannelListener, Database } from '../../db/client';
import { trips } from '../../db/schema';
import { AppError } from '../../errors';
import { registerErrorHandling } from '../../plugins/errors';
import { TRIP_CHANGED_CHANNEL, TripEvents } from '../../plugins/trip-events';
import {
  eventually,
  listening,
  openEventStream,
  readEventText,
  type EventStream,
  type StreamEvent,
} from '../../test/event-stream';
import { call, createSecondTestApp, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';
import {
  LiveStreams,
  RECONNECT_DELAY_MS,
  startLiveStream,
  type LiveStreamOptions,
} from './public-tracking-events';
import { publicTrackingEventRoutes } from './public-tracking-events.routes';
import { trackingLinkExpiredMessage, type PublicDocument } from './public-tracking.service';

const onPostgres = process.env.TEST_DB === 'postgres';
const TRIP = '0b7f2a52-5a1c-4c1e-9d4e-1f0a7c3e2b01';
const OTHER_TRIP = '0b7f2a52-5a1c-4c1e-9d4e-1f0a7c3e2b02';
const LEKKI = '7a8e9f10-1111-4c1e-9d4e-1f0a7c3e2b01';
const IBADAN = '7a8e9f10-2222-4c1e-9d4e-1f0a7c3e2b02';
const quietLog = { warn: vi.fn() } as unknown as FastifyBaseLogger;

describe('eventFrame', () => {
  it('writes the event name, its id and its data, ended by a blank line', () => {
    expect(eventFrame('trip', '{"tripNumber":"TRP-2025-000042"}', '"v1"')).toBe(
      'event: trip\nid: "v1"\ndata: {"tripNumber":"TRP-2025-000042"}\n\n',
    );
  });

  it('splits data over data lines, so a line break cannot end the event early', () => {
    const frame = eventFrame('gone', 'first\nsecond\r\nthird');
    expect(frame).toBe('event: gone\ndata: first\ndata: second\ndata: third\n\n');
    expect(readEventText(frame).events[0]).toMatchObject({ event: 'gone', data: 'first\nsecond\nthird' });
  });
});

/** A response that records what the stream writes, as the browser would read it. */
class RecordingResponse extends EventEmitter {
  status = 0;
  headers: Record<string, string> = {};
  text = '';
  writableEnded = false;
  writableLength = 0;
  socket: { destroyed: boolean } | null = { destroyed: false };
  writeHead(status: number, headers: Record<string, string>) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  write(chunk: string) {
    this.text += chunk;
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
  /** The page closes the tab. */
  hangUp() {
    this.socket = null;
    this.emit('close');
  }
  get record() {
    return readEventText(this.text);
  }
}

interface PendingLoad {
  resolve(document: PublicDocument): void;
  reject(err: unknown): void;
}

/** A document loader the test answers by hand, one call at a time. */
function handLoader() {
  const pending: PendingLoad[] = [];
  const load = vi.fn(
    () =>
      new Promise<PublicDocument>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const settle = async () => {
    // Lets the stream react to an answer (the promise chain) before the test looks.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    load,
    pending,
    async answer(document: PublicDocument) {
      const next = pending.shift();
      if (!next) throw new Error('No load is waiting');
      next.resolve(document);
      await settle();
    },
    async fail(err: unknown) {
      const next = pending.shift();
      if (!next) throw new Error('No load is waiting');
      next.reject(err);
      await settle();
    },
  };
}

const doc = (etag: string, body: unknown, extra: Partial<PublicDocument> = {}): PublicDocument => ({
  body: JSON.stringify(body),
  etag,
  tripIds: [TRIP],
  companyId: LEKKI,
  expiresAt: null,
  refreshAt: null,
  ...extra,
});

/** A stream wired to a TripEvents the test drives, over a response that records. */
async function unitStream(
  options: { follow?: 'trips' | 'company'; lastEventId?: string; streamOptions?: LiveStreamOptions } = {},
) {
  let channel: ChannelListener | null = null;
  const database = {
    listen: async (name: string, listener: ChannelListener) => {
      if (name === TRIP_CHANGED_CHANNEL) channel = listener;
      return async () => undefined;
    },
  } as unknown as Database;
  const tripEvents = new TripEvents(database);
  await tripEvents.start();
  const ctx = { tripEvents } as AppContext;
  const streams = new LiveStreams(options.streamOptions);
  const res = new RecordingResponse();
  const loader = handLoader();
  const release = streams.reserve('10.0.0.7');
  let hijacked = 0;
  const started = startLiveStream(
    {
      ctx,
      streams,
      load: loader.load,
      event: options.follow === 'company' ? 'trips' : 'trip',
      follow: options.follow ?? 'trips',
      res: res as unknown as ServerResponse,
      lastEventId: options.lastEventId,
      release,
      log: quietLog,
    },
    () => {
      hijacked += 1;
    },
  );
  return {
    tripEvents,
    streams,
    res,
    loader,
    started,
    hijacked: () => hijacked,
    notify: (tripId: string, companyId: string | null = LEKKI) =>
      channel!.onNotify(`${tripId},${companyId ?? ''}`),
    resync: () => channel!.onResync(),
  };
}

describe('a live stream (unit)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with the stream headers, retry and the first document with its etag', async () => {
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { tripNumber: 'TRP-2025-000042' }));
    await s.started;
    expect(s.hijacked()).toBe(1);
    expect(s.res.status).toBe(200);
    expect(s.res.headers).toEqual({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    expect(s.res.text).toBe(
      `retry: ${RECONNECT_DELAY_MS}\n\nevent: trip\nid: "v1"\ndata: {"tripNumber":"TRP-2025-000042"}\n\n`,
    );
    expect(s.tripEvents.listenerCount).toBe(1);
    expect(s.streams.size).toBe(1);
  });

  it('leaves out the first document when Last-Event-ID already names its etag', async () => {
    const s = await unitStream({ lastEventId: '"v1"' });
    await s.loader.answer(doc('"v1"', { tripNumber: 'TRP-2025-000042' }));
    await s.started;
    expect(s.res.record).toEqual({ events: [], retries: [2000], comments: [] });
  });

  it('sends the first document when Last-Event-ID names an older version', async () => {
    const s = await unitStream({ lastEventId: '"v0"' });
    await s.loader.answer(doc('"v1"', { tripNumber: 'TRP-2025-000042' }));
    await s.started;
    expect(s.res.record.events.map((e) => e.id)).toEqual(['"v1"']);
  });

  it('refuses before streaming when the first load fails, and gives the place back', async () => {
    const s = await unitStream({ streamOptions: { maxStreamsPerIp: 1 } });
    await s.loader.fail(new AppError('NOT_FOUND', 'Tracking link not found'));
    await expect(s.started).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Tracking link not found' });
    expect(s.hijacked()).toBe(0);
    expect(s.res.status).toBe(0);
    expect(s.tripEvents.listenerCount).toBe(0);
    expect(s.tripEvents.resyncListenerCount).toBe(0);
    // The one place of this address is free again.
    expect(() => s.streams.reserve('10.0.0.7')).not.toThrow();
  });

  it('reloads on a change of its trip and sends the new version only when it differs', async () => {
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;

    s.notify(OTHER_TRIP, IBADAN);
    expect(s.loader.load).toHaveBeenCalledTimes(1);

    s.notify(TRIP);
    await s.loader.answer(doc('"v1"', { step: 1 }));
    s.notify(TRIP);
    await s.loader.answer(doc('"v2"', { step: 2 }));
    expect(s.res.record.events.map((e) => [e.event, e.id, e.data])).toEqual([
      ['trip', '"v1"', '{"step":1}'],
      ['trip', '"v2"', '{"step":2}'],
    ]);
  });

  it('coalesces a burst: one reload in flight, one more queued, however many changes come', async () => {
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;

    for (let i = 0; i < 6; i++) s.notify(TRIP);
    expect(s.loader.load).toHaveBeenCalledTimes(2);
    await s.loader.answer(doc('"v2"', { step: 2 }));
    // The changes heard while that reload ran fold into one more.
    expect(s.loader.load).toHaveBeenCalledTimes(3);
    await s.loader.answer(doc('"v3"', { step: 3 }));
    expect(s.loader.load).toHaveBeenCalledTimes(3);
    expect(s.loader.pending).toHaveLength(0);
    expect(s.res.record.events.map((e) => e.id)).toEqual(['"v1"', '"v2"', '"v3"']);
  });

  it('follows the customer company for an ongoing table', async () => {
    const s = await unitStream({ follow: 'company' });
    await s.loader.answer(doc('"t1"', [], { tripIds: [], companyId: LEKKI }));
    await s.started;
    // A trip that was not in the table yet (it just started) still belongs to the company.
    s.notify(OTHER_TRIP, LEKKI);
    await s.loader.answer(
      doc('"t2"', [{ cargoType: 'EXPORT' }], { tripIds: [OTHER_TRIP], companyId: LEKKI }),
    );
    s.notify(TRIP, IBADAN);
    expect(s.loader.load).toHaveBeenCalledTimes(2);
    expect(s.res.record.events.map((e) => [e.event, e.data])).toEqual([
      ['trips', '[]'],
      ['trips', '[{"cargoType":"EXPORT"}]'],
    ]);
  });

  it('replays a change heard while the first load ran, so it is not lost', async () => {
    const s = await unitStream();
    s.notify(TRIP);
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    expect(s.loader.load).toHaveBeenCalledTimes(2);
    await s.loader.answer(doc('"v2"', { step: 2 }));
    expect(s.res.record.events.map((e) => e.id)).toEqual(['"v1"', '"v2"']);
  });

  it('does not reload for changes of other trips heard while the first load ran', async () => {
    const s = await unitStream();
    s.notify(OTHER_TRIP, IBADAN);
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    expect(s.loader.load).toHaveBeenCalledTimes(1);
  });

  it('reloads after a resync, since changes may have been missed', async () => {
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    s.resync();
    await s.loader.answer(doc('"v2"', { step: 2 }));
    expect(s.res.record.events.map((e) => e.id)).toEqual(['"v1"', '"v2"']);
  });

  it('says gone with the message and ends when the reload answers not found', async () => {
    const s = await unitStream({ streamOptions: { maxStreamsPerIp: 1 } });
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    s.notify(TRIP);
    await s.loader.fail(new AppError('NOT_FOUND', 'This tracking link has been revoked.'));
    expect(s.res.record.events.map((e) => [e.event, e.data])).toEqual([
      ['trip', '{"step":1}'],
      ['gone', '{"message":"This tracking link has been revoked."}'],
    ]);
    expect(s.res.writableEnded).toBe(true);
    expect(s.tripEvents.listenerCount).toBe(0);
    expect(s.tripEvents.resyncListenerCount).toBe(0);
    expect(s.streams.size).toBe(0);
    expect(() => s.streams.reserve('10.0.0.7')).not.toThrow();
    s.notify(TRIP);
    expect(s.loader.load).toHaveBeenCalledTimes(2);
  });

  it('keeps streaming through a failed reload, and the next change tries again', async () => {
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    s.notify(TRIP);
    await s.loader.fail(new Error('Connection terminated unexpectedly'));
    expect(s.res.writableEnded).toBe(false);
    s.notify(TRIP);
    await s.loader.answer(doc('"v2"', { step: 2 }));
    expect(s.res.record.events.map((e) => e.id)).toEqual(['"v1"', '"v2"']);
  });

  it('lets go of every listener and timer when the page hangs up', async () => {
    vi.useFakeTimers();
    const s = await unitStream({ streamOptions: { maxStreamsPerIp: 1 } });
    await s.loader.answer(doc('"v1"', { step: 1 }, { expiresAt: new Date(Date.now() + 3600_000) }));
    await s.started;
    expect(vi.getTimerCount()).toBe(2);
    s.res.hangUp();
    expect(vi.getTimerCount()).toBe(0);
    expect(s.tripEvents.listenerCount).toBe(0);
    expect(s.tripEvents.resyncListenerCount).toBe(0);
    expect(s.streams.size).toBe(0);
    expect(() => s.streams.reserve('10.0.0.7')).not.toThrow();
  });

  it('does not start following when the page hung up while the document loaded', async () => {
    const s = await unitStream();
    s.res.hangUp();
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    expect(s.tripEvents.listenerCount).toBe(0);
    expect(s.streams.size).toBe(0);
  });

  it('sends a keep-alive comment every heartbeat', async () => {
    vi.useFakeTimers();
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { step: 1 }));
    await s.started;
    vi.advanceTimersByTime(20_000 * 3);
    expect(s.res.record.comments).toEqual(['keep-alive', 'keep-alive', 'keep-alive']);
  });

  it('reloads when the link expires and says gone with the reload’s message', async () => {
    vi.useFakeTimers();
    const s = await unitStream();
    await s.loader.answer(doc('"v1"', { step: 1 }, { expiresAt: new Date(Date.now() + 90 * 60_000) }));
    await s.started;
    vi.advanceTimersByTime(90 * 60_000 - 1000);
    expect(s.loader.load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000 + 25);
    expect(s.loader.load).toHaveBeenCalledTimes(2);
    await s.loader.fail(new AppError('NOT_FOUND', 'This tracking link expired on 2025-03-01.'));
    expect(s.res.record.events.at(-1)).toMatchObject({
      event: 'gone',
      data: '{"message":"This tracking link expired on 2025-03-01."}',
    });
    expect(s.res.writableEnded).toBe(true);
  });

  it('says gone when the expiry passed even if the reload still answered', async () => {
    vi.useFakeTimers();
    const s = await unitStream();
    const expiresAt = new Date(Date.now() + 60_000);
    await s.loader.answer(doc('"v1"', { step: 1 }, { expiresAt }));
    await s.started;
    vi.advanceTimersByTime(60_000 + 25);
    await s.loader.answer(doc('"v1"', { step: 1 }, { expiresAt }));
    expect(s.res.record.events.at(-1)).toMatchObject({
      event: 'gone',
      data: JSON.stringify({ message: trackingLinkExpiredMessage(expiresAt) }),
    });
  });

  it('follows a changed expiry: a link given longer keeps streaming', async () => {
    vi.useFakeTimers();
    // A daily heartbeat, so passing a month of fake time does not run 130,000 of them.
    const s = await unitStream({ streamOptions: { heartbeatMs: 24 * 3600_000 } });
    await s.loader.answer(doc('"v1"', { step: 1 }, { expiresAt: new Date(Date.now() + 60_000) }));
    await s.started;
    s.notify(TRIP);
    await s.loader.answer(doc('"v2"', { step: 1 }, { expiresAt: new Date(Date.now() + 50 * 24 * 3600_000) }));
    vi.advanceTimersByTime(120_000);
    expect(s.loader.load).toHaveBeenCalledTimes(2);
    expect(s.res.writableEnded).toBe(false);
    // Beyond what one timer can wait (about 24.8 days): it wakes, reloads, and waits again.
    vi.advanceTimersByTime(30 * 24 * 3600_000);
    expect(s.loader.load).toHaveBeenCalledTimes(3);
    await s.loader.answer(doc('"v2"', { step: 1 }, { expiresAt: new Date(Date.now() + 20 * 24 * 3600_000) }));
    expect(s.res.writableEnded).toBe(false);
    expect(s.res.record.events.map((e) => e.event)).toEqual(['trip', 'trip']);
  });

  it('reloads at the refresh time and sends the new version, then waits for the next one', async () => {
    vi.useFakeTimers();
    const s = await unitStream({ streamOptions: { heartbeatMs: 24 * 3600_000 } });
    const refreshAt = () => new Date(Date.now() + 120_000);
    await s.loader.answer(doc('"v1"', { seen: '12:00' }, { refreshAt: refreshAt() }));
    await s.started;
    vi.advanceTimersByTime(120_000 - 1);
    expect(s.loader.load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1 + 25);
    expect(s.loader.load).toHaveBeenCalledTimes(2);
    await s.loader.answer(doc('"v2"', { seen: '12:02' }, { refreshAt: refreshAt() }));
    expect(s.res.record.events.map((e) => e.id)).toEqual(['"v1"', '"v2"']);
    vi.advanceTimersByTime(120_000 + 25);
    expect(s.loader.load).toHaveBeenCalledTimes(3);
    // The truck went quiet: the same version is not sent again, and nothing refreshes any more.
    await s.loader.answer(doc('"v2"', { seen: '12:02' }));
    vi.advanceTimersByTime(3600_000);
    expect(s.loader.load).toHaveBeenCalledTimes(3);
    expect(s.res.record.events).toHaveLength(2);
    expect(s.res.writableEnded).toBe(false);
  });

  it('caps the open streams of one address, and counts a closed one out', async () => {
    const streams = new LiveStreams({ maxStreamsPerIp: 2 });
    const first = streams.reserve('10.0.0.7');
    streams.reserve('10.0.0.7');
    expect(() => streams.reserve('10.0.0.7')).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED', status: 429 }),
    );
    expect(() => streams.reserve('10.0.0.8')).not.toThrow();
    first();
    first();
    streams.reserve('10.0.0.7');
    expect(() => streams.reserve('10.0.0.7')).toThrow(AppError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Over real HTTP, against the real public documents.

/** A started Import LOC trip of the world's pair, with its fleet. */
async function startedTrip(w: TripWorld): Promise<TripRef> {
  const trip = await w.newTrip();
  await w.assignFleet(trip.id);
  await w.walkTo(trip.id, 'STARTED');
  return trip;
}

describe('live public pages over HTTP', () => {
  let t: TestApp;
  let w: TripWorld;
  let base: string;
  const open: EventStream[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    base = await listening(t.app);
  });
  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    await eventually(
      () => t.ctx.tripEvents.listenerCount,
      (n) => n === 0,
    );
  });
  afterAll(() => t.close());

  const follow = async (path: string, headers: Record<string, string> = {}, at = base) => {
    const stream = await openEventStream(`${at}${path}`, headers);
    open.push(stream);
    return stream;
  };
  const trackingEvents = (trackingId: string) => `/api/v1/trips/open-access/${trackingId}/events`;
  const ongoingEvents = (shareId: string) => `/api/v1/trips/open-access/ongoing/${shareId}/events`;
  /** The public document as its JSON endpoint answers it: the exact text and its etag. */
  const publicJson = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: path, remoteAddress: '10.9.9.9' });
    return { status: res.statusCode, text: res.body, etag: res.headers.etag as string | undefined };
  };
  const moveTo = async (tripId: string, tripStatus: string) => {
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${tripId}/status`,
      { tripStatus },
      {
        token: w.transporter.accessToken,
      },
    );
    expect(res.status).toBe(200);
    return Date.now();
  };
  const logsOf = (event: StreamEvent) =>
    (JSON.parse(event.data) as { tripStatusLogs: { tripStatus: string }[] }).tripStatusLogs.map(
      (l) => l.tripStatus,
    );

  it('opens with retry 2000 and the exact tracking document, as a stream', async () => {
    const trip = await startedTrip(w);
    const stream = await follow(trackingEvents(trip.trackingId));
    const first = await stream.next();
    const json = await publicJson(`/api/v1/trips/open-access/${trip.trackingId}`);

    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.retries).toEqual([2000]);
    expect(first.event).toBe('trip');
    expect(first.data).toBe(json.text);
    expect(first.id).toBe(json.etag);
    expect(JSON.parse(first.data)).toMatchObject({
      tripNumber: trip.tripNumber,
      tripStatusLogs: [{ tripStatus: 'STARTED' }],
    });
    expect(t.ctx.tripEvents.listenerCount).toBe(1);
  });

  it('sends a status change made through the API within 2 s, with its new status log', async () => {
    const trip = await startedTrip(w);
    const stream = await follow(trackingEvents(trip.trackingId));
    await stream.next();

    const answeredAt = await moveTo(trip.id, 'AT_PICKUP_LOCATION');
    const update = await stream.next();
    expect(update.receivedAt - answeredAt).toBeLessThan(2000);
    expect(update.event).toBe('trip');
    expect(logsOf(update)).toEqual(['STARTED', 'AT_PICKUP_LOCATION']);
    const json = await publicJson(`/api/v1/trips/open-access/${trip.trackingId}`);
    expect(update.data).toBe(json.text);
    expect(update.id).toBe(json.etag);
  });

  it('sends nothing for a change the page does not show, and nothing about other trips', async () => {
    const trip = await startedTrip(w);
    const stream = await follow(trackingEvents(trip.trackingId));
    await stream.next();

    await t.ctx.db.update(trips).set({ updatedAt: new Date() }).where(eq(trips.id, trip.id));
    const other = await startedTrip(w);
    await moveTo(other.id, 'AT_PICKUP_LOCATION');
    await moveTo(trip.id, 'AT_PICKUP_LOCATION');
    const update = await stream.next();
    expect(logsOf(update)).toEqual(['STARTED', 'AT_PICKUP_LOCATION']);
    // Changes arrive in commit order: had the first two produced a frame, it would have come before.
    expect(stream.events).toHaveLength(2);
  });

  it('skips the first document for a page that reconnects with its current etag', async () => {
    const trip = await startedTrip(w);
    const { etag } = await publicJson(`/api/v1/trips/open-access/${trip.trackingId}`);
    const stream = await follow(trackingEvents(trip.trackingId), { 'last-event-id': etag! });
    await eventually(
      () => t.ctx.tripEvents.listenerCount,
      (n) => n === 1,
    );
    await moveTo(trip.id, 'AT_PICKUP_LOCATION');
    const first = await stream.next();
    expect(logsOf(first)).toEqual(['STARTED', 'AT_PICKUP_LOCATION']);
    expect(stream.events).toHaveLength(1);
    expect(stream.retries).toEqual([2000]);
  });

  it('updates the ongoing table when an issue is opened (its status becomes DELAYED)', async () => {
    const trip = await startedTrip(w);
    const link = await call(t.app, 'GET', '/api/v1/trips/ongoing-link', undefined, {
      token: w.customer.accessToken,
    });
    expect(link.status).toBe(200);
    const stream = await follow(ongoingEvents(link.body.shareId));
    const first = await stream.next();
    const json = await publicJson(`/api/v1/trips/open-access/ongoing/${link.body.shareId}`);
    expect(first.event).toBe('trips');
    expect(first.data).toBe(json.text);
    type Item = { latestTripIssue: unknown; truckRegistrationNumber: string | null };
    const before = JSON.parse(first.data) as Item[];
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((item) => item.latestTripIssue === null)).toBe(true);

    const res = await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip.id}/issues`,
      { issueType: 'CHECKPOINT_DELAY', description: 'Held at the Berger checkpoint for papers' },
      { token: w.transporter.accessToken },
    );
    expect(res.status).toBe(201);
    const answeredAt = Date.now();
    const update = await stream.next();
    expect(update.receivedAt - answeredAt).toBeLessThan(2000);
    expect(update.event).toBe('trips');
    const after = JSON.parse(update.data) as Item[];
    expect(after.filter((item) => item.latestTripIssue !== null)).toEqual([
      expect.objectContaining({ latestTripIssue: { issueStatus: 'OPEN' } }),
    ]);
    expect(update.data).toBe(
      (await publicJson(`/api/v1/trips/open-access/ongoing/${link.body.shareId}`)).text,
    );
  });

  it('says gone with the revoked message and ends the stream when the link is revoked', async () => {
    const trip = await startedTrip(w);
    const stream = await follow(trackingEvents(trip.trackingId));
    await stream.next();

    const res = await call(t.app, 'POST', `/api/v1/trips/${trip.id}/tracking-link/revoke`, undefined, {
      token: w.customer.accessToken,
    });
    expect(res.status).toBe(200);
    const gone = await stream.next((e) => e.event === 'gone');
    const json = await publicJson(`/api/v1/trips/open-access/${trip.trackingId}`);
    expect(json.status).toBe(404);
    const { message } = JSON.parse(json.text) as { message: string };
    expect(message).toMatch(/revoked/i);
    expect(JSON.parse(gone.data)).toEqual({ message });
    await stream.ended;
    expect(t.ctx.tripEvents.listenerCount).toBe(0);
  });

  it('says gone to an ongoing table open on a share id that was rotated', async () => {
    await startedTrip(w);
    const link = await call(t.app, 'GET', '/api/v1/trips/ongoing-link', undefined, {
      token: w.customer.accessToken,
    });
    const stream = await follow(ongoingEvents(link.body.shareId));
    await stream.next((e) => e.event === 'trips');

    const rotated = await call(t.app, 'POST', '/api/v1/trips/ongoing-link/rotate', undefined, {
      token: w.customer.accessToken,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.shareId).not.toBe(link.body.shareId);
    const gone = await stream.next((e) => e.event === 'gone');
    const json = await publicJson(`/api/v1/trips/open-access/ongoing/${link.body.shareId}`);
    expect(json.status).toBe(404);
    expect(JSON.parse(gone.data)).toEqual({
      message: (JSON.parse(json.text) as { message: string }).message,
    });
    await stream.ended;

    const fresh = await follow(ongoingEvents(rotated.body.shareId));
    expect((await fresh.next()).event).toBe('trips');
  });

  it('says gone with the expired message when the link’s expiry passes', async () => {
    const trip = await startedTrip(w);
    await t.ctx.db
      .update(trips)
      .set({ trackingExpiresAt: new Date(Date.now() + 1200) })
      .where(eq(trips.id, trip.id));
    const stream = await follow(trackingEvents(trip.trackingId));
    await stream.next((e) => e.event === 'trip');
    const gone = await stream.next((e) => e.event === 'gone');
    const json = await publicJson(`/api/v1/trips/open-access/${trip.trackingId}`);
    expect(json.status).toBe(404);
    const { message } = JSON.parse(json.text) as { message: string };
    expect(message).toMatch(/expired/i);
    expect(JSON.parse(gone.data)).toEqual({ message });
    await stream.ended;
  });

  it('answers an unknown id with the JSON 404 of the page, before any streaming', async () => {
    const stream = await follow(trackingEvents('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(stream.status).toBe(404);
    expect(stream.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(await stream.text()) as { message: string };
    expect(body.message).toBe(
      (
        JSON.parse((await publicJson('/api/v1/trips/open-access/AAAAAAAAAAAAAAAAAAAAAA')).text) as {
          message: string;
        }
      ).message,
    );
    expect(body.message.length).toBeGreaterThan(0);

    const ongoing = await follow(ongoingEvents('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(ongoing.status).toBe(404);
    expect(JSON.parse(await ongoing.text())).toMatchObject({ message: expect.any(String) });
    expect(t.ctx.tripEvents.listenerCount).toBe(0);
  });

  it('answers a malformed id with the same 404 as an unknown one', async () => {
    const stream = await follow(trackingEvents('not-a-link'));
    expect(stream.status).toBe(404);
    const unknown = await publicJson('/api/v1/trips/open-access/AAAAAAAAAAAAAAAAAAAAAA');
    expect(JSON.parse(await stream.text())).toEqual(JSON.parse(unknown.text));
  });

  it('removes the listeners when the page disconnects', async () => {
    const trip = await startedTrip(w);
    const stream = await follow(trackingEvents(trip.trackingId));
    await stream.next();
    const resyncBefore = t.ctx.tripEvents.resyncListenerCount;
    expect(t.ctx.tripEvents.listenerCount).toBe(1);
    stream.close();
    await eventually(
      () => [t.ctx.tripEvents.listenerCount, t.ctx.tripEvents.resyncListenerCount],
      ([pages, resyncs]) => pages === 0 && resyncs === resyncBefore - 1,
    );
  });

  it('documents both streams as text/event-stream in OpenAPI', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    for (const path of [
      '/api/v1/trips/open-access/{trackingId}/events',
      '/api/v1/trips/open-access/ongoing/{id}/events',
    ]) {
      const get = res.body.paths[path].get;
      expect(get.tags).toEqual(['Public tracking']);
      expect(Object.keys(get.responses['200'].content)).toEqual(['text/event-stream']);
      expect(Object.keys(get.responses).sort()).toEqual(['200', '404', '429']);
      expect(Object.keys(get.responses['404'].content)).toEqual(['application/json']);
      expect(get.security).toBeUndefined();
    }
  });

  describe('limits and shutdown (a small app on the same database)', () => {
    /** The stream routes alone, with settings a test can wait for. */
    async function streamsApp(options: LiveStreamOptions) {
      const app = Fastify().withTypeProvider<ZodTypeProvider>();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandling(app);
      publicTrackingEventRoutes(app, t.ctx, options);
      return { app, url: await listening(app) };
    }

    it('refuses the streams of one address beyond its cap with a JSON 429, and frees a closed one', async () => {
      const { app, url } = await streamsApp({ maxStreamsPerIp: 2 });
      try {
        const trip = await startedTrip(w);
        const first = await follow(trackingEvents(trip.trackingId), {}, url);
        await follow(trackingEvents(trip.trackingId), {}, url);
        const refused = await follow(trackingEvents(trip.trackingId), {}, url);
        expect(refused.status).toBe(429);
        expect(JSON.parse(await refused.text())).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.any(String),
        });

        first.close();
        await eventually(
          () => t.ctx.tripEvents.listenerCount,
          (n) => n === 1,
        );
        const again = await follow(trackingEvents(trip.trackingId), {}, url);
        expect(again.status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('ends open streams when the app closes, so closing does not hang', async () => {
      const { app, url } = await streamsApp({});
      const trip = await startedTrip(w);
      const stream = await follow(trackingEvents(trip.trackingId), {}, url);
      await stream.next();
      await app.close();
      await stream.ended;
      expect(t.ctx.tripEvents.listenerCount).toBe(0);
    });

    it('sends a keep-alive comment every heartbeat', async () => {
      const { app, url } = await streamsApp({ heartbeatMs: 50 });
      try {
        const trip = await startedTrip(w);
        const stream = await follow(trackingEvents(trip.trackingId), {}, url);
        await eventually(
          () => stream.comments,
          (comments) => comments.length >= 2,
        );
        expect(new Set(stream.comments)).toEqual(new Set(['keep-alive']));
      } finally {
        await app.close();
      }
    });
  });

  describe.runIf(onPostgres)('across instances on PostgreSQL', () => {
    it('delivers a change made through instance A to a stream open on instance B within 2 s', async () => {
      const b = await createSecondTestApp(t);
      try {
        const trip = await startedTrip(w);
        const stream = await follow(trackingEvents(trip.trackingId), {}, await listening(b.app));
        await stream.next();
        expect(b.ctx.tripEvents.listenerCount).toBe(1);
        expect(t.ctx.tripEvents.listenerCount).toBe(0);

        const answeredAt = await moveTo(trip.id, 'AT_PICKUP_LOCATION');
        const update = await stream.next();
        expect(update.receivedAt - answeredAt).toBeLessThan(2000);
        expect(logsOf(update)).toEqual(['STARTED', 'AT_PICKUP_LOCATION']);
        stream.close();
        await eventually(
          () => b.ctx.tripEvents.listenerCount,
          (n) => n === 0,
        );
      } finally {
        await b.close();
      }
    });

    it('keeps a stream live after the LISTEN connection is killed: it resyncs, then hears new changes', async () => {
      const trip = await startedTrip(w);
      const stream = await follow(trackingEvents(trip.trackingId));
      await stream.next();
      let resynced = 0;
      const stopWatching = t.ctx.tripEvents.onResync(() => {
        resynced += 1;
      });
      try {
        await t.ctx.db.execute(sql`
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%'`);
        // A change while the listener is down is missed by NOTIFY; the resync reload catches it up.
        await moveTo(trip.id, 'AT_PICKUP_LOCATION');
        // Both LISTEN connections (trip changes, share-link rotations) come back, each with a resync.
        await eventually(
          () => resynced,
          (n) => n >= 2,
          10_000,
        );
        const caughtUp = await stream.next();
        expect(logsOf(caughtUp)).toEqual(['STARTED', 'AT_PICKUP_LOCATION']);

        const answeredAt = await moveTo(trip.id, 'LOADED');
        const update = await stream.next();
        expect(update.receivedAt - answeredAt).toBeLessThan(2000);
        expect(logsOf(update)).toEqual(['STARTED', 'AT_PICKUP_LOCATION', 'LOADED']);
      } finally {
        stopWatching();
      }
    });
  });
});
