import { ActionIcon, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { EmptyList } from '../../../components/empty-list';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { lagosToday } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useTripSchedule } from '../api/trips-api';
import { monthTitle, ScheduleAgenda, ScheduleCalendar } from '../components/schedule-calendar';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useTripRoutesText } from './text';

interface Month {
  year: number;
  month: number;
}

function monthOf(isoDate: string): Month {
  return { year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) };
}

/** The month in the address (?year=&month=), or this month in Lagos when either is missing or unreadable. */
function readMonth(params: URLSearchParams, current: Month): Month {
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const valid =
    Number.isInteger(year) &&
    year >= 2000 &&
    year <= 2100 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12;
  return valid ? { year, month } : current;
}

function shiftMonth({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** /trips/schedule: the pickups and deliveries of a month, for every signed-in role. */
export function TripSchedulePage() {
  const t = useTripRoutesText();
  usePageTitle(t('schedulePage.title'));
  const list = useListParams();
  const today = lagosToday();
  const current = monthOf(today);
  const shown = readMonth(list.params, current);
  const showCompleted = list.params.get('completed') === 'show';
  const isDesktop = useBreakpoint('sm');
  const schedule = useTripSchedule({ ...shown, showCompleted });
  const title = monthTitle(shown.year, shown.month);
  const isCurrentMonth = shown.year === current.year && shown.month === current.month;

  const goTo = (month: Month) => list.update({ year: String(month.year), month: String(month.month) });

  // On a desktop the month's calendar shows even when empty, with a line saying so above it.
  const content = (
    <QueryList
      query={schedule}
      rowsOf={(month) => month.events}
      skeleton={<ListSkeleton label={t('schedulePage.loading')} rows={1} height={420} />}
      failure={t('schedulePage.failure')}
      empty={
        isDesktop ? undefined : (
          <EmptyList icon={IconCalendarOff}>
            {showCompleted
              ? t('schedulePage.nothingIn', { month: title })
              : t('schedulePage.nothingUnfinishedInHint', { month: title })}
          </EmptyList>
        )
      }
    >
      {(events) =>
        isDesktop ? (
          <Stack gap="xs">
            {events.length === 0 ? (
              <Text size="sm" c="dimmed">
                {showCompleted
                  ? t('schedulePage.nothingIn', { month: title })
                  : t('schedulePage.nothingUnfinishedIn', { month: title })}
              </Text>
            ) : null}
            <ScheduleCalendar year={shown.year} month={shown.month} events={events} today={today} />
          </Stack>
        ) : (
          <ScheduleAgenda events={events} today={today} />
        )
      }
    </QueryList>
  );

  return (
    <>
      <PageHeader title={t('schedulePage.title')} description={t('schedulePage.description')} />
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('schedulePage.previousMonth')}
              onClick={() => goTo(shiftMonth(shown, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Title order={2} fz="lg" miw={150} ta="center" aria-live="polite">
              {title}
            </Title>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('schedulePage.nextMonth')}
              onClick={() => goTo(shiftMonth(shown, 1))}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
            <Button
              variant="default"
              onClick={() => list.update({ year: null, month: null })}
              disabled={isCurrentMonth}
            >
              {t('schedulePage.today')}
            </Button>
          </Group>
          <Switch
            label={t('schedulePage.showCompleted')}
            checked={showCompleted}
            onChange={(event) => list.update({ completed: event.currentTarget.checked ? 'show' : null })}
          />
        </Group>
        {content}
      </Stack>
    </>
  );
}
