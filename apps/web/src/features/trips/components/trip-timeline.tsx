import { Alert, Badge, Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  TIMELINE_STEPS,
  elapsedInStage,
  placeWords,
  timelineSteps,
  type TripDetail,
  type TripStatusLog,
} from '@freightlane/domain';
import { IconArrowBackUp, IconArrowRight, IconCheck, IconClock, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { statusLabel, TripStatusDialog } from './trip-status-dialog';
import { TripUndoStatusDialog } from './trip-undo-status-dialog';

const MINUTE_MS = 60_000;

/** The time now, moved on every minute so the stage clock keeps up while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The log entry that ticked a step: its latest one, as a step redone after an undo shows when it was reached last. */
function logOfStep(
  logs: readonly TripStatusLog[],
  key: string,
  timeStamp: string | null,
): TripStatusLog | null {
  const statuses = TIMELINE_STEPS.find((step) => step.key === key)?.statuses ?? [];
  const matching = logs.filter((log) => statuses.includes(log.tripStatus) && log.timeStamp === timeStamp);
  return matching[matching.length - 1] ?? null;
}

function placeText(log: TripStatusLog): string | null {
  if (!log.location) return null;
  const { lga, state, description } = log.location;
  return placeWords([description, lga, state]);
}

/**
 * Shipment progress: the spec's steps for the cargo type (Empty Dropped Off only where an empty goes
 * back), each ticked with when, who, where and a note; the clock of the current stage; and the next step.
 */
export function TripTimeline({ trip, isAdmin }: { trip: TripDetail; isAdmin: boolean }) {
  const now = useMinuteClock();
  const [changing, setChanging] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const steps = timelineSteps(trip.cargoType, trip.tripStatusLogs);
  const current = steps.reduce((last, step, index) => (step.done ? index : last), -1);
  const live = !trip.cancelled && !trip.completed;
  const next = trip.allowedNextStatuses[0];
  const canChange = trip.actions.includes('CHANGE_STATUS') && next !== undefined;
  const canUndo = trip.actions.includes('UNDO_STATUS');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="progress-title">
      <Title order={2} fz="lg" id="progress-title" mb="md">
        Progress
      </Title>

      {trip.latestTripStatus ? null : (
        <Text size="sm" c="dimmed" mb="md">
          {trip.cancelled
            ? 'The trip was cancelled before it started.'
            : 'Awaiting start: the trip starts once a truck and a driver are on it.'}
        </Text>
      )}

      <Timeline active={current} bulletSize={26} lineWidth={2} role="list" aria-label="Trip steps">
        {steps.map((step, index) => {
          const log = step.done ? logOfStep(trip.tripStatusLogs, step.key, step.timeStamp) : null;
          const place = log ? placeText(log) : null;
          return (
            <Timeline.Item
              key={step.key}
              role="listitem"
              aria-current={index === current ? 'step' : undefined}
              aria-label={`${step.label}: ${step.done ? 'done' : 'not yet'}`}
              bullet={
                step.done ? (
                  <IconCheck size={14} aria-hidden />
                ) : (
                  <Text size="xs" fw={600} aria-hidden>
                    {index + 1}
                  </Text>
                )
              }
              title={
                <Text fw={600} size="sm" c={step.done ? undefined : 'dimmed'}>
                  {step.label}
                </Text>
              }
            >
              {step.done ? (
                <Stack gap={2}>
                  <Text size="sm">{formatDateTime(step.timeStamp)}</Text>
                  {log ? (
                    <Text size="xs" c="dimmed">
                      By {log.changedBy}
                    </Text>
                  ) : null}
                  {place ? <Text size="xs">{place}</Text> : null}
                  {log?.note ? (
                    <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      Note: {log.note}
                    </Text>
                  ) : null}
                  {index === current && live && trip.latestTripStatus ? (
                    <Badge
                      variant="light"
                      color="blue"
                      radius="sm"
                      mt={4}
                      leftSection={<IconClock size={12} aria-hidden />}
                      title="Whole hours since the trip reached this step, counted in rounds of 48 hours"
                      style={{ alignSelf: 'flex-start' }}
                    >
                      In this stage: {elapsedInStage(trip.latestTripStatus.timeStamp, now)}
                    </Badge>
                  ) : null}
                  {log?.handoverOverrideReason ? (
                    <Text size="xs" c="orange.9">
                      Recorded by an admin without the handover code: {log.handoverOverrideReason}
                    </Text>
                  ) : null}
                </Stack>
              ) : index === current + 1 && trip.eta ? (
                <Text size="xs" aria-label="Expected arrival">
                  Expected around {formatDateTime(trip.eta.typical)}, by {formatDateTime(trip.eta.worst)} at
                  the latest (from this lane’s past trips)
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  Not yet
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>

      {canChange && trip.arrivalProposal?.status === next ? (
        <Alert
          mt="lg"
          color="teal"
          variant="light"
          icon={<IconMapPin size={18} aria-hidden />}
          title="The truck’s tracking saw it arrive"
        >
          It entered the geofence at {formatDateTime(trip.arrivalProposal.at)}. Record{' '}
          {statusLabel(trip.cargoType, next)} when you have confirmed it.
        </Alert>
      ) : null}

      {canChange || canUndo ? (
        <Group mt="lg" gap="sm">
          {canChange ? (
            <Button
              onClick={() => setChanging(true)}
              rightSection={<IconArrowRight size={16} aria-hidden />}
              // Long status names wrap on a phone instead of being cut off.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              Next step: {statusLabel(trip.cargoType, next)}
            </Button>
          ) : null}
          {canUndo ? (
            <Button
              variant="default"
              onClick={() => setUndoing(true)}
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
            >
              Undo last step
            </Button>
          ) : null}
        </Group>
      ) : null}

      <TripStatusDialog trip={trip} isAdmin={isAdmin} opened={changing} onClose={() => setChanging(false)} />
      <TripUndoStatusDialog trip={trip} opened={undoing} onClose={() => setUndoing(false)} />
    </Card>
  );
}
