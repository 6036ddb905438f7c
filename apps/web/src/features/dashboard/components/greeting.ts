import { lagosHour } from '@freightlane/domain';
import { useDashboardText } from '../text';

export type DayTime = 'morning' | 'afternoon' | 'evening';

/** Morning, afternoon or evening, by the hour in Lagos. */
export function dayTimeOf(date: Date): DayTime {
  const hour = lagosHour(date);
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** Good morning / afternoon / evening, with the person's first name when there is one. */
export function useGreetingLine(firstName: string, date: Date = new Date()): string {
  const t = useDashboardText();
  const name = firstName.trim();
  const time = dayTimeOf(date);
  return name ? t('greeting.named', { time, name }) : t('greeting.plain', { time });
}
