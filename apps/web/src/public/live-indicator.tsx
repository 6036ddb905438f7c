import type { LiveStatus } from './live-updates';

/** A small note that the page updates by itself, or that it is trying to reconnect. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span className={`live live-${status}`} role="status">
      {status === 'live' ? 'Live' : status === 'reconnecting' ? 'Reconnecting…' : ''}
    </span>
  );
}
