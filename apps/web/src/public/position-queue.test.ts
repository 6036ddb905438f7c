import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PositionQueue, sendQueue, BATCH } from './position-queue';

const TOKEN = 'a'.repeat(32);
const fix = (minute: number) => ({
  latitude: 6.5 + minute / 1000,
  longitude: 3.35,
  recordedAt: new Date(Date.UTC(2026, 10, 25, 8, minute)).toISOString(),
});

describe('the phone’s position queue', () => {
  let queue: PositionQueue;
  beforeEach(() => {
    window.localStorage.clear();
    queue = new PositionQueue(window.localStorage, 'freightlane.driver.test');
  });

  it('keeps positions across page loads, oldest first', () => {
    queue.add(fix(1));
    queue.add(fix(2));
    const again = new PositionQueue(window.localStorage, 'freightlane.driver.test');
    expect(again.list().map((p) => p.recordedAt)).toEqual([fix(1).recordedAt, fix(2).recordedAt]);
  });

  it('sends in batches of 500, oldest first, and empties when delivered', async () => {
    for (let i = 0; i < BATCH + 20; i++) queue.add(fix(i % 60));
    const sizes: number[] = [];
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const { positions } = JSON.parse(String(init?.body)) as { positions: unknown[] };
      sizes.push(positions.length);
      return new Response(JSON.stringify({ stored: positions.length, refused: [] }), { status: 200 });
    });
    const outcome = await sendQueue(queue, TOKEN, fetchFn as unknown as typeof fetch);
    expect(sizes).toEqual([500, 20]);
    expect(outcome).toEqual({ kind: 'sent', stored: 520, refused: [] });
    expect(fetchFn.mock.calls[0]![0]).toBe(`/api/v1/driver/${TOKEN}/positions`);
    expect(queue.list()).toEqual([]);
  });

  it('keeps everything when the network fails or the server is in trouble, for the next try', async () => {
    queue.add(fix(1));
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendQueue(queue, TOKEN, offline as unknown as typeof fetch)).toEqual({ kind: 'offline' });
    const trouble = vi.fn(async () => new Response('{}', { status: 503 }));
    expect(await sendQueue(queue, TOKEN, trouble as unknown as typeof fetch)).toEqual({ kind: 'offline' });
    expect(queue.list()).toHaveLength(1);
  });

  it('drops what the server refused, with its reason, and stops on a dead link', async () => {
    queue.add(fix(1));
    const refusing = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            stored: 0,
            refused: [{ index: 0, message: 'The position is more than 7 days old' }],
          }),
          { status: 200 },
        ),
    );
    expect(await sendQueue(queue, TOKEN, refusing as unknown as typeof fetch)).toEqual({
      kind: 'sent',
      stored: 0,
      refused: ['The position is more than 7 days old'],
    });
    expect(queue.list()).toEqual([]);
    queue.add(fix(2));
    const gone = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'This driver link is not valid.' }), { status: 404 }),
    );
    expect(await sendQueue(queue, TOKEN, gone as unknown as typeof fetch)).toEqual({
      kind: 'link-invalid',
      message: 'This driver link is not valid.',
    });
    expect(queue.list()).toHaveLength(1);
  });
});
