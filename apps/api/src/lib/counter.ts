/** PREFIX-YEAR-000123, e.g. TRP-2026-000123. Six digits, growing wider past a million. */
export function humanNumber(prefix: string, year: number, value: number): string {
  return `${prefix}-${year}-${String(value).padStart(6, '0')}`;
}

export { reserveNumbers } from '../queries/counter.repository';
export { lagosYear } from '@freightlane/domain';
