import { Group, Text } from '@mantine/core';
import { unitLabel, type CargoType, type LocationView } from '@freightlane/domain';
import { IconArrowRight } from '@tabler/icons-react';
import { PlaceText } from '../../../components/marketplace-badges';
import { formatDateTime } from '../../../lib/format';
import { relativeTime } from './relative-time';

/** "3 containers", "1 truck load". */
export function unitCount(cargoType: CargoType, count: number): string {
  return `${count} ${unitLabel(cargoType, count !== 1)}`;
}

/** Pickup → delivery in one line. */
export function Route({ pickup, recipient }: { pickup: LocationView; recipient: LocationView }) {
  return (
    <Group gap={6} wrap="wrap">
      <PlaceText location={pickup} size="sm" fw={500} />
      <IconArrowRight size={16} aria-label="to" role="img" />
      <PlaceText location={recipient} size="sm" fw={500} />
    </Group>
  );
}

/** "Bidding closes 21 Nov 2026, 14:05 (in 3 h)", or when it closed. */
export function ClosingTime({
  biddingOpen,
  biddingClosesAt,
}: {
  biddingOpen: boolean;
  biddingClosesAt: string;
}) {
  const when = formatDateTime(biddingClosesAt);
  const relative = relativeTime(biddingClosesAt);
  if (!biddingOpen) return <Text size="sm">Bidding closed on {when}</Text>;
  return (
    <Text size="sm">
      Bidding closes {when}
      {relative ? ` (${relative})` : ''}
    </Text>
  );
}
