import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { placeWords, tripStatusWords, type TripMapItem } from '@freightlane/domain';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { TableFrame } from '../../../components/table-frame';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { DELAYED_TONE, tripStatusTone } from '../../../lib/trip-status-tone';
import { useBreakpoint } from '../../../lib/use-breakpoint';
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

/** The same words the trips list and the trip page use for the trip. */
const statusText = (item: TripMapItem) => tripStatusWords(item);

const place = (t: TripMapItem) =>
  t.currentLocation ? placeWords([t.currentLocation.lga, t.currentLocation.state]) : '—';
const reported = (t: TripMapItem) =>
  t.position ? formatDateTime(t.position.recordedAt) : 'no GPS position yet';

function TripTable({ trips }: { trips: TripMapItem[] }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <TableFrame label="Trips on the map">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Trip</Table.Th>
            <Table.Th>Truck</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last location</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td data-keep>
                <Text component={Link} to={PATHS.trip(t.id)} fw={600} c="green.8" size="sm">
                  {t.tripNumber}
                </Text>
              </Table.Td>
              <Table.Td data-keep>
                <Text size="sm">{t.truckRegistrationNumber ?? '—'}</Text>
              </Table.Td>
              <Table.Td data-keep>
                <Badge color={toneOf(t)} variant="light">
                  {statusText(t)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{place(t)}</Text>
                <Text size="xs" c="dimmed">
                  {reported(t)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableFrame>
    </Card>
  );
}

/** On a phone: one card a trip, the trip and its status, then truck, place and time. */
function TripCards({ trips }: { trips: TripMapItem[] }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Trips on the map"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {trips.map((t) => (
        <Card key={t.id} withBorder radius="md" padding="sm" component="li">
          {/* A long status moves under the trip number rather than losing its end on a narrow phone. */}
          <Group justify="space-between" gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
            <Text component={Link} to={PATHS.trip(t.id)} fw={600} c="green.8" size="sm">
              {t.tripNumber}
            </Text>
            <Badge color={toneOf(t)} variant="light" style={{ flexShrink: 0 }}>
              {statusText(t)}
            </Badge>
          </Group>
          <Text size="sm" mt={4}>
            {t.truckRegistrationNumber ?? 'No truck'} · {place(t)}
          </Text>
          <Text size="xs" c="dimmed">
            {reported(t)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** /trips/map: every truck on a live trip of the company where it last reported, refreshed by itself. */
export function TripMapPage() {
  usePageTitle('Map');
  const wide = useBreakpoint('md');
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
        description="Trucks on ongoing trips (started, not finished; an empty on its way back counts), where each last reported. Click a truck to open its trip."
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
          {wide ? <TripTable trips={trips.data} /> : <TripCards trips={trips.data} />}
        </Stack>
      )}
    </>
  );
}
