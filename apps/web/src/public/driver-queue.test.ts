import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BATCH,
  DriverQueue,
  MAX_QUEUED,
  newActionId,
  QueueFullError,
  sendQueue,
  type QueuedAction,
} from './driver-queue';

const TOKEN = 'a'.repeat(32);
const BASE = `/api/v1/driver/${TOKEN}`;
const KEY = 'freightlane.driver.test';
const fix = (minute: number) => ({
  latitude: 6.5 + minute / 1000,
  longitude: 3.35,
  recordedAt: new Date(Date.UTC(2026, 10, 25, 8, minute)).toISOString(),
});
const step = (tripStatus: 'STARTED' | 'AT_PICKUP_LOCATION', id = newActionId()): QueuedAction => ({
  type: 'action',
  action: 'STATUS',
  tripStatus,
  clientActionId: id,
  label: `Mark as ${tripStatus}`,
});
const recorded = (init: RequestInit | undefined, message = 'Recorded') => {
  const body = JSON.parse(String(init?.body)) as { clientActionId: string };
  return new Response(
    JSON.stringify({
      clientActionId: body.clientActionId,
      action: 'STATUS',
      trip: { id: 't1', tripNumber: 'TRP-1', latestTripStatus: 'STARTED' },
      message,
      recordedAt: new Date().toISOString(),
    }),
    { status: 200 },
  );
};
const asFetch = (fn: unknown) => fn as typeof fetch;
const offline = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

