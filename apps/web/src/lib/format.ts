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
