import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { isFinalStatus, isReturningEmpty, placeWords, type TripMapItem } from '@freightlane/domain';
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
import { useLabels } from '../../../i18n/labels/labels';
import { useMapSettings, useTripMap } from '../api/trip-map-api';
import { useTripStatusLabel } from '../components/trip-status';
import type { TruckMarker } from '../components/truck-map';
import { useTripRoutesText } from './text';

const TruckMap = lazy(() => import('../components/truck-map').then((m) => ({ default: m.TruckMap })));

/** A trip's colour on the map: delayed (an open issue) shows orange over its status colour. */
function toneOf(item: TripMapItem): string {
  return item.hasOpenIssue
    ? DELAYED_TONE
    : tripStatusTone({ cancelled: false, latestTripStatus: item.latestTripStatus });
}

/**
 * The same words the trips list and the trip page use for the trip (the domain's tripStatusWords) in the
 * reader's language; the map shows live trips only, so never a cancelled one.
 */
function useStatusText(): (item: TripMapItem) => string {
  const t = useTripRoutesText();
  const label = useLabels();
  const statusLabel = useTripStatusLabel();
  return ({ cargoType, latestTripStatus, hasOpenIssue }) => {
    const latest = latestTripStatus?.tripStatus ?? null;
    if (latest !== null && isFinalStatus(cargoType, latest)) return statusLabel(cargoType, latest);
    if (hasOpenIssue) return t('mapPage.status.delayed');
    if (latest === null) return t('mapPage.status.awaitingStart');
    if (isReturningEmpty(cargoType, latest))
      return t('mapPage.status.returningEmpty', { delivered: label('tripStatus', 'DELIVERED') });
    return statusLabel(cargoType, latest);
  };
}

const place = (item: TripMapItem) =>
  item.currentLocation ? placeWords([item.currentLocation.lga, item.currentLocation.state]) : '—';

function useReportedText(): (item: TripMapItem) => string {
  const t = useTripRoutesText();
  return (item) => (item.position ? formatDateTime(item.position.recordedAt) : t('mapPage.noPosition'));
}

function TripTable({ trips }: { trips: TripMapItem[] }) {
  const t = useTripRoutesText();
  const statusText = useStatusText();
  const reported = useReportedText();
  return (
    <Card withBorder radius="md" padding={0}>
      <TableFrame label={t('mapPage.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mapPage.column.trip')}</Table.Th>
            <Table.Th>{t('mapPage.column.truck')}</Table.Th>
            <Table.Th>{t('mapPage.column.status')}</Table.Th>
            <Table.Th>{t('mapPage.column.lastLocation')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td data-keep>
                <Text component={Link} to={PATHS.trip(item.id)} fw={600} c="green.8" size="sm">
                  {item.tripNumber}
                </Text>
              </Table.Td>
              <Table.Td data-keep>
                <Text size="sm">{item.truckRegistrationNumber ?? '—'}</Text>
              </Table.Td>
              <Table.Td data-keep>
                <Badge color={toneOf(item)} variant="light">
                  {statusText(item)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{place(item)}</Text>
                <Text size="xs" c="dimmed">
                  {reported(item)}
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
  const t = useTripRoutesText();
  const statusText = useStatusText();
  const reported = useReportedText();
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('mapPage.listLabel')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {trips.map((item) => (
        <Card key={item.id} withBorder radius="md" padding="sm" component="li">
          {/* A long status moves under the trip number rather than losing its end on a narrow phone. */}
          <Group justify="space-between" gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
            <Text component={Link} to={PATHS.trip(item.id)} fw={600} c="green.8" size="sm">
              {item.tripNumber}
            </Text>
            <Badge color={toneOf(item)} variant="light" style={{ flexShrink: 0 }}>
              {statusText(item)}
            </Badge>
          </Group>
          <Text size="sm" mt={4}>
            {item.truckRegistrationNumber ?? t('mapPage.noTruck')} · {place(item)}
          </Text>
          <Text size="xs" c="dimmed">
            {reported(item)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** /trips/map: every truck on a live trip of the company where it last reported, refreshed by itself. */
export function TripMapPage() {
  const t = useTripRoutesText();
  const statusText = useStatusText();
  usePageTitle(t('mapPage.title'));
  const wide = useBreakpoint('md');
  const navigate = useNavigate();
  const settings = useMapSettings();
  const trips = useTripMap();
  const located = (trips.data ?? []).filter((item) => item.position);
  const markers: TruckMarker[] = located.map((item) => ({
    id: item.id,
    position: [item.position!.latitude, item.position!.longitude],
    color: toneOf(item),
    label: `${item.truckRegistrationNumber ?? t('mapPage.markerTruck')} · ${item.tripNumber} · ${statusText(item)}`,
    onOpen: () => void navigate(PATHS.trip(item.id)),
  }));

  return (
    <>
      <PageHeader title={t('mapPage.title')} description={t('mapPage.description')} />
      {trips.isError || settings.isError ? (
        <QueryError error={trips.error ?? settings.error} onRetry={() => void trips.refetch()} />
      ) : !trips.data || !settings.data ? (
        <ListSkeleton label={t('mapPage.loading')} rows={1} height={420} />
      ) : trips.data.length === 0 ? (
        <EmptyList icon={IconMapPin}>{t('mapPage.empty')}</EmptyList>
      ) : (
        <Stack gap="md">
          <Suspense fallback={<ListSkeleton label={t('mapPage.loading')} rows={1} height={420} />}>
            <TruckMap
              settings={settings.data}
              markers={markers}
              height="min(60vh, 560px)"
              label={t('mapPage.mapLabel')}
            />
          </Suspense>
          {wide ? <TripTable trips={trips.data} /> : <TripCards trips={trips.data} />}
        </Stack>
      )}
    </>
  );
}
