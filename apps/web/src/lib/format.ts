const LAGOS = 'Africa/Lagos';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: LAGOS,
});

/** An ISO timestamp as a date in Lagos, e.g. 21 Nov 2026; '—' when it cannot be read. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: LAGOS,
});

/** An ISO timestamp as date and time in Lagos, e.g. 21 Nov 2026, 14:05; '—' when it cannot be read. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

/** A calendar date (YYYY-MM-DD, already a Lagos date) as 21 Nov 2026. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '—';
  return formatDate(`${value}T12:00:00+01:00`);
}

/** Today's date in Lagos as YYYY-MM-DD, for date inputs and the wizard's defaults. */
export { lagosToday } from '@freightlane/domain';
