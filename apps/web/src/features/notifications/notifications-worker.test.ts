import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const WORKER_SOURCE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../public/notifications-sw.js'),
  'utf8',
);
const ORIGIN = 'https://freightlane.ng';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function windowClient(url: string, navigates = true): FakeClient {
  return {
    url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => {
      if (!navigates) throw new TypeError('This client is not controlled by the worker');
      return undefined;
    }),
  };
}

/** Runs public/notifications-sw.js against a fake worker global and hands back its listeners. */
function loadWorker(clients: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: new URL(`${ORIGIN}/notifications-sw.js`),
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => clients), openWindow, claim: vi.fn(async () => undefined) },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  vm.runInNewContext(WORKER_SOURCE, { self, URL, console });

  async function fire(type: string, fields: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return { listeners, showNotification, openWindow, fire };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('the notifications service worker', () => {
  it('shows a push message with its title, body, the app icon and its tag, and has no fetch handler', async () => {
    const worker = loadWorker();
    expect(worker.listeners.has('fetch')).toBe(false);
    await worker.fire('push', {
      data: pushData({
        title: 'Bid won on ORD-2026-000051',
        body: 'You won 2 containers.',
        link: '/bids/won',
        tag: 'BID_WON:/bids/won',
      }),
    });
    expect(worker.showNotification).toHaveBeenCalledWith('Bid won on ORD-2026-000051', {
      body: 'You won 2 containers.',
      icon: '/driver/icon-192.png',
      badge: '/driver/icon-192.png',
      tag: 'BID_WON:/bids/won',
      data: { link: '/bids/won' },
    });
  });

  it('never keeps a link to another site, and shows a message that is not JSON as text', async () => {
    const worker = loadWorker();
    await worker.fire('push', {
      data: pushData({
        title: 'Trip loaded',
        body: 'TRP-2026-000123',
        link: 'https://evil.example/',
        tag: '',
      }),
    });
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'Trip loaded',
      expect.objectContaining({ data: { link: '/' }, tag: undefined }),
    );
    await worker.fire('push', { data: pushData('not json {') });
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'Freightlane',
      expect.objectContaining({ body: 'not json {', data: { link: '/' } }),
    );
  });

  it('on a click focuses an open tab of the app and takes it to the link', async () => {
    const driverTab = windowClient(`${ORIGIN}/driver/abc`);
    const appTab = windowClient(`${ORIGIN}/home`);
    const worker = loadWorker([driverTab, appTab]);
    const close = vi.fn();
    await worker.fire('notificationclick', { notification: { close, data: { link: '/trips/trip-1' } } });
    expect(close).toHaveBeenCalled();
    expect(appTab.focus).toHaveBeenCalled();
    expect(appTab.navigate).toHaveBeenCalledWith(`${ORIGIN}/trips/trip-1`);
    expect(driverTab.focus).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no tab of the app is open, or the open one cannot be moved', async () => {
    const none = loadWorker([]);
    await none.fire('notificationclick', { notification: { close: vi.fn(), data: { link: '/payments' } } });
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/payments`);

    const stuck = windowClient(`${ORIGIN}/home`, false);
    const worker = loadWorker([stuck]);
    await worker.fire('notificationclick', {
      notification: { close: vi.fn(), data: { link: '//evil.example' } },
    });
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
