import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { isDelivered, type ScheduleEvent, type ScheduleEventKind } from '@freightlane/domain';
import { Link } from 'react-router';
import { TableFrame } from '../../../components/table-frame';
import { PATHS } from '../../../lib/paths';
import {
  englishTripComponentsText,
  useTripComponentsText,
  type TripComponentsKey,
  type TripComponentsText,
} from './text';
import './schedule-calendar.css';

/** Monday first, as Nigerian businesses plan their week. */
const WEEKDAYS = [
  { short: 'schedule.mon', long: 'schedule.monday' },
  { short: 'schedule.tue', long: 'schedule.tuesday' },
  { short: 'schedule.wed', long: 'schedule.wednesday' },
  { short: 'schedule.thu', long: 'schedule.thursday' },
  { short: 'schedule.fri', long: 'schedule.friday' },
  { short: 'schedule.sat', long: 'schedule.saturday' },
  { short: 'schedule.sun', long: 'schedule.sunday' },
] as const satisfies readonly { short: TripComponentsKey; long: TripComponentsKey }[];

const EVENT_KIND_LABELS: Record<ScheduleEventKind, TripComponentsKey> = {
  PICKUP: 'schedule.pickup',
  DELIVERY: 'schedule.delivery',
};
/** A delivery already made reads "Delivered": the API dates it the day it was made, no longer as expected. */
export function eventLabel(event: ScheduleEvent, t: TripComponentsText = englishTripComponentsText): string {
  const made = event.kind === 'DELIVERY' && isDelivered(event.trip.latestTripStatus?.tripStatus ?? null);
  return t(made ? 'schedule.delivered' : EVENT_KIND_LABELS[event.kind]);
}
const EVENT_KIND_COLORS: Record<ScheduleEventKind, string> = { PICKUP: 'blue', DELIVERY: 'green' };
const EVENT_KIND_ORDER: Record<ScheduleEventKind, number> = { PICKUP: 0, DELIVERY: 1 };

// Calendar dates are plain dates: computed and formatted in UTC so no time zone shifts them by a day.
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function utcDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** "November 2026". */
export function monthTitle(year: number, month: number): string {
  return monthFormat.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The weeks of a month, Monday to Sunday; days of the neighbouring months are null. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(isoDate(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The events of each date, pickups before deliveries, then by trip number. */
export function eventsByDate(events: readonly ScheduleEvent[]): Map<string, ScheduleEvent[]> {
  const byDate = new Map<string, ScheduleEvent[]>();
  const sorted = [...events].sort(
    (a, b) =>
      EVENT_KIND_ORDER[a.kind] - EVENT_KIND_ORDER[b.kind] ||
      a.trip.tripNumber.localeCompare(b.trip.tripNumber),
  );
  for (const event of sorted) {
    const list = byDate.get(event.date) ?? [];
    list.push(event);
    byDate.set(event.date, list);
  }
  return byDate;
}

/** One pickup or delivery: the trip it belongs to, what it carries and on which truck. */
function EventChip({ event }: { event: ScheduleEvent }) {
  const t = useTripComponentsText();
  const color = event.trip.cancelled ? 'red' : EVENT_KIND_COLORS[event.kind];
  const details = [event.trip.cancelled ? t('schedule.cancelled') : null, event.cargo]
    .filter(Boolean)
    .join(' · ');
  const plate = event.truckRegistrationNumber;
  return (
    <Box
      component="li"
      px={4}
      py={2}
      style={{
        borderLeft: `3px solid var(--mantine-color-${color}-6)`,
        background: `var(--mantine-color-${color}-0)`,
        borderRadius: 4,
        minWidth: 0,
      }}
    >
      <Anchor
        component={Link}
        to={PATHS.trip(event.trip.id)}
        size="xs"
        fw={600}
        td={event.trip.cancelled ? 'line-through' : undefined}
      >
        {eventLabel(event, t)} <span style={{ whiteSpace: 'nowrap' }}>{event.trip.tripNumber}</span>
      </Anchor>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {details}
        {/* A plate is read as one piece, so it never breaks over two lines. */}
        {plate ? (
          <>
            {details ? ' · ' : null}
            <span style={{ whiteSpace: 'nowrap' }}>{plate}</span>
          </>
        ) : null}
      </Text>
    </Box>
  );
}

function EventList({ events }: { events: ScheduleEvent[] }) {
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event) => (
        <EventChip key={`${event.kind}-${event.trip.id}`} event={event} />
      ))}
    </Stack>
  );
}

