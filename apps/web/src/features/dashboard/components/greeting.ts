import { lagosHour } from '@freightlane/domain';

/** Good morning / afternoon / evening, by the hour in Lagos. */
export function greetingFor(date: Date): string {
  const hour = lagosHour(date);
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function greetingLine(firstName: string, date: Date = new Date()): string {
  const name = firstName.trim();
  return name ? `${greetingFor(date)}, ${name}` : greetingFor(date);
}
