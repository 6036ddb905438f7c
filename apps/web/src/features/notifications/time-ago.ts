import type { NotificationsText } from './text';

const MINUTE_MS = 60_000;

/**
 * How long ago a notification came, in the short words used beside the absolute Lagos time:
 * "just now", "5 min ago", "3 h ago", "2 d ago". A clock slightly behind the server's reads "just now".
 */
export function timeAgo(t: NotificationsText, iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / MINUTE_MS);
  if (minutes < 1) return t('time.justNow');
  if (minutes < 60) return t('time.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('time.hours', { hours });
  return t('time.days', { days: Math.floor(hours / 24) });
}
