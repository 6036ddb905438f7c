import { Badge, VisuallyHidden } from '@mantine/core';
import { daysLeftText, type ContainerFreeTime } from '@freightlane/domain';
import { IconHourglass } from '@tabler/icons-react';

type FreeTimeLevel = ContainerFreeTime['level'];

/** Orange from 3 days left, red from the last day but one and once over (decision 019). */
const LEVEL_COLORS: Record<FreeTimeLevel, string> = {
  OK: 'green',
  SOON: 'orange',
  URGENT: 'red',
  OVER: 'red',
  SETTLED: 'gray',
  UNKNOWN: 'gray',
};

/** "3 days left", "Last free day today", "2 days over"; what stopped the clock; or that it cannot be counted. */
export function freeTimeText(
  freeTime: Pick<ContainerFreeTime, 'level' | 'daysLeft' | 'emptyReturn'>,
): string {
  // A shipper-owned container has no empty to return: its clock stops when it leaves the port.
  if (freeTime.level === 'SETTLED') return freeTime.emptyReturn ? 'Empty returned' : 'Out of the port';
  if (freeTime.level === 'UNKNOWN' || freeTime.daysLeft === null) return 'Free time not known';
  return daysLeftText(freeTime.daysLeft);
}

/**
 * How much free time a container has left, coloured by urgency; the words carry the meaning too, so
 * the colour is never the only sign. `withContext` says what the count is of, for where the badge
 * stands alone (the trip's header) rather than in a "Days left" column.
 */
export function FreeTimeBadge({
  freeTime,
  withContext = false,
}: {
  freeTime: Pick<ContainerFreeTime, 'level' | 'daysLeft' | 'emptyReturn'>;
  withContext?: boolean;
}) {
  return (
    <Badge
      variant="light"
      radius="sm"
      color={LEVEL_COLORS[freeTime.level]}
      leftSection={withContext ? <IconHourglass size={12} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
    >
      {withContext ? <VisuallyHidden>Free time: </VisuallyHidden> : null}
      {freeTimeText(freeTime)}
    </Badge>
  );
}
