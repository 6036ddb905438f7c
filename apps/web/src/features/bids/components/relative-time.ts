const MINUTE_MS = 60_000;

/**
 * How far a moment is from now, in the short words of a busy dispatcher: "in 45 min", "in 3 h",
 * "2 d ago". Shown only beside the absolute time.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const diff = at - now;
  const minutes = Math.round(Math.abs(diff) / MINUTE_MS);
  if (minutes < 1) return 'now';
  let span: string;
  if (minutes < 60) span = `${minutes} min`;
  else if (minutes < 48 * 60) span = `${Math.round(minutes / 60)} h`;
  else span = `${Math.round(minutes / (24 * 60))} d`;
  return diff > 0 ? `in ${span}` : `${span} ago`;
}
