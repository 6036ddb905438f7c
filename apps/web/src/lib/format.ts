import { lagosDateTimeText, lagosDayText } from '@freightlane/domain';

/** An ISO timestamp as a date in Lagos, e.g. 21 Nov 2026; '—' when it cannot be read. */
export function formatDate(iso: string | null | undefined): string {
  return lagosDayText(iso) ?? '—';
}

/** An ISO timestamp as date and time in Lagos, e.g. 21 Nov 2026, 14:05; '—' when it cannot be read. */
export function formatDateTime(iso: string | null | undefined): string {
  return lagosDateTimeText(iso) ?? '—';
}

/** A calendar date (YYYY-MM-DD, already a Lagos date) as 21 Nov 2026. */
export function formatCalendarDate(value: string | null | undefined): string {
  return lagosDayText(value) ?? '—';
}

/** Today's date in Lagos as YYYY-MM-DD, for date inputs and the wizard's defaults. */
export { lagosToday } from '@freightlane/domain';
