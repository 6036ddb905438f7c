import type { ServerResponse } from 'node:http';
import type { NotificationItem } from '@freightlane/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { eventFrame, STREAM_HEADERS } from '../../lib/server-sent-events';
import { USER_NOTIFIED_CHANNEL } from './notification.repository';

/** The browser waits this long before reconnecting after a drop. */
const RECONNECT_DELAY_MS = 2000;
/** Proxies and phone networks close silent connections; a comment line every 20 s keeps it open. */
const HEARTBEAT_MS = 20_000;
/** A person's open streams on one instance: a tab each is plenty; a runaway script is capped. */
const MAX_STREAMS_PER_USER = 10;
const MAX_BUFFERED_BYTES = 256 * 1024;

type Listener = () => void;

/**
 * Who is told, on this instance, that a user's notifications changed (a new one, or some read): the
 * database announces the user's id on `user_notified` at commit, so on PostgreSQL every instance hears
 * every change, and on PGlite it is in-process. Built per app, carried on the app context.
 */
export class UserNotifications {
  private readonly byUser = new Map<string, Set<Listener>>();
  private readonly resync = new Set<Listener>();
  private stopListening: (() => Promise<void>) | null = null;
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.stopListening) return;
    this.stopListening = await this.database.listen(USER_NOTIFIED_CHANNEL, {
      onNotify: (userId) => {
        for (const listener of [...(this.byUser.get(userId) ?? [])]) listener();
      },
      // Announcements may have been missed while the connection was down: every stream reads again.
      onResync: () => {
        for (const listener of [...this.resync]) listener();
      },
    });
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    for (const res of [...this.open]) res.end();
    if (stop) await stop();
  }

  on(userId: string, listener: Listener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    this.resync.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byUser.delete(userId);
      this.resync.delete(listener);
    };
  }

  streamsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Turns the response into the user's live stream: `unread` (the count) first and on every change, and
   * `notification` for each one that arrived since the last look. `read` gives both.
   */
  stream(
    userId: string,
    res: ServerResponse,
    /** The unread count, and the in-app notifications from `since` on, newest first (null: the newest one). */
    read: (since: Date | null) => Promise<{ unreadCount: number; newest: NotificationItem[] }>,
    /** Takes the response from the framework; called only once the stream is allowed. */
    hijack: () => void,
    options: { heartbeatMs?: number } = {},
  ): void {
    if (this.streamsOf(userId) >= MAX_STREAMS_PER_USER) {
      throw new AppError('RATE_LIMITED', 'Too many notification streams are open. Close some tabs.', {
        retryAfterSeconds: RECONNECT_DELAY_MS / 1000,
      });
    }
    hijack();
    let closed = false;
    // The newest notification's time when the stream opened: only later ones are sent as events. The
    // database's clock decides (its rows carry microseconds, a Date milliseconds), so the query takes
    // `>=` and the ids already sent are skipped.
    let since: Date | null = null;
    let first = true;
    const sent = new Set<string>();
    let reading = false;
    let again = false;
    const write = (chunk: string) => {
      // Before the first read has answered, the stream has not started (heartbeats wait too).
      if (closed || res.writableEnded || !res.headersSent) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        close();
        return;
      }
      res.write(chunk);
    };
    let lastCount: number | null = null;
    const refresh = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const { unreadCount, newest } = await read(since);
          if (closed) return;
          if (first) {
            first = false;
            since = newest[0] ? new Date(newest[0].createdAt) : new Date(0);
            for (const item of newest) sent.add(item.id);
            // The answer starts only now: a client that has the stream's headers knows that anything
            // arriving from here on comes as a `notification` event, not only as a higher count.
            res.writeHead(200, STREAM_HEADERS);
            write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
          } else {
            for (const item of [...newest].reverse()) {
              if (sent.has(item.id)) continue;
              sent.add(item.id);
              write(eventFrame('notification', JSON.stringify(item)));
              const at = new Date(item.createdAt);
              if (!since || at > since) since = at;
            }
            if (sent.size > 200) for (const id of [...sent].slice(0, 100)) sent.delete(id);
          }
          if (unreadCount !== lastCount) {
            lastCount = unreadCount;
            write(eventFrame('unread', JSON.stringify({ unreadCount })));
          }
        } while (again && !closed);
      } catch {
        if (first) {
          // Nothing was sent yet: the client's retry with backoff opens the stream again later.
          if (!closed && !res.headersSent) {
            res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' });
            res.end(
              JSON.stringify({
                message: 'Notifications are unavailable for a moment. Try again shortly.',
                code: 'UNAVAILABLE',
              }),
            );
          }
          close();
          return;
        }
        // A passing failure (the database restarting): the next announcement or resync reads again.
      } finally {
        reading = false;
      }
    };
    const stopHearing = this.on(userId, () => void refresh());
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      stopHearing();
      clearInterval(heartbeat);
      this.open.delete(res);
      if (!res.writableEnded) res.end();
    };
    this.open.add(res);
    res.on('close', close);
    res.on('error', close);
    void refresh();
  }
}
