import { Badge, VisuallyHidden } from '@mantine/core';
import type { ContainerFreeTime } from '@freightlane/domain';
import { IconHourglass } from '@tabler/icons-react';
import { useFreeTimeText, type FreeTimeText } from '../text';

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
  t: FreeTimeText,
): string {
  // A shipper-owned container has no empty to return: its clock stops when it leaves the port.
  if (freeTime.level === 'SETTLED')
    return freeTime.emptyReturn ? t('badge.emptyReturned') : t('badge.outOfPort');
  if (freeTime.level === 'UNKNOWN' || freeTime.daysLeft === null) return t('badge.unknown');
  // The domain's daysLeftText, in the reader's language.
  const days = freeTime.daysLeft;
  if (days === 0) return t('badge.lastFreeDay');
  return days > 0 ? t('badge.daysLeft', { days }) : t('badge.daysOver', { days: -days });
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
  const t = useFreeTimeText();
  const color = LEVEL_COLORS[freeTime.level];
  return (
    <Badge
      variant="light"
      radius="sm"
      color={color}
      // Light red over the trip header's tint gave 4.4:1; the palette's palest red keeps the text at 5:1.
      bg={color === 'red' ? 'red.0' : undefined}
      leftSection={withContext ? <IconHourglass size={12} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
    >
      {withContext ? <VisuallyHidden>{`${t('badge.context')} `}</VisuallyHidden> : null}
      {freeTimeText(freeTime, t)}
    </Badge>
  );
}
