import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CALL_UP_ALERT_HOURS,
  callUpState,
  formatMoney,
  type CallUpState,
  type CallUpTicket,
  type TripCallUp,
} from '@freightlane/domain';
import { IconTicket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DescriptionField } from '../../../components/description-field';
import { formatDateTime } from '../../../lib/format';
import { useTripCallUp } from '../api/call-up-api';
import { QueryError } from '../../../components/query-error';
import { useCallUpText, type CallUpText } from '../text';
import { CallUpTicketDialog } from './call-up-ticket-dialog';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** How often the countdown is worked out again while the page is open. */
const CLOCK_TICK_MS = 30_000;
const [FIRST_ALERT_HOURS, LAST_ALERT_HOURS] = CALL_UP_ALERT_HOURS;

const STATE_COLORS: Record<CallUpState, string> = {
  UPCOMING: 'blue',
  OPEN: 'green',
  USED: 'teal',
  MISSED: 'red',
};

/** A sentence wraps inside its badge on a phone instead of pushing the card wider than the screen. */
const WRAPPING = {
  root: { height: 'auto', minWidth: 0, maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/** The time now, moved on every 30 seconds so the countdown keeps up while the page is open. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** 320 minutes → "5 h 20 min"; 1 565 → "1 day 2 h". */
export function durationText(t: CallUpText, totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return t('duration.daysHours', { days, hours });
  if (hours === 0) return t('duration.minutes', { minutes: rest });
  return rest === 0 ? t('duration.hours', { hours }) : t('duration.hoursMinutes', { hours, minutes: rest });
}

/** Time left until `ms`, for a countdown: under a minute is said as such rather than "0 min". */
function timeLeft(t: CallUpText, ms: number): string {
  return ms < MINUTE_MS ? t('duration.underMinute') : durationText(t, ms / MINUTE_MS);
}

/** Where the current ticket stands at `now`, in words, and the colour of its urgency. */
export function ticketCountdown(
  t: CallUpText,
  ticket: Pick<CallUpTicket, 'validFrom' | 'validUntil'>,
  arrivedPickupAt: string | null,
  now: Date,
): { state: CallUpState; text: string; color: string } {
  const state = callUpState(ticket, arrivedPickupAt, now);
  switch (state) {
    case 'UPCOMING':
      return {
        state,
        text: t('state.opensIn', { time: timeLeft(t, Date.parse(ticket.validFrom) - now.getTime()) }),
        color: STATE_COLORS.UPCOMING,
      };
    case 'OPEN': {
      const left = Date.parse(ticket.validUntil) - now.getTime();
      return {
        state,
        text: t('state.closesIn', { time: timeLeft(t, left) }),
        color:
          left < LAST_ALERT_HOURS * HOUR_MS
            ? 'orange'
            : left < FIRST_ALERT_HOURS * HOUR_MS
              ? 'yellow'
              : 'green',
      };
    }
    case 'USED':
      return {
        state,
        text: t('state.used', { time: formatDateTime(arrivedPickupAt) }),
        color: STATE_COLORS.USED,
      };
    case 'MISSED':
      return {
        state,
        text: t('state.missed', { time: formatDateTime(ticket.validUntil) }),
        color: STATE_COLORS.MISSED,
      };
  }
}

function windowText(t: CallUpText, ticket: CallUpTicket): string {
  return t('ticket.windowText', {
    from: formatDateTime(ticket.validFrom),
    until: formatDateTime(ticket.validUntil),
  });
}

function Money({ kobo }: { kobo: number }) {
  return (
    <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(kobo)}
    </Text>
  );
}

function CurrentTicket({ callUp, ticket }: { callUp: TripCallUp; ticket: CallUpTicket }) {
  const t = useCallUpText();
  const now = useClock();
  const countdown = ticketCountdown(t, ticket, callUp.arrivedPickupAt, now);
  const { holdingBayMinutes, gateMinutes } = callUp.waits;
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={t('ticket.current')}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('ticket.number', { number: ticket.ticketNumber })}
          </Text>
          <Badge
            variant="light"
            radius="sm"
            size="lg"
            tt="none"
            color={countdown.color}
            // The tint carries the urgency; the words stay dark enough to read on it.
            c="dark.8"
            styles={WRAPPING}
            data-state={countdown.state}
          >
            {countdown.text}
          </Badge>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
          <DescriptionField label={t('ticket.terminal')}>{ticket.terminal.name}</DescriptionField>
          <DescriptionField label={t('ticket.holdingBay')}>{ticket.holdingBay.name}</DescriptionField>
          <DescriptionField label={t('ticket.window')}>{windowText(t, ticket)}</DescriptionField>
          <DescriptionField label={t('ticket.cost')}>
            <Money kobo={ticket.costKobo} />
          </DescriptionField>
        </SimpleGrid>
        {ticket.expenseId ? (
          <Text size="sm" c="dimmed">
            {t('ticket.paidByDriver')}
          </Text>
        ) : null}
        {holdingBayMinutes !== null || gateMinutes !== null ? (
          <Stack gap={2}>
            {holdingBayMinutes !== null ? (
              <Text size="sm">{t('waits.holdingBay', { time: durationText(t, holdingBayMinutes) })}</Text>
            ) : null}
            {gateMinutes !== null ? (
              <Text size="sm">{t('waits.gate', { time: durationText(t, gateMinutes) })}</Text>
            ) : null}
          </Stack>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('ticket.recordedBy', { who: ticket.recordedBy, when: formatDateTime(ticket.createdAt) })}
        </Text>
      </Stack>
    </Paper>
  );
}

