import { BIDS_ENGLISH, type BidsText } from '../text';

const MINUTE_MS = 60_000;

/**
 * How far a moment is from now, in the short words of a busy dispatcher: "in 45 min", "in 3 h",
 * "2 d ago". Shown only beside the absolute time.
 */
export function relativeTime(iso: string, now: number = Date.now(), t: BidsText = BIDS_ENGLISH): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const diff = at - now;
  const minutes = Math.round(Math.abs(diff) / MINUTE_MS);
  if (minutes < 1) return t('time.now');
  // The counts go in as text: a span is read as a figure, never grouped ("1000 d", not "1,000 d").
  let span: string;
  if (minutes < 60) span = t('time.minutes', { count: String(minutes) });
  else if (minutes < 48 * 60) span = t('time.hours', { count: String(Math.round(minutes / 60)) });
  else span = t('time.days', { count: String(Math.round(minutes / (24 * 60))) });
  return diff > 0 ? t('time.in', { span }) : t('time.ago', { span });
}
