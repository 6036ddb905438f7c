import { Card, Stack, Text, Title } from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { lazy, Suspense, useId } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { tripStatusTone } from '../../../lib/trip-status-tone';
import { useMapSettings, useTripRoute } from '../api/trip-map-api';

const TruckMap = lazy(() => import('./truck-map').then((m) => ({ default: m.TruckMap })));

/**
 * Where the trip's truck went, on a map, from its tracker or its driver's phone; refreshed while the trip
 * is under way. The transporter is told how to start tracking when nothing has reported yet.
 */
export function TripRouteCard({ trip, ownsFleet }: { trip: TripDetail; ownsFleet: boolean }) {
  const titleId = useId();
  const live = trip.latestTripStatus !== null && !trip.completed && !trip.cancelled;
  const route = useTripRoute(trip.id, live);
  const settings = useMapSettings();
  const positions = route.data?.positions ?? [];
  const last = positions.at(-1);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="sm">
        Route
      </Title>
      {route.isError || settings.isError ? (
        <QueryError error={route.error ?? settings.error} onRetry={() => void route.refetch()} />
      ) : !route.data || !settings.data ? (
        <ListSkeleton label="Loading the route" rows={1} height={280} />
      ) : !last && trip.latestTripStatus === null ? (
        <Text size="sm" c="dimmed">
          The truck’s road shows here from the moment the trip starts.
        </Text>
      ) : !last ? (
        <Text size="sm" c="dimmed">
          {ownsFleet
            ? 'No position from this truck yet. Link its tracker under Fleet › Tracking, or give the driver a phone link on the driver’s page.'
            : 'No position from the truck yet; it shows here as soon as its tracker or its driver’s phone reports.'}
        </Text>
      ) : (
        <Stack gap="xs">
          <Suspense fallback={<ListSkeleton label="Loading the route" rows={1} height={280} />}>
            <TruckMap
              settings={settings.data}
              route={positions.map((p) => [p.latitude, p.longitude])}
              markers={[
                {
                  id: trip.id,
                  position: [last.latitude, last.longitude],
                  color: tripStatusTone(trip),
                  label: route.data.truckRegistrationNumber ?? 'Truck',
                },
              ]}
              height={280}
              label={`Route of trip ${trip.tripNumber}`}
            />
          </Suspense>
          <Text size="sm">
            Last position {formatDateTime(last.recordedAt)}
            {last.speedKmh !== null ? ` · ${Math.round(last.speedKmh)} km/h` : ''}
            {trip.currentLocation ? ` · ${trip.currentLocation.lga}, ${trip.currentLocation.state}` : ''}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
