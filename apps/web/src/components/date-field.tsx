import {
  ActionIcon,
  Box,
  Group,
  Input,
  Loader,
  Popover,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useId, useMergedRef } from '@mantine/hooks';
import { lagosToday } from '@freightlane/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import type { DateCalendar as DateCalendarComponent } from './date-calendar';
import { DAY_FIRST_EXAMPLE, dayFirstDateText, parseDayFirstDate } from './day-first-date';
import { useComponentsText } from './text';

/** A check's message naming the wire format (YYYY-MM-DD) means nothing to a person typing day-first. */
const WIRE_FORMAT = /YYYY-MM-DD/;

export interface DateFieldProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'rightSection' | 'ref'
> {
  /**
   * YYYY-MM-DD, '' for none, or text that is not (yet) a date, kept as typed so that the form's own check
   * refuses it rather than the field quietly keeping an older date.
   */
  value: string;
  onChange: (value: string) => void;
  /** The first and the last day the calendar offers, YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  ref?: Ref<HTMLInputElement>;
}

function textOf(value: string): string {
  return dayFirstDateText(value) ?? value;
}

type CalendarState = { component: typeof DateCalendarComponent } | 'loading' | 'failed';

/**
 * The calendar (Mantine's dates and dayjs) in its own chunk, fetched as soon as a date field is on the page,
 * so a page whose forms merely sit beside date fields in one module does not load it, and the field can be
 * typed into before it arrives.
 */
function useCalendar(): CalendarState {
  const [state, setState] = useState<CalendarState>('loading');
  useEffect(() => {
    let live = true;
    import('./date-calendar').then(
      (module) => live && setState({ component: module.DateCalendar }),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Whether focus moving to `next` stays within the field: its input, its calendar button or its calendar. */
function staysWithin(next: EventTarget | null, ...parts: (HTMLElement | null)[]): boolean {
  return next instanceof Node && parts.some((part) => part?.contains(next));
}

/**
 * The one date field of the app. It shows a date day-first with the month by name (1 Dec 2026) whatever the
 * browser's language, reads what is typed day-first (1/12/2026, 1 Dec 2026, or an ISO date), and has a
 * calendar (Mantine's, weeks from Monday) behind a button: Enter or Space opens it, the arrow keys move,
 * Enter picks, Escape closes. Mantine's DateInput is not used as is because its calendar cannot be reached
 * from the keyboard, and DatePickerInput cannot be typed into.
 */
export function DateField({
  value,
  onChange,
  minDate,
  maxDate,
  error,
  onFocus,
  onBlur,
  ref,
  id,
  label,
  disabled,
  readOnly,
  placeholder,
  ...props
}: DateFieldProps) {
  const t = useComponentsText();
  const inputId = useId(id);
  const [shown, setShown] = useState(() => ({ value, text: textOf(value) }));
  // A new value from outside (a picked preset, a reset form) replaces what was typed.
  if (shown.value !== value) setShown({ value, text: textOf(value) });
  const [typing, setTyping] = useState(false);
  const [opened, setOpened] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const calendarRef = useRef<HTMLDivElement>(null);
  const mergedRef = useMergedRef(ref, inputRef);
  const calendar = useCalendar();

  const text = shown.value === value ? shown.text : textOf(value);
  const picked = dayFirstDateText(value) === null ? null : value;

  function change(next: string, nextText: string) {
    setShown({ value: next, text: nextText });
    if (next !== value) onChange(next);
  }

  function type(typed: string) {
    const trimmed = typed.trim();
    change(trimmed === '' ? '' : (parseDayFirstDate(trimmed) ?? trimmed), typed);
  }

  function leave(event: FocusEvent<HTMLElement>) {
    if (staysWithin(event.relatedTarget, inputRef.current, buttonRef.current, calendarRef.current)) return;
    onBlur?.(event as FocusEvent<HTMLInputElement>);
  }

  function leaveInput(event: FocusEvent<HTMLInputElement>) {
    setTyping(false);
    // Leaving the field finishes the date: 1/12/26 becomes 1 Dec 2026, and a date is shown as every page shows it.
    const finished = parseDayFirstDate(text, { finished: true });
    if (finished) change(finished, textOf(finished));
    leave(event);
  }

  function pick(day: string) {
    change(day, textOf(day));
    setOpened(false);
  }

  // Text that is no date says how to write one once the person leaves it (or the form has refused it),
  // and so does a check that names the wire format.
  const unreadable = text.trim() !== '' && parseDayFirstDate(text, { finished: !typing }) === null;
  const wireComplaint = typeof error === 'string' && WIRE_FORMAT.test(error);
  const shownError: ReactNode =
    (unreadable && (!typing || error)) || wireComplaint
      ? t('dateField.hint', { example: DAY_FIRST_EXAMPLE })
      : error;

  // The calendar opens on the picked day, else today (Lagos), and that day takes the focus.
  const focusDay = picked ?? lagosToday();

  return (
    <TextInput
      {...props}
      ref={mergedRef}
      id={inputId}
      label={label}
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
      onFocus={(event) => {
        setTyping(true);
        onFocus?.(event);
      }}
      onBlur={leaveInput}
      error={shownError}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={
        placeholder === undefined ? t('dateField.placeholder', { example: DAY_FIRST_EXAMPLE }) : placeholder
      }
      autoComplete="off"
      rightSectionPointerEvents="all"
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus>
          <Popover.Target>
            <ActionIcon
              ref={buttonRef}
              variant="subtle"
              color="gray"
              aria-label={t('dateField.openCalendar')}
              onClick={() => setOpened((open) => !open)}
              onBlur={leave}
              disabled={disabled || readOnly}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown
            ref={calendarRef}
            onBlur={leave}
            aria-labelledby={label ? `${inputId}-label` : undefined}
            p="xs"
          >
            {calendar === 'loading' ? (
              <Loader size="sm" m="md" aria-label={t('dateField.loadingCalendar')} />
            ) : calendar === 'failed' ? (
              <Text size="sm" maw={240} p="xs">
                {t('dateField.calendarFailed', { example: DAY_FIRST_EXAMPLE })}
              </Text>
            ) : (
              <calendar.component
                value={picked}
                focusDay={focusDay}
                minDate={minDate}
                maxDate={maxDate}
                onPick={pick}
              />
            )}
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

export interface DateTimeFieldProps {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  /** YYYY-MM-DDTHH:mm (Lagos wall clock, as a datetime-local input gives it), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first and the last day the calendar offers, YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  ref?: Ref<HTMLInputElement>;
  'data-autofocus'?: boolean;
}

/** The date part and the time part of a YYYY-MM-DDTHH:mm value; the date part may be text as typed. */
function splitDateTime(value: string): { date: string; time: string } {
  const at = value.lastIndexOf('T');
  return at < 0 ? { date: value, time: '' } : { date: value.slice(0, at), time: value.slice(at + 1) };
}

/**
 * A day and a clock time, for moments a person enters (when an issue happened, until when a link works):
 * the date field, and beside it the browser's own time input, as the order wizard's closing time has. The
 * value is what a datetime-local input gives, so the forms and their checks stay as they are.
 */
export function DateTimeField({
  label,
  description,
  error,
  value,
  onChange,
  onBlur,
  minDate,
  maxDate,
  ref,
  'data-autofocus': autoFocus,
}: DateTimeFieldProps) {
  const t = useComponentsText();
  const id = useId();
  const { date, time } = splitDateTime(value);
  const join = (nextDate: string, nextTime: string) =>
    nextDate === '' && nextTime === '' ? '' : `${nextDate}T${nextTime}`;
  // The time sits inside the date field's wrapper, so it is described by the same description and error.
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <DateField
      ref={ref}
      id={id}
      label={label}
      description={description}
      error={error}
      value={date}
      onChange={(next) => onChange(join(next, time))}
      onBlur={onBlur}
      minDate={minDate}
      maxDate={maxDate}
      data-autofocus={autoFocus}
      inputContainer={(dateInput) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box flex={1}>{dateInput}</Box>
          <Input
            type="time"
            withAria={false}
            aria-label={t('dateField.time', { label })}
            aria-describedby={describedBy || undefined}
            aria-invalid={Boolean(error)}
            error={Boolean(error)}
            value={time}
            onChange={(event) => onChange(join(date, event.currentTarget.value))}
            onBlur={onBlur}
            w={140}
          />
        </Group>
      )}
    />
  );
}
