import { Badge } from '@mantine/core';
import { DELAYED_WORDS, tripStatusWords, type TripSummary } from '@freightlane/domain';
import { DELAYED_TONE, tripStatusTone } from '../../../lib/trip-status-tone';

/**
 * A trip's status as the trips list and the trip page show it, in the words the map uses too
 * (tripStatusWords): DELAYED while an issue is open, "Delivered · returning empty" on an empty's way back.
 */
export function TripStatusBadge({
  trip,
}: {
  trip: Pick<TripSummary, 'cargoType' | 'latestTripStatus' | 'cancelled' | 'hasOpenIssue'>;
}) {
  const words = tripStatusWords(trip);
  return (
    <Badge variant="light" color={words === DELAYED_WORDS ? DELAYED_TONE : tripStatusTone(trip)} radius="sm">
      {words}
    </Badge>
  );
}
