import { Badge } from '@mantine/core';
import { TRIP_STATUS_LABELS, type TripStatus, type TripSummary } from '@freightlane/domain';

/** One colour per status everywhere (UI.md). */
const TRIP_STATUS_COLORS: Record<TripStatus, string> = {
  STARTED: 'blue',
  AT_PICKUP_LOCATION: 'violet',
  AT_WAREHOUSE_LOCATION: 'violet',
  LOADED: 'teal',
  AT_DELIVERY_LOCATION: 'violet',
  AT_DROP_OFF_LOCATION: 'violet',
  DELIVERED: 'green',
  EMPTY_DROP_OFF: 'gray',
};

/** A trip's status in one word or three: "Awaiting start" until its first status log. */
export function tripStatusText(
  trip: Pick<TripSummary, 'latestTripStatus' | 'cancelled' | 'cargoType'>,
): string {
  if (trip.cancelled) return 'Cancelled';
  if (!trip.latestTripStatus) return 'Awaiting start';
  const status = trip.latestTripStatus.tripStatus;
  // General cargo has no container to load.
  if (status === 'LOADED' && trip.cargoType === 'GENERAL_CARGO') return 'Loaded';
  return TRIP_STATUS_LABELS[status];
}

export function TripStatusBadge({ trip }: { trip: TripSummary }) {
  const color = trip.cancelled
    ? 'red'
    : trip.latestTripStatus
      ? TRIP_STATUS_COLORS[trip.latestTripStatus.tripStatus]
      : 'gray';
  return (
    <Badge variant="light" color={color} radius="sm">
      {tripStatusText(trip)}
    </Badge>
  );
}
