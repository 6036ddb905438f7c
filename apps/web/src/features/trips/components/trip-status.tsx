import { Badge } from '@mantine/core';
import {
  DELAYED_WORDS,
  isFinalStatus,
  isReturningEmpty,
  tripStatusWords,
  type CargoType,
  type TripStatus,
  type TripSummary,
} from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';
import { DELAYED_TONE, tripStatusTone } from '../../../lib/trip-status-tone';
import { useTripComponentsText } from './text';

type StatusWordsInput = Pick<TripSummary, 'cargoType' | 'latestTripStatus' | 'cancelled' | 'hasOpenIssue'>;

/**
 * A status in words for its cargo type, in the reader's language: general cargo is "Loaded", not
 * "Container(s) Loaded" (the domain's tripStatusLabel).
 */
export function useTripStatusLabel(): (cargoType: CargoType, status: TripStatus) => string {
  const t = useTripComponentsText();
  const label = useLabels();
  return (cargoType, status) =>
    status === 'LOADED' && cargoType === 'GENERAL_CARGO' ? t('status.loaded') : label('tripStatus', status);
}

/** The domain's tripStatusWords in the reader's language: the same choice, branch for branch. */
function useTripStatusText(): (trip: StatusWordsInput) => string {
  const t = useTripComponentsText();
  const label = useLabels();
  const statusLabel = useTripStatusLabel();
  return ({ cargoType, latestTripStatus, cancelled, hasOpenIssue }) => {
    if (cancelled) return t('status.cancelled');
    const latest = latestTripStatus?.tripStatus ?? null;
    if (latest !== null && isFinalStatus(cargoType, latest)) return statusLabel(cargoType, latest);
    if (hasOpenIssue) return t('status.delayed');
    if (latest === null) return t('status.awaitingStart');
    if (isReturningEmpty(cargoType, latest))
      return t('status.returningEmpty', { delivered: label('tripStatus', 'DELIVERED') });
    return statusLabel(cargoType, latest);
  };
}

/**
 * A trip's status as the trips list and the trip page show it, in the words the map uses too
 * (tripStatusWords): DELAYED while an issue is open, "Delivered · returning empty" on an empty's way back.
 */
export function TripStatusBadge({ trip }: { trip: StatusWordsInput }) {
  const words = useTripStatusText()(trip);
  const delayed = tripStatusWords(trip) === DELAYED_WORDS;
  return (
    <Badge variant="light" color={delayed ? DELAYED_TONE : tripStatusTone(trip)} radius="sm">
      {words}
    </Badge>
  );
}
