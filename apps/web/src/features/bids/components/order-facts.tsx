import { Group, Text } from '@mantine/core';
import { isContainerCargo, type CargoType, type LocationView } from '@freightlane/domain';
import { IconArrowRight } from '@tabler/icons-react';
import { PlaceText } from '../../../components/marketplace-badges';
import { formatDateTime } from '../../../lib/format';
import { useBidsText, type BidsText } from '../text';
import { relativeTime } from './relative-time';

/** "container" or "truck load": what the order is priced per. */
export function unitName(t: BidsText, cargoType: CargoType): string {
  return t(isContainerCargo(cargoType) ? 'unit.container' : 'unit.truckLoad');
}

/** "3 containers", "1 truck load". */
export function unitCount(t: BidsText, cargoType: CargoType, count: number): string {
  return t(isContainerCargo(cargoType) ? 'unit.containerCount' : 'unit.truckLoadCount', { count });
}

/** Pickup → delivery in one line. */
export function Route({ pickup, recipient }: { pickup: LocationView; recipient: LocationView }) {
  const t = useBidsText();
  return (
    <Group gap={6} wrap="wrap">
      <PlaceText location={pickup} size="sm" fw={500} />
      <IconArrowRight size={16} aria-label={t('facts.to')} role="img" />
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
  const t = useBidsText();
  const when = formatDateTime(biddingClosesAt);
  const relative = relativeTime(biddingClosesAt, Date.now(), t);
  if (!biddingOpen) return <Text size="sm">{t('facts.closedOn', { when })}</Text>;
  return (
    <Text size="sm">{relative ? t('facts.closesIn', { when, relative }) : t('facts.closes', { when })}</Text>
  );
}
