import { Card, Stack, Text, Title } from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { lazy, Suspense, useId } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { tripStatusTone } from '../../../lib/trip-status-tone';
import { useMapSettings, useTripRoute } from '../api/trip-map-api';
import { useTripComponentsText } from './text';

const TruckMap = lazy(() => import('./truck-map').then((m) => ({ default: m.TruckMap })));

/**
 * Where the trip's truck went, on a map, from its tracker or its driver's phone; refreshed while the trip
 * is under way. The transporter is told how to start tracking when nothing has reported yet.
 */
export function TripRouteCard({ trip, ownsFleet }: { trip: TripDetail; ownsFleet: boolean }) {
  const t = useTripComponentsText();
  const titleId = useId();
  const live = trip.latestTripStatus !== null && !trip.completed && !trip.cancelled;
  const route = useTripRoute(trip.id, live);
  const settings = useMapSettings();
  const positions = route.data?.positions ?? [];
  const last = positions.at(-1);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="sm">
        {t('route.title')}
      </Title>
      {route.isError || settings.isError ? (
        <QueryError error={route.error ?? settings.error} onRetry={() => void route.refetch()} />
      ) : !route.data || !settings.data ? (
        <ListSkeleton label={t('route.loading')} rows={1} height={280} />
      ) : !last && trip.latestTripStatus === null ? (
        <Text size="sm" c="dimmed">
          {t('route.beforeStart')}
        </Text>
      ) : !last ? (
        <Text size="sm" c="dimmed">
          {ownsFleet ? t('route.noPositionOwner') : t('route.noPosition')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Suspense fallback={<ListSkeleton label={t('route.loading')} rows={1} height={280} />}>
            <TruckMap
              settings={settings.data}
              route={positions.map((p) => [p.latitude, p.longitude])}
              markers={[
                {
                  id: trip.id,
                  position: [last.latitude, last.longitude],
                  color: tripStatusTone(trip),
                  label: route.data.truckRegistrationNumber ?? t('route.truck'),
                },
              ]}
              height={280}
              label={t('route.mapLabel', { tripNumber: trip.tripNumber })}
            />
          </Suspense>
          <Text size="sm">
            {t('route.lastPosition', { time: formatDateTime(last.recordedAt) })}
            {last.speedKmh !== null ? ` · ${t('route.speed', { speed: Math.round(last.speedKmh) })}` : ''}
            {trip.currentLocation ? ` · ${trip.currentLocation.lga}, ${trip.currentLocation.state}` : ''}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
