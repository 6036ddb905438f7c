import { lagosDateTimeText, lagosDayText } from '@freightlane/domain';

/*
 * Dates are written by the domain's own rules (day first, the month's three letters, Africa/Lagos), never
 * by the browser's locale or zone, so an en-US browser reads 1 Dec 2026 as a Nigerian does. Not Intl's
 * en-NG either: its text differs between ICU versions (Sep or Sept), and these must match the public
 * pages, the PDFs and the e-mails, which use the same rules.
 */

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
