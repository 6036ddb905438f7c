import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotificationItem } from '@freightlane/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openEventStream } from '../../test/event-stream';
import { UserNotifications } from './notification-stream.service';

type Read = (since: Date | null) => Promise<{ unreadCount: number; newest: NotificationItem[] }>;

const item = (id: string, createdAt: string): NotificationItem => ({
  id,
  kind: 'BID_WON',
  title: `Notification ${id}`,
  body: 'Body',
  link: null,
  read: false,
  createdAt,
});

describe('UserNotifications.stream', () => {
  let server: http.Server | undefined;
  // The stream is driven by its `read`; the database is only used to hear announcements, not here.
  const hub = new UserNotifications(undefined as unknown as Database);

  afterEach(async () => {
    await hub.stop();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function serve(read: Read): Promise<string> {
    server = http.createServer((_req, res) => hub.stream('user-1', res, read, () => undefined));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
  }

  it('answers only once the notifications already there are noted, so whatever comes later is an event', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rows = [item('a', '2026-11-27T07:00:00.000Z')];
    const url = await serve(async (since) => {
      if (since === null) await gate;
      return { unreadCount: rows.length, newest: since === null ? rows.slice(0, 1) : rows.slice(1) };
    });

    let answered = false;
    const opening = openEventStream(url).then((stream) => {
      answered = true;
      return stream;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answered).toBe(false);
    release();
    const stream = await opening;
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      // Arrives the moment the client holds the headers: announced, it is sent as an event.
      rows.push(item('b', '2026-11-27T07:00:01.000Z'));
      hub['byUser'].get('user-1')?.forEach((listener) => listener());
      expect(JSON.parse((await stream.next((e) => e.event === 'notification')).data)).toMatchObject({
        id: 'b',
      });
      expect(
        stream.events.filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data).id),
      ).toEqual(['b']);
    } finally {
      stream.close();
    }
  });

  it('answers 503 with a message when the first read fails, and keeps nothing open', async () => {
    const url = await serve(() => Promise.reject(new Error('connection terminated')));
    const stream = await openEventStream(url);
    expect(stream.status).toBe(503);
    expect(JSON.parse(await stream.text())).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.any(String),
    });
    expect(hub.streamsOf('user-1')).toBe(0);
  });
});