describe('the phone’s queue of positions and actions', () => {
  let queue: DriverQueue;
  beforeEach(() => {
    window.localStorage.clear();
    queue = new DriverQueue(window.localStorage, KEY);
  });

  it('keeps positions and actions across page loads, in the order they happened', () => {
    queue.addPosition(fix(1));
    const started = step('STARTED');
    queue.addAction(started);
    queue.addPosition(fix(2));
    const again = new DriverQueue(window.localStorage, KEY);
    expect(again.list()).toEqual([
      { type: 'position', position: fix(1) },
      started,
      { type: 'position', position: fix(2) },
    ]);
  });

  it('reads the positions an older page stored as a bare list', () => {
    window.localStorage.setItem(KEY, JSON.stringify([fix(1), fix(2)]));
    expect(queue.list()).toEqual([
      { type: 'position', position: fix(1) },
      { type: 'position', position: fix(2) },
    ]);
  });

  it('sends in order: a run of positions, then each action with its id, then the next run', async () => {
    queue.addPosition(fix(1));
    queue.addPosition(fix(2));
    const started = step('STARTED');
    queue.addAction(started);
    queue.addPosition(fix(3));
    const calls: { url: string; body: unknown }[] = [];
    const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      if (url.endsWith('/positions')) {
        const { positions } = JSON.parse(String(init?.body)) as { positions: unknown[] };
        return new Response(JSON.stringify({ stored: positions.length, refused: [] }), { status: 200 });
      }
      return recorded(init, 'Recorded: Trip Started');
    });
    const outcome = await sendQueue(queue, TOKEN, asFetch(fetchFn));
    expect(calls).toEqual([
      { url: `${BASE}/positions`, body: { positions: [fix(1), fix(2)] } },
      { url: `${BASE}/status`, body: { clientActionId: started.clientActionId, tripStatus: 'STARTED' } },
      { url: `${BASE}/positions`, body: { positions: [fix(3)] } },
    ]);
    expect(outcome).toMatchObject({ kind: 'sent', stored: 3, dropped: [] });
    expect(outcome.recorded.map((r) => r.message)).toEqual(['Recorded: Trip Started']);
    expect(queue.list()).toEqual([]);
  });

  it('sends positions in batches of 500', async () => {
    for (let i = 0; i < BATCH + 20; i++) queue.addPosition(fix(i % 60));
    const sizes: number[] = [];
    const fetchFn = vi.fn(async (_url: string, init?: RequestInit) => {
      const { positions } = JSON.parse(String(init?.body)) as { positions: unknown[] };
      sizes.push(positions.length);
      return new Response(JSON.stringify({ stored: positions.length, refused: [] }), { status: 200 });
    });
    await sendQueue(queue, TOKEN, asFetch(fetchFn));
    expect(sizes).toEqual([500, 20]);
  });

  it('keeps everything, with the same action ids, when the network fails or the server is in trouble', async () => {
    const started = step('STARTED');
    queue.addAction(started);
    queue.addPosition(fix(1));
    expect(await sendQueue(queue, TOKEN, asFetch(offline))).toMatchObject({ kind: 'offline' });
    for (const status of [500, 503, 408, 429]) {
      const trouble = vi.fn(async () => new Response('{}', { status }));
      expect(await sendQueue(queue, TOKEN, asFetch(trouble))).toMatchObject({ kind: 'offline' });
    }
    expect(queue.list()).toEqual([started, { type: 'position', position: fix(1) }]);

    // The answer of the first send was lost: the resend carries the same id, so the server records it once.
    const ids: string[] = [];
    const lostAnswer = vi.fn(async (_url: string, init?: RequestInit) => {
      ids.push((JSON.parse(String(init?.body)) as { clientActionId: string }).clientActionId);
      throw new TypeError('Network connection lost');
    });
    await sendQueue(queue, TOKEN, asFetch(lostAnswer));
    const answering = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/positions')) return new Response(JSON.stringify({ stored: 1, refused: [] }));
      ids.push((JSON.parse(String(init?.body)) as { clientActionId: string }).clientActionId);
      return recorded(init);
    });
    await sendQueue(queue, TOKEN, asFetch(answering));
    expect(ids).toEqual([started.clientActionId, started.clientActionId]);
    expect(queue.list()).toEqual([]);
  });

  it('drops an action the server refuses with a 4xx, with its reason, and goes on with the rest', async () => {
    const wrong = step('AT_PICKUP_LOCATION');
    const right = step('STARTED');
    queue.addAction(wrong);
    queue.addAction(right);
    const fetchFn = vi.fn(async (_url: string, init?: RequestInit) => {
      const { tripStatus } = JSON.parse(String(init?.body)) as { tripStatus: string };
      return tripStatus === 'AT_PICKUP_LOCATION'
        ? new Response(
            JSON.stringify({ message: 'This trip has not started; it can only move to Trip Started' }),
            { status: 409 },
          )
        : recorded(init);
    });
    const outcome = await sendQueue(queue, TOKEN, asFetch(fetchFn));
    expect(outcome.dropped).toEqual([
      {
        label: 'Mark as AT_PICKUP_LOCATION',
        message: 'This trip has not started; it can only move to Trip Started',
      },
    ]);
    expect(outcome.recorded).toHaveLength(1);
    expect(queue.list()).toEqual([]);
  });

  it('drops refused positions with their reason, and stops on a dead link keeping the queue', async () => {
    queue.addPosition(fix(1));
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
    expect(await sendQueue(queue, TOKEN, asFetch(refusing))).toMatchObject({
      kind: 'sent',
      refused: ['The position is more than 7 days old'],
    });
    queue.addAction(step('STARTED'));
    const gone = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'This driver link is not valid.' }), { status: 404 }),
    );
    expect(await sendQueue(queue, TOKEN, asFetch(gone))).toMatchObject({
      kind: 'link-invalid',
      message: 'This driver link is not valid.',
    });
    expect(queue.list()).toHaveLength(1);
  });

  it('uploads a queued photo from the data kept beside it, then forgets the data', async () => {
    const photo: QueuedAction = {
      type: 'action',
      action: 'DOCUMENT',
      kind: 'PROOF_OF_DELIVERY',
      fileName: 'pod.jpg',
      clientActionId: newActionId(),
      label: 'Photo',
    };
    queue.addAction(photo, `data:image/jpeg;base64,${btoa('\xff\xd8\xff\xe0JFIF')}`);
    expect(window.localStorage.getItem(KEY)).not.toContain('base64');
    let form: FormData | null = null;
    const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe(`${BASE}/documents`);
      form = init?.body as FormData;
      return new Response(JSON.stringify({ message: 'Photo added: Proof of delivery' }), { status: 201 });
    });
    await sendQueue(queue, TOKEN, asFetch(fetchFn));
    const sent = form as unknown as FormData;
    expect(sent.get('clientActionId')).toBe(photo.clientActionId);
    expect(sent.get('kind')).toBe('PROOF_OF_DELIVERY');
    const file = sent.get('file') as File;
    expect(file.name).toBe('pod.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(queue.photoOf(photo.clientActionId)).toBeNull();
  });

  it('sends an expense as one form with its trip, time, place and receipt, and an answer without a photo', async () => {
    const diesel: QueuedAction = {
      type: 'action',
      action: 'EXPENSE',
      tripId: 'b3c1f1de-5d1e-4f47-9d8e-2f7f1b7c1a11',
      kind: 'DIESEL',
      litres: 150.5,
      pricePerLitreKobo: 125_000,
      spentAt: '2026-11-25T08:00:00.000Z',
      position: { latitude: 6.45, longitude: 3.39 },
      fileName: 'receipt.jpg',
      clientActionId: newActionId(),
      label: 'Expense: Diesel',
    };
    const answer: QueuedAction = {
      type: 'action',
      action: 'EXPENSE_REPLY',
      expenseId: 'e0c1f1de-5d1e-4f47-9d8e-2f7f1b7c1a11',
      note: 'The ticket was lost',
      clientActionId: newActionId(),
      label: 'Answer',
    };
    queue.addAction(diesel, `data:image/jpeg;base64,${btoa('\xff\xd8\xff\xe0JFIF')}`);
    queue.addAction(answer);
    const sent: { url: string; form: FormData }[] = [];
    const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, form: init?.body as FormData });
      return new Response(JSON.stringify({ message: 'Recorded', action: 'EXPENSE' }), { status: 201 });
    });
    await sendQueue(queue, TOKEN, asFetch(fetchFn));
    expect(sent.map((s) => s.url)).toEqual([
      `${BASE}/expenses`,
      `${BASE}/expenses/${answer.expenseId}/reply`,
    ]);
    const expense = sent[0]!.form;
    expect(Object.fromEntries([...expense.entries()].filter(([name]) => name !== 'file'))).toEqual({
      clientActionId: diesel.clientActionId,
      tripId: diesel.tripId,
      kind: 'DIESEL',
      litres: '150.5',
      pricePerLitreKobo: '125000',
      spentAt: '2026-11-25T08:00:00.000Z',
      latitude: '6.45',
      longitude: '3.39',
    });
    expect((expense.get('file') as File).name).toBe('receipt.jpg');
    const reply = sent[1]!.form;
    expect(reply.get('note')).toBe('The ticket was lost');
    expect(reply.get('file')).toBeNull();
    expect(queue.list()).toEqual([]);
  });

  it('refuses an action it has no room to keep, and trims only positions past the cap', () => {
    const full = {
      getItem: (k: string) => window.localStorage.getItem(k),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (k: string) => window.localStorage.removeItem(k),
    } as unknown as Storage;
    expect(() =>
      new DriverQueue(full, KEY).addAction(step('STARTED'), 'data:image/jpeg;base64,AAAA'),
    ).toThrow(QueueFullError);

    // A day offline: the queue is full of positions behind the step the driver took first.
    const started = step('STARTED');
    const positions = Array.from({ length: MAX_QUEUED }, (_, i) => ({
      type: 'position',
      position: fix(i % 60),
    }));
    window.localStorage.setItem(KEY, JSON.stringify([started, ...positions]));
    queue.addPosition(fix(1));
    queue.addPosition(fix(2));
    const items = queue.list();
    expect(items).toHaveLength(MAX_QUEUED + 1);
    expect(items[0]).toEqual(started);
  });

  it('runs one send at a time, going round again for what was queued meanwhile', async () => {
    let release: () => void = () => undefined;
    const calls: string[] = [];
    const fetchFn = vi.fn(async (_url: string, init?: RequestInit) => {
      const { tripStatus } = JSON.parse(String(init?.body)) as { tripStatus: string };
      calls.push(tripStatus);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return recorded(init);
    });
    queue.addAction(step('STARTED'));
    const first = queue.send(TOKEN, asFetch(fetchFn));
    queue.addAction(step('AT_PICKUP_LOCATION'));
    const second = queue.send(TOKEN, asFetch(fetchFn));
    expect(second).toBe(first);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    const outcome = await first;
    expect(calls).toEqual(['STARTED', 'AT_PICKUP_LOCATION']);
    expect(outcome.recorded).toHaveLength(2);
  });
});
