import { Badge, Text, type TextProps } from '@mantine/core';
import {
  formatMoney,
  locationText,
  type BidStatus,
  type CargoType,
  type LocationView,
  type OrderStatus,
} from '@freightlane/domain';
import { useLabels } from '../i18n/labels/labels';
import { useComponentsText } from './text';

export function CargoTypeBadge({ cargoType }: { cargoType: CargoType }) {
  const label = useLabels();
  return (
    <Badge variant="light" color={cargoType === 'GENERAL_CARGO' ? 'orange' : 'blue'} radius="sm">
      {label('cargoType', cargoType)}
    </Badge>
  );
}

const ORDER_STATUS_COLORS: Record<OrderStatus, string> = { OPEN: 'green', AWARDED: 'teal', CANCELLED: 'red' };

/** An open order whose closing time has passed reads "Bidding closed" until it is awarded. */
export function OrderStatusBadge({ status, biddingOpen }: { status: OrderStatus; biddingOpen: boolean }) {
  const t = useComponentsText();
  const label = useLabels();
  const closed = status === 'OPEN' && !biddingOpen;
  return (
    <Badge variant="light" color={closed ? 'gray' : ORDER_STATUS_COLORS[status]} radius="sm">
      {closed ? t('badges.biddingClosed') : label('orderStatus', status)}
    </Badge>
  );
}

const BID_STATUS_COLORS: Record<BidStatus, string> = {
  ACTIVE: 'blue',
  WITHDRAWN: 'gray',
  WON: 'green',
  LOST: 'red',
};

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const label = useLabels();
  return (
    <Badge variant="light" color={BID_STATUS_COLORS[status]} radius="sm">
      {label('bidStatus', status)}
    </Badge>
  );
}

/** Money in the spec's format, with tabular figures so columns line up. */
export function Money({ kobo, ...props }: { kobo: number | null | undefined } & TextProps) {
  return (
    // A naira figure is read as one piece: it never wraps, wherever it sits.
    <Text component="span" {...props} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(kobo)}
    </Text>
  );
}

/** A pickup or delivery place in one line: terminal operator and city, else address city and state. */
export function PlaceText({ location, ...props }: { location: LocationView } & TextProps) {
  const title = location.terminal?.name ?? location.address?.street;
  return (
    <Text component="span" title={title} {...props}>
      {locationText(location)}
    </Text>
  );
}
