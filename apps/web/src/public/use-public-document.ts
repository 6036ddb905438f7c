import { useCallback, useEffect, useState } from 'react';
import { startLiveUpdates, type LiveStatus } from './live-updates';
import { fetchPublicJson, type FailureReason, type PublicSource } from './public-api';
import type { ToastMessage } from './toast';

export type DocumentState<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'not-found' }
  /** The first load failed for a reason worth retrying (offline, rate limited, server trouble). */
  | { kind: 'failed'; reason: FailureReason; retryAfterSeconds: number | null };

export interface PublicDocument<T> {
  state: DocumentState<T>;
  live: LiveStatus;
  /** The server's message about the last load, if any. */
  toast: ToastMessage | null;
  dismissToast: () => void;
  /** Loads the document again after a failed first load. */
  retry: () => void;
}

let nextToastId = 1;

/**
 * A public page's document: loaded once, then kept fresh by live updates. A null source (a malformed
 * link) is the not-found state at once, without any request. Pass a memoised source: a new object
 * loads the document again.
 */
export function usePublicDocument<T>(
  source: PublicSource | null,
  accept: (value: unknown) => value is T,
): PublicDocument<T> {
  const [state, setState] = useState<DocumentState<T>>(source ? { kind: 'loading' } : { kind: 'not-found' });
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    setToast(null);
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    let stopLive: (() => void) | null = null;
    void fetchPublicJson(source.jsonUrl, accept).then((result) => {
      if (cancelled) return;
      if (result.kind === 'ok') {
        setState({ kind: 'ready', data: result.data });
        stopLive = startLiveUpdates({
          source,
          etag: result.etag,
          accept,
          onData: (data) => setState({ kind: 'ready', data }),
          onGone: (message) => {
            setToast({ id: nextToastId++, message });
            setState({ kind: 'not-found' });
          },
          onStatus: setLive,
        });
      } else if (result.kind === 'not-found') {
        setToast({ id: nextToastId++, message: result.message });
        setState({ kind: 'not-found' });
      } else if (result.kind === 'failed') {
        setToast({ id: nextToastId++, message: result.message });
        setState({ kind: 'failed', reason: result.reason, retryAfterSeconds: result.retryAfterSeconds });
      }
    });
    return () => {
      cancelled = true;
      stopLive?.();
    };
  }, [source, attempt, accept, retry]);

  const dismissToast = useCallback(() => setToast(null), []);
  return { state, live, toast, dismissToast, retry };
}
