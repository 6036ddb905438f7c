const MINUTE_MS = 60_000;

/**
 * How long ago a notification came, in the short words used beside the absolute Lagos time:
 * "just now", "5 min ago", "3 h ago", "2 d ago". A clock slightly behind the server's reads "just now".
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
