import { Alert, Badge, Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  TIMELINE_STEPS,
  hoursModulo48,
  placeWords,
  timelineSteps,
  type TimelineStepKey,
  type TripDetail,
  type TripStatus,
  type TripStatusLog,
} from '@freightlane/domain';
import { IconArrowBackUp, IconArrowRight, IconCheck, IconClock, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { useTripComponentsText } from './text';
import { useTripStatusLabel } from './trip-status';
import { TripStatusDialog } from './trip-status-dialog';
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

/** A step is named by its first status, whose label is the spec's name of the step ("At Pick-Up Location"). */
function stepStatus(key: TimelineStepKey): TripStatus {
  return TIMELINE_STEPS.find((step) => step.key === key)!.statuses[0]!;
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
  const t = useTripComponentsText();
  const label = useLabels();
  const statusLabel = useTripStatusLabel();
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
        {t('timeline.title')}
      </Title>

      {trip.latestTripStatus ? null : (
        <Text size="sm" c="dimmed" mb="md">
          {trip.cancelled ? t('timeline.cancelledBeforeStart') : t('timeline.awaitingStart')}
        </Text>
      )}

      <Timeline active={current} bulletSize={26} lineWidth={2} role="list" aria-label={t('timeline.steps')}>
        {steps.map((step, index) => {
          const log = step.done ? logOfStep(trip.tripStatusLogs, step.key, step.timeStamp) : null;
          const place = log ? placeText(log) : null;
          const stepLabel = label('tripStatus', stepStatus(step.key));
          return (
            <Timeline.Item
              key={step.key}
              role="listitem"
              aria-current={index === current ? 'step' : undefined}
              aria-label={t(step.done ? 'timeline.stepDone' : 'timeline.stepNotDone', { step: stepLabel })}
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
                  {stepLabel}
                </Text>
              }
            >
              {step.done ? (
                <Stack gap={2}>
                  <Text size="sm">{formatDateTime(step.timeStamp)}</Text>
                  {log ? (
                    <Text size="xs" c="dimmed">
                      {t('timeline.by', { name: log.changedBy })}
                    </Text>
                  ) : null}
                  {place ? <Text size="xs">{place}</Text> : null}
                  {log?.note ? (
                    <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {t('timeline.note', { note: log.note })}
                    </Text>
                  ) : null}
                  {index === current && live && trip.latestTripStatus ? (
                    <Badge
                      variant="light"
                      color="blue"
                      radius="sm"
                      mt={4}
                      leftSection={<IconClock size={12} aria-hidden />}
                      title={t('timeline.inStageHint')}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('timeline.inStage', { hours: hoursModulo48(trip.latestTripStatus.timeStamp, now) })}
                    </Badge>
                  ) : null}
                  {log?.handoverOverrideReason ? (
                    <Text size="xs" c="orange.9">
                      {t('timeline.override', { reason: log.handoverOverrideReason })}
                    </Text>
                  ) : null}
                </Stack>
              ) : index === current + 1 && trip.eta ? (
                <Text size="xs" aria-label={t('timeline.expectedArrival')}>
                  {t('timeline.eta', {
                    typical: formatDateTime(trip.eta.typical),
                    worst: formatDateTime(trip.eta.worst),
                  })}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('timeline.notYet')}
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
          title={t('timeline.arrivalTitle')}
        >
          {t('timeline.arrival', {
            time: formatDateTime(trip.arrivalProposal.at),
            status: statusLabel(trip.cargoType, next),
          })}
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
              {t('timeline.nextStep', { status: statusLabel(trip.cargoType, next) })}
            </Button>
          ) : null}
          {canUndo ? (
            <Button
              variant="default"
              onClick={() => setUndoing(true)}
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
            >
              {t('timeline.undo')}
            </Button>
          ) : null}
        </Group>
      ) : null}

      <TripStatusDialog trip={trip} isAdmin={isAdmin} opened={changing} onClose={() => setChanging(false)} />
      <TripUndoStatusDialog trip={trip} opened={undoing} onClose={() => setUndoing(false)} />
    </Card>
  );
}
