import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { TRIP_STATUS_LABELS, type TripMapItem } from '@freightlane/domain';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { DELAYED_TONE, tripStatusTone } from '../../../lib/trip-status-tone';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMapSettings, useTripMap } from '../api/trip-map-api';
import type { TruckMarker } from '../components/truck-map';

const TruckMap = lazy(() => import('../components/truck-map').then((m) => ({ default: m.TruckMap })));

/** A trip's colour on the map: delayed (an open issue) shows orange over its status colour. */
function toneOf(item: TripMapItem): string {
  return item.hasOpenIssue
    ? DELAYED_TONE
    : tripStatusTone({ cancelled: false, latestTripStatus: item.latestTripStatus });
}

const statusText = (item: TripMapItem) =>
  item.hasOpenIssue
    ? 'Delayed'
    : item.latestTripStatus
      ? TRIP_STATUS_LABELS[item.latestTripStatus.tripStatus]
      : 'Not started';

/** /trips/map: every truck on a live trip of the company where it last reported, refreshed by itself. */
export function TripMapPage() {
  usePageTitle('Map');
  const navigate = useNavigate();
  const settings = useMapSettings();
  const trips = useTripMap();
  const located = (trips.data ?? []).filter((t) => t.position);
  const markers: TruckMarker[] = located.map((t) => ({
    id: t.id,
    position: [t.position!.latitude, t.position!.longitude],
    color: toneOf(t),
    label: `${t.truckRegistrationNumber ?? 'Truck'} · ${t.tripNumber} · ${statusText(t)}`,
    onOpen: () => void navigate(PATHS.trip(t.id)),
  }));

  return (
    <>
      <PageHeader
        title="Map"
        description="Trucks on trips in progress, where each last reported. Click a truck to open its trip."
      />
      {trips.isError || settings.isError ? (
        <QueryError error={trips.error ?? settings.error} onRetry={() => void trips.refetch()} />
      ) : !trips.data || !settings.data ? (
        <ListSkeleton label="Loading the map" rows={1} height={420} />
      ) : trips.data.length === 0 ? (
        <EmptyList icon={IconMapPin}>
          No trip is in progress. Trucks appear here once their trips start.
        </EmptyList>
      ) : (
        <Stack gap="md">
          <Suspense fallback={<ListSkeleton label="Loading the map" rows={1} height={420} />}>
            <TruckMap
              settings={settings.data}
              markers={markers}
              height="min(60vh, 560px)"
              label="Map of trucks"
            />
          </Suspense>
          <Card withBorder radius="md" padding={0}>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Trips on the map">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Trip</Table.Th>
                    <Table.Th>Truck</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last position</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {trips.data.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        <Text component={Link} to={PATHS.trip(t.id)} fw={600} c="green.8" size="sm">
                          {t.tripNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t.truckRegistrationNumber ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={toneOf(t)} variant="light">
                          {statusText(t)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm">
                            {t.currentLocation ? `${t.currentLocation.lga}, ${t.currentLocation.state}` : '—'}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t.position ? formatDateTime(t.position.recordedAt) : 'no position yet'}
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Stack>
      )}
    </>
  );
}