/** A busy day shows this many events in its cell until "more" is pressed, so one day cannot stretch the month. */
export const EVENTS_PER_CELL = 3;

function DayEvents({ events }: { events: ScheduleEvent[] }) {
  const t = useTripComponentsText();
  const [expanded, setExpanded] = useState(false);
  const hidden = events.length - EVENTS_PER_CELL;
  if (hidden <= 0 || expanded) return <EventList events={events} />;
  return (
    <Stack gap={4}>
      <EventList events={events.slice(0, EVENTS_PER_CELL)} />
      <Button variant="subtle" size="compact-xs" onClick={() => setExpanded(true)}>
        {t('schedule.more', { count: hidden })}
      </Button>
    </Stack>
  );
}

/**
 * Below this width the month scrolls sideways rather than squeezing its days: a day is then still wide
 * enough for a trip number ("TRP-2026-000123") on one line.
 */
const CALENDAR_MIN_WIDTH = 960;

/** The month as a Monday-to-Sunday table, from 600 px. */
export function ScheduleCalendar({
  year,
  month,
  events,
  today,
}: {
  year: number;
  month: number;
  events: readonly ScheduleEvent[];
  /** Today in Lagos, YYYY-MM-DD. */
  today: string;
}) {
  const t = useTripComponentsText();
  const byDate = eventsByDate(events);
  return (
    <Card withBorder radius="md" padding={0} className="fl-schedule">
      <TableFrame
        label={t('schedule.tableLabel', { month: monthTitle(year, month) })}
        minWidth={CALENDAR_MIN_WIDTH}
        highlightOnHover={false}
      >
        <Table.Thead>
          <Table.Tr>
            {WEEKDAYS.map((day) => (
              <Table.Th key={day.short} scope="col" ta="center">
                <abbr title={t(day.long)} style={{ textDecoration: 'none' }}>
                  {t(day.short)}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monthWeeks(year, month).map((week) => (
            <Table.Tr key={week.find(Boolean) ?? ''}>
              {week.map((date, index) => {
                if (!date) return <Table.Td key={`blank-${index}`} bg="gray.0" />;
                const isToday = date === today;
                return (
                  <Table.Td
                    key={date}
                    data-date={date}
                    aria-current={isToday ? 'date' : undefined}
                    bg={isToday ? 'green.0' : undefined}
                    style={{ height: 96 }}
                  >
                    <Group gap={4} mb={4} wrap="nowrap">
                      <Text size="sm" fw={isToday ? 700 : 500} c={isToday ? 'green.9' : undefined}>
                        <span aria-hidden>{Number(date.slice(8))}</span>
                        <VisuallyHidden>{longDayFormat.format(utcDate(date))}</VisuallyHidden>
                      </Text>
                      {isToday ? <TodayBadge /> : null}
                    </Group>
                    {byDate.has(date) ? <DayEvents events={byDate.get(date)!} /> : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableFrame>
    </Card>
  );
}

function TodayBadge() {
  const t = useTripComponentsText();
  return (
    <Badge size="xs" variant="filled" radius="sm">
      {t('schedule.today')}
    </Badge>
  );
}

/** The days of the month that have something on, one after another: the phone's view of the calendar. */
export function ScheduleAgenda({ events, today }: { events: readonly ScheduleEvent[]; today: string }) {
  const days = [...eventsByDate(events).entries()].sort(([a], [b]) => a.localeCompare(b));
  return (
    <Stack gap="sm">
      {days.map(([date, dayEvents]) => {
        const isToday = date === today;
        return (
          <Card
            key={date}
            withBorder
            radius="md"
            padding="sm"
            component="section"
            aria-current={isToday ? 'date' : undefined}
            bg={isToday ? 'green.0' : undefined}
            data-date={date}
          >
            <Group gap="xs" mb={6}>
              <Title order={2} fz="sm">
                {dayFormat.format(utcDate(date))}
              </Title>
              {isToday ? <TodayBadge /> : null}
            </Group>
            <EventList events={dayEvents} />
          </Card>
        );
      })}
    </Stack>
  );
}
