import type { LiveStatus } from './live-updates';
import { usePublicWords } from './public-text';

/** A small note that the page updates by itself, or that it is trying to reconnect. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = usePublicWords();
  return (
    <span className={`live live-${status}`} role="status">
      {status === 'live' ? t('live.live') : status === 'reconnecting' ? t('live.reconnecting') : ''}
    </span>
  );
}