function EarlierTickets({ tickets }: { tickets: CallUpTicket[] }) {
  const t = useCallUpText();
  return (
    <Stack gap="xs" component="section" aria-label={t('earlier.title')}>
      <Text fw={600} size="sm">
        {t('earlier.title')}
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {tickets.map((ticket) => (
          <Paper
            key={ticket.id}
            component="li"
            withBorder
            radius="sm"
            p="xs"
            aria-label={t('earlier.item', { number: ticket.ticketNumber })}
          >
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {t('earlier.item', { number: ticket.ticketNumber })}
              </Text>
              <Badge
                variant="light"
                radius="sm"
                tt="none"
                color={STATE_COLORS[ticket.state]}
                c="dark.8"
                styles={WRAPPING}
              >
                {t(`state.${ticket.state}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('earlier.facts', { window: windowText(t, ticket), cost: formatMoney(ticket.costKobo) })}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function CallUpBody({ tripId, callUp }: { tripId: string; callUp: TripCallUp }) {
  const t = useCallUpText();
  const [recording, setRecording] = useState(false);
  const [current, ...earlier] = callUp.tickets;
  return (
    <Stack gap="md">
      {current ? (
        <CurrentTicket callUp={callUp} ticket={current} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('card.noTicket', { terminal: callUp.terminal?.name ?? '' })}
        </Text>
      )}
      {earlier.length > 0 ? <EarlierTickets tickets={earlier} /> : null}
      {callUp.closedBecause === null ? (
        <Group>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconTicket size={16} aria-hidden />}
            onClick={() => setRecording(true)}
          >
            {t('card.record')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {callUp.closedBecause}
        </Text>
      )}
      <CallUpTicketDialog
        tripId={tripId}
        callUp={callUp}
        opened={recording}
        onClose={() => setRecording(false)}
      />
    </Stack>
  );
}

/**
 * The trip's Eto call-up for the transporter's side (admins read it): the ticket the truck enters the port
 * terminal with, its window counting down, the waits in the holding bay and at the gate, and the earlier
 * tickets. A trip that picks up elsewhere, with no ticket, has no card.
 */
export function CallUpCard({ tripId }: { tripId: string }) {
  const t = useCallUpText();
  const callUp = useTripCallUp(tripId);
  // Most trips pick up away from Apapa and Tin Can Island: no skeleton that would vanish again once loaded.
  if (callUp.isPending) return null;
  if (callUp.isSuccess && callUp.data.terminal === null && callUp.data.tickets.length === 0) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="call-up-title"
      id="call-up"
    >
      <Title order={2} fz="lg" id="call-up-title" mb="sm">
        {t('card.title')}
      </Title>
      {callUp.isError ? (
        <QueryError error={callUp.error} title={t('card.failed')} onRetry={() => void callUp.refetch()} />
      ) : (
        <CallUpBody tripId={tripId} callUp={callUp.data} />
      )}
    </Card>
  );
}
