import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStream, notification, sseEvent, type FakeEventStream } from '../test-fixtures';
import {
  FAILURES_BEFORE_POLLING,
  POLL_INTERVAL_MS,
  retryDelayMs,
  startNotificationStream,
} from './notification-stream';

/** Lets the stream's promises (fetch, reads) settle without moving the clock. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await vi.advanceTimersByTimeAsync(0);
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

interface Harness {
  open: ReturnType<typeof vi.fn>;
  poll: ReturnType<typeof vi.fn>;
  unread: number[];
  titles: string[];
  stop: () => void;
}

/** Starts the stream; each connection answers with the next reply (a stream or a status). */
function start(replies: (FakeEventStream | number | 'unreachable')[]): Harness {
  const unread: number[] = [];
  const titles: string[] = [];
  const open = vi.fn(async () => {
    const reply = replies.shift() ?? 503;
    if (reply === 'unreachable') throw new Error('network');
    return typeof reply === 'number' ? new Response(null, { status: reply }) : reply.response;
  });
  const poll = vi.fn(async () => {});
  const stop = startNotificationStream({
    open,
    poll,
    onUnread: (count) => unread.push(count),
    onNotification: (item) => titles.push(item.title),
  });
  return { open, poll, unread, titles, stop };
}

describe('the notification stream', () => {
  let harness: Harness | null = null;

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    harness?.stop();
    harness = null;
    setVisibility('visible');
  });

  it('passes on the unread count and new notifications, and ignores what it cannot read', async () => {
    const stream = createEventStream();
    harness = start([stream]);
    await settle();
    stream.send(sseEvent('unread', { unreadCount: 3 }));
    stream.send(': heartbeat\n\n');
    stream.send(sseEvent('unread', { unreadCount: 'many' }));
    stream.send('event: notification\ndata: not json\n\n');
    stream.send(sseEvent('notification', notification({ title: 'Bid won on ORD-2026-000042' })));
    await settle();
    expect(harness.unread).toEqual([3]);
    expect(harness.titles).toEqual(['Bid won on ORD-2026-000042']);
    expect(harness.open).toHaveBeenCalledTimes(1);
  });

  it('backs off 2 s, 4 s, 8 s… up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });

  it('reconnects 2 s after a working stream drops, and resets the backoff once one works again', async () => {
    const first = createEventStream();
    const second = createEventStream();
    const third = createEventStream();
    harness = start([first, 503, second, third]);
    await settle();
    first.send(sseEvent('unread', { unreadCount: 1 }));
    await settle();
    first.close();
    await settle();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(harness.open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    // The 503 is the second failure in a row: the next try waits 4 s.
    expect(harness.open).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(harness.open).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(3);
    second.send(sseEvent('unread', { unreadCount: 2 }));
    await settle();
    second.close();
    await settle();
    // It worked, so its drop waits 2 s again.
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(4);
    expect(harness.unread).toEqual([1, 2]);
    expect(harness.poll).not.toHaveBeenCalled();
  });

  it('counts a stream that closes before its first event as a failure', async () => {
    const streams = [createEventStream(), createEventStream(), createEventStream()];
    harness = start([...streams]);
    await settle();
    streams[0]!.close();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(2);
    streams[1]!.close();
    await settle();
    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(3);
    expect(harness.poll).not.toHaveBeenCalled();
    streams[2]!.close();
    await settle();
    expect(harness.poll).toHaveBeenCalledTimes(1);
  });

  it('polls the unread count every minute after three failures in a row, until a stream works', async () => {
    const late = createEventStream();
    harness = start(['unreachable', 503, 502, 503, 503, 503, late]);
    let now = 0;
    const advanceTo = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms - now);
      now = ms;
      await settle();
    };
    await settle();
    // Failures at 0 s, 2 s and 6 s: the third starts the polls, at once (the count may have changed).
    await advanceTo(6_000);
    expect(harness.open).toHaveBeenCalledTimes(FAILURES_BEFORE_POLLING);
    expect(harness.poll).toHaveBeenCalledTimes(1);
    // The stream is still tried meanwhile, at 14 s, 30 s and 62 s; the next poll is a minute after the first.
    await advanceTo(62_000);
    expect(harness.open).toHaveBeenCalledTimes(6);
    expect(harness.poll).toHaveBeenCalledTimes(1);
    await advanceTo(6_000 + POLL_INTERVAL_MS);
    expect(harness.poll).toHaveBeenCalledTimes(2);
    // A minute after the sixth failure the stream works: polling stops.
    await advanceTo(122_000);
    expect(harness.open).toHaveBeenCalledTimes(7);
    late.send(sseEvent('unread', { unreadCount: 9 }));
    await settle();
    await advanceTo(122_000 + 3 * POLL_INTERVAL_MS);
    expect(harness.poll).toHaveBeenCalledTimes(2);
    expect(harness.unread).toEqual([9]);
  });

  it('stops trying the stream after a lasting refusal and polls each minute instead', async () => {
    harness = start([404]);
    await settle();
    expect(harness.poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await settle();
    expect(harness.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(harness.poll).toHaveBeenCalledTimes(2);
    expect(harness.open).toHaveBeenCalledTimes(1);
  });

  it('leaves a dropped stream closed while the tab is hidden and reconnects when it is shown', async () => {
    const first = createEventStream();
    const second = createEventStream();
    harness = start([first, second]);
    await settle();
    first.send(sseEvent('unread', { unreadCount: 1 }));
    await settle();
    setVisibility('hidden');
    first.close();
    await settle();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(harness.open).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(2);
  });

  it('pauses the polls while the tab is hidden and polls at once when it is shown', async () => {
    harness = start([404]);
    await settle();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);
    expect(harness.poll).not.toHaveBeenCalled();
    setVisibility('visible');
    await settle();
    expect(harness.poll).toHaveBeenCalledTimes(1);
  });

  it('tries again at once when the device comes back online', async () => {
    harness = start(['unreachable', createEventStream()]);
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(harness.open).toHaveBeenCalledTimes(2);
  });

  it('closes the stream and every timer when stopped', async () => {
    const stream = createEventStream();
    harness = start([stream]);
    await settle();
    const signal = (harness.open.mock.calls[0] as [AbortSignal])[0];
    harness.stop();
    expect(signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(harness.open).toHaveBeenCalledTimes(1);
    expect(harness.poll).not.toHaveBeenCalled();
  });
});
