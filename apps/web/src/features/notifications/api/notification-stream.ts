import { notificationItem, unreadCountResponse, type NotificationItem } from '@freightlane/domain';
import { createSseParser, type SseEvent } from './sse-parser';

/** The first reconnection waits this long; each failure in a row doubles it, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;
/** Failures in a row (the drop that started them included) before the count is polled instead. */
export const FAILURES_BEFORE_POLLING = 3;
export const POLL_INTERVAL_MS = 60_000;

/** How long to wait before the next attempt after `failures` in a row: 2 s, 4 s, 8 s… a minute at most. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), MAX_RETRY_MS);
}

/**
 * A refusal that asking again will not change (the stream is not there, or not for this caller). A
 * timeout or a rate limit may pass, and a 401 has already been through the session's renewal.
 */
function isLastingRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export interface NotificationStreamOptions {
  /** Opens GET /api/v1/notifications/events; rejects only when the server cannot be reached. */
  open(signal: AbortSignal): Promise<Response>;
  /** Asks for the unread count once (the fallback while the stream does not work). */
  poll(): Promise<void>;
  onUnread(unreadCount: number): void;
  onNotification(item: NotificationItem): void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Keeps the unread count and new notifications coming from the API's event stream, read with fetch
 * (it needs the Authorization header). A stream that drops is opened again after 2 s; each attempt in
 * a row that brings no event (refused, unreachable, or closed before its first event, so a stream that
 * opens and closes at once backs off too) doubles the wait, up to a minute. After three failures in a
 * row (the drop included), or a lasting refusal, the count is polled every minute until a stream works
 * again. While the tab is hidden a dropped stream stays closed and the polls pause; both resume when
 * it is shown again or the device comes back online. Returns the function that stops everything.
 */
export function startNotificationStream(options: NotificationStreamOptions): () => void {
  let stopped = false;
  let failures = 0;
  let refused = false;
  let polling = false;
  let current: AbortController | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  /** A reconnection is due but waits for the tab to be shown. */
  let waitingForVisible = false;

  const hidden = () => document.visibilityState === 'hidden';

  function dispatch(event: SseEvent): boolean {
    const data = parseJson(event.data);
    if (event.event === 'unread') {
      const parsed = unreadCountResponse.safeParse(data);
      if (!parsed.success) return false;
      options.onUnread(parsed.data.unreadCount);
      return true;
    }
    if (event.event === 'notification') {
      const parsed = notificationItem.safeParse(data);
      if (!parsed.success) return false;
      options.onNotification(parsed.data);
      return true;
    }
    return false;
  }

  function schedulePoll() {
    clearTimeout(pollTimer);
    if (!polling || stopped || hidden()) return;
    pollTimer = setTimeout(() => void pollNow(), POLL_INTERVAL_MS);
  }

  async function pollNow() {
    if (!polling || stopped || hidden()) return;
    await options.poll();
    schedulePoll();
  }

  function startPolling(catchUp: boolean) {
    if (polling) return;
    polling = true;
    if (catchUp) void pollNow();
    else schedulePoll();
  }

  function stopPolling() {
    polling = false;
    clearTimeout(pollTimer);
  }

  /** The stream brought its first event: it works, whatever happened before. */
  function connected() {
    failures = 0;
    stopPolling();
  }

  function scheduleReconnect() {
    clearTimeout(retryTimer);
    if (stopped || refused) return;
    if (hidden()) {
      waitingForVisible = true;
      return;
    }
    retryTimer = setTimeout(() => {
      if (hidden()) waitingForVisible = true;
      else void connect();
    }, retryDelayMs(failures));
  }

  async function connect() {
    if (stopped || refused || current) return;
    waitingForVisible = false;
    clearTimeout(retryTimer);
    const controller = new AbortController();
    current = controller;
    let received = false;
    try {
      const response = await options.open(controller.signal);
      if (!response.ok || !response.body) {
        if (isLastingRefusal(response.status)) refused = true;
        void response.body?.cancel().catch(() => undefined);
      } else {
        const body = response.body.getReader();
        reader = body;
        const decoder = new TextDecoder();
        const parser = createSseParser();
        for (;;) {
          const { value, done } = await body.read();
          if (done || stopped) break;
          for (const event of parser.push(decoder.decode(value, { stream: true }))) {
            if (dispatch(event) && !received) {
              received = true;
              connected();
            }
          }
        }
      }
    } catch {
      // Unreachable, dropped mid-way or stopped: what follows is decided below.
    }
    if (current !== controller) return;
    current = null;
    reader = null;
    if (stopped) return;
    if (refused) {
      // The count shown was read when the page opened; from now on it is asked for each minute.
      startPolling(false);
      return;
    }
    // A working stream that drops starts the count again at one; an attempt that brought nothing adds one.
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) startPolling(true);
    scheduleReconnect();
  }

  function onVisibility() {
    if (hidden()) {
      clearTimeout(pollTimer);
      return;
    }
    if (waitingForVisible) void connect();
    if (polling) void pollNow();
  }

  function onOnline() {
    if (current || refused) return;
    failures = 0;
    void connect();
  }

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  void connect();

  return () => {
    if (stopped) return;
    stopped = true;
    current?.abort();
    current = null;
    // Aborting ends a fetched body; a body from elsewhere is let go of here as well.
    void reader?.cancel().catch(() => undefined);
    reader = null;
    clearTimeout(retryTimer);
    stopPolling();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
  };
}
