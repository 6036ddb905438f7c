import { Badge } from '@mantine/core';
import { TRIP_STATUS_LABELS, type TripSummary } from '@freightlane/domain';
import { tripStatusTone } from '../../../lib/trip-status-tone';

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
  return (
    <Badge variant="light" color={tripStatusTone(trip)} radius="sm">
      {tripStatusText(trip)}
    </Badge>
  );
}
