import { fetchPublicJson, type PublicSource } from './public-api';

/** What the small indicator on the page says: nothing yet, 'Live', or 'Reconnecting…'. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** Failed attempts to open the stream before the page falls back to polling. */
export const STREAM_FAILURES_BEFORE_POLLING = 3;
export const POLL_INTERVAL_MS = 10_000;
/** While polling, how often the stream is tried again (a proxy may only have been restarting). */
export const STREAM_RETRY_MS = 60_000;
/** When the browser gives up on a stream by itself, the next attempt waits this long per failure. */
const REOPEN_DELAY_MS = 2_000;

const CLOSED = 2;
const OPEN = 1;

export interface LiveUpdatesOptions<T> {
  source: PublicSource;
  /** The ETag of the copy the page shows, so polls answer 304 while nothing changed. */
  etag: string | null;
  accept: (value: unknown) => value is T;
  onData: (data: T) => void;
  /** The link stopped working while the page was open (revoked, expired, rotated). */
  onGone: (message: string) => void;
  onStatus: (status: LiveStatus) => void;
}

const GONE_MESSAGE = 'This link no longer works.';

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The 'gone' event carries {message} as JSON; plain text is taken as the message itself. */
function goneMessage(data: unknown): string {
  const parsed = parseJson(data) as { message?: unknown } | undefined;
  if (typeof parsed?.message === 'string' && parsed.message.trim()) return parsed.message;
  if (typeof data === 'string' && data.trim() && parsed === undefined) return data;
  return GONE_MESSAGE;
}

/**
 * Keeps a public page's document fresh: Server-Sent Events while they work; after three failed
 * attempts in a row (or without EventSource at all) a conditional GET every 10 seconds, paused while the
 * page is hidden, with the stream tried again every minute and at once when the device comes back
 * online. Returns the function that stops everything.
 */
export function startLiveUpdates<T>(options: LiveUpdatesOptions<T>): () => void {
  const { source, accept } = options;
  let stopped = false;
  let stream: EventSource | null = null;
  let failures = 0;
  let polling = false;
  let pollInFlight = false;
  let etag = options.etag;
  /** Copies received from the stream so far. */
  let pushed = 0;
  let status: LiveStatus = 'connecting';
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let streamRetryTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: LiveStatus) => {
    if (stopped || next === status) return;
    status = next;
    options.onStatus(next);
  };

  const gone = (message: string) => {
    stop();
    options.onGone(message);
  };

  const closeStream = () => {
    clearTimeout(reopenTimer);
    stream?.close();
    stream = null;
  };

  /** One conditional GET of the document. */
  const refresh = async () => {
    if (pollInFlight) return;
    pollInFlight = true;
    const pushedBefore = pushed;
    const result = await fetchPublicJson(source.jsonUrl, accept, etag);
    pollInFlight = false;
    if (stopped) return;
    if (result.kind === 'ok') {
      // The stream came back while this poll was under way: what it pushed is newer than this answer.
      if (pushed !== pushedBefore) return;
      etag = result.etag;
      options.onData(result.data);
      if (polling) setStatus('live');
    } else if (result.kind === 'unchanged') {
      if (polling) setStatus('live');
    } else if (result.kind === 'not-found') {
      gone(result.message);
    } else if (polling) {
      setStatus('reconnecting');
    }
  };

  const schedulePoll = () => {
    clearTimeout(pollTimer);
    if (!polling || stopped || document.visibilityState === 'hidden') return;
    pollTimer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
  };

  const poll = async () => {
    if (!polling || stopped || document.visibilityState === 'hidden') return;
    await refresh();
    schedulePoll();
  };

  /** Straight after failed streams the page may have missed changes; without EventSource it has not. */
  const startPolling = (catchUp: boolean) => {
    if (polling) return;
    polling = true;
    if (catchUp) {
      void poll();
    } else {
      setStatus('live');
      schedulePoll();
    }
  };

  const stopPolling = () => {
    polling = false;
    clearTimeout(pollTimer);
  };

  const scheduleStreamRetry = () => {
    clearTimeout(streamRetryTimer);
    streamRetryTimer = setTimeout(openStream, STREAM_RETRY_MS);
  };

  function openStream() {
    if (stopped) return;
    closeStream();
    if (typeof EventSource === 'undefined') {
      startPolling(false);
      return;
    }
    const es = new EventSource(source.eventsUrl);
    stream = es;
    let opened = false;
    es.addEventListener('open', () => {
      if (stream !== es) return;
      opened = true;
      failures = 0;
      clearTimeout(streamRetryTimer);
      stopPolling();
      // The server sends the current copy on every connection, so nothing missed meanwhile is lost.
      setStatus('live');
    });
    es.addEventListener(source.eventName, (event) => {
      if (stream !== es) return;
      const data = parseJson((event as MessageEvent).data);
      if (!accept(data)) return;
      pushed += 1;
      options.onData(data);
    });
    es.addEventListener('gone', (event) => {
      if (stream !== es) return;
      gone(goneMessage((event as MessageEvent).data));
    });
    es.addEventListener('error', () => {
      if (stream !== es || stopped) return;
      if (opened) {
        // A dropped connection: the browser reconnects by itself; the failures count from here.
        opened = false;
      } else {
        failures += 1;
      }
      if (polling) {
        // The minute's retry failed: keep polling and try again in another minute.
        closeStream();
        scheduleStreamRetry();
        return;
      }
      if (failures >= STREAM_FAILURES_BEFORE_POLLING) {
        closeStream();
        startPolling(true);
        scheduleStreamRetry();
        return;
      }
      setStatus('reconnecting');
      if (es.readyState === CLOSED) {
        const delay = REOPEN_DELAY_MS * Math.max(failures, 1);
        reopenTimer = setTimeout(openStream, delay);
      }
    });
  }

  const onOnline = () => {
    if (stopped || stream?.readyState === OPEN) return;
    failures = 0;
    clearTimeout(streamRetryTimer);
    openStream();
    if (polling) {
      clearTimeout(pollTimer);
      void poll();
    }
  };

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      clearTimeout(pollTimer);
    } else if (polling) {
      void poll();
    }
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    closeStream();
    stopPolling();
    clearTimeout(streamRetryTimer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
  }

  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  openStream();
  return stop;
}
