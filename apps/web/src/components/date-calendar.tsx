import '@mantine/dates/styles.css';
import { DatePicker } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { useComponentsText } from './text';

/**
 * The month calendar of the date field: Mantine's, with the DatesProvider's settings (English names, weeks
 * from Monday). Its own chunk, with Mantine's dates and dayjs, so that only pages with a date field load it.
 */
export function DateCalendar({
  value,
  focusDay,
  minDate,
  maxDate,
  onPick,
}: {
  value: string | null;
  /** The day it opens on and focuses: the picked one, else today. */
  focusDay: string;
  minDate?: string;
  maxDate?: string;
  onPick: (day: string) => void;
}) {
  const t = useComponentsText();
  const root = useRef<HTMLDivElement>(null);
  // The popover focuses this day as it opens; a calendar that arrives after that focuses it here. After the
  // popover has noted where focus came from (its effect runs after this one), so Escape goes back there.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const calendar = root.current;
      if (calendar && !calendar.contains(document.activeElement)) {
        calendar.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <DatePicker
      ref={root}
      value={value}
      onChange={(day) => {
        if (day) onPick(day);
      }}
      defaultDate={focusDay}
      minDate={minDate}
      maxDate={maxDate}
      getDayProps={(day) => (day === focusDay ? { 'data-autofocus': true } : {})}
      // The neighbouring months' days are left out: Mantine greys them below a readable contrast.
      hideOutsideDates
      // Names for the arrow buttons, which show only an icon.
      ariaLabels={{
        previousMonth: t('dateCalendar.previousMonth'),
        nextMonth: t('dateCalendar.nextMonth'),
        previousYear: t('dateCalendar.previousYear'),
        nextYear: t('dateCalendar.nextYear'),
        previousDecade: t('dateCalendar.previousDecade'),
        nextDecade: t('dateCalendar.nextDecade'),
      }}
      // Escape closes the calendar only, not a dialog around the field (Mantine's own pickers do the same).
      __stopPropagation
    />
  );
}
