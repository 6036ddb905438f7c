import { Anchor, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { elapsedInStage, type Consignment, type TripStatus, type TripSummary } from '@freightlane/domain';
import { IconAlertTriangle, IconCalendar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { CargoTypeBadge, Money } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { partiesFor, partyColumns, type Party } from '../../../components/parties';
import { placesColumn } from '../../../components/order-columns';
import { DataRowCards, DataRowsTable, type DataColumn } from '../../../components/data-table';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { ShareOngoingTripsButton } from '../public-tracking/components/ongoing-trips-link-dialog';
import { TRIP_TABS, type TripTab } from '../api/trip-keys';
import { useTrips } from '../api/trips-api';
import { readStatusFilter, TripFilters } from '../components/trip-filters';
import { TripStatusBadge } from '../components/trip-status';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { useTripRoutesText, type TripRoutesKey, type TripRoutesText } from './text';

const TAB_LABELS: Record<TripTab, TripRoutesKey> = {
  ongoing: 'tripsPage.tab.ongoing',
  uncompleted: 'tripsPage.tab.uncompleted',
  completed: 'tripsPage.tab.completed',
  all: 'tripsPage.tab.all',
};

function readTab(value: string | null): TripTab {
  return (TRIP_TABS as readonly string[]).includes(value ?? '') ? (value as TripTab) : 'ongoing';
}

/** The container, or the truck load of general cargo, the trip carries. */
function consignmentText(consignment: Consignment, label: Label): string {
  if (consignment.containerNumber) {
    const size = consignment.containerSize ? ` · ${label('containerSize', consignment.containerSize)}` : '';
    return `${consignment.containerNumber}${size}`;
  }
  const parts = [
    consignment.description,
    consignment.weightTonnes !== null ? `${consignment.weightTonnes} t` : null,
    consignment.truckType ? label('truckType', consignment.truckType) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

function TripNumber({ trip }: { trip: TripSummary }) {
  return (
    <Anchor component={Link} to={PATHS.trip(trip.id)} fw={600} size="sm">
      {trip.tripNumber}
    </Anchor>
  );
}

/**
 * The status badge and how long the trip has been at it: the spec's clock (hours modulo 48) while the
 * trip is on the road, always beside the time the status was set.
 */
function TripStatusCell({ trip }: { trip: TripSummary }) {
  const t = useTripRoutesText();
  const latest = trip.latestTripStatus;
  const live = latest !== null && !trip.completed && !trip.cancelled;
  return (
    <Stack gap={2} align="flex-start" miw={120}>
      <TripStatusBadge trip={trip} />
      {latest ? (
        <Text size="xs" c="dimmed">
          {live
            ? t('tripsPage.inStageSince', {
                elapsed: elapsedInStage(latest.timeStamp),
                since: formatDateTime(latest.timeStamp),
              })
            : t('tripsPage.since', { since: formatDateTime(latest.timeStamp) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function tripColumns(
  parties: Party<TripSummary>[],
  t: TripRoutesText,
  label: Label,
): DataColumn<TripSummary>[] {
  return [
    {
      key: 'trip',
      header: t('tripsPage.column.trip'),
      keep: true,
      cell: (trip) => (
        <>
          <TripNumber trip={trip} />
          <Text size="xs" c="dimmed">
            {trip.orderNumber}
          </Text>
        </>
      ),
    },
    {
      key: 'cargo',
      header: t('tripsPage.column.cargo'),
      cell: (trip) => (
        <Stack gap={4} align="flex-start">
          <CargoTypeBadge cargoType={trip.cargoType} />
          <Text size="sm">{consignmentText(trip.consignment, label)}</Text>
        </Stack>
      ),
    },
    placesColumn(),
    ...partyColumns(parties),
    {
      key: 'amount',
      header: t('tripsPage.column.amount'),
      align: 'right',
      keep: true,
      cell: (trip) => <Money kobo={trip.amountKobo} size="sm" />,
    },
    {
      key: 'status',
      header: t('tripsPage.column.status'),
      card: 'corner',
      cell: (trip) => <TripStatusCell trip={trip} />,
    },
    {
      key: 'created',
      header: t('tripsPage.column.created'),
      keep: true,
      cell: (trip) => formatDate(trip.createdAt),
    },
  ];
}

/** /trips: the company's trips, for customers and transporters alike, by progress. */
export function TripsPage() {
  const t = useTripRoutesText();
  const label = useLabels();
  usePageTitle(t('tripsPage.title'));
  const role = useRole();
  const parties = partiesFor<TripSummary>(role);
  const list = useListParams();
  const tab = readTab(list.params.get('tab'));
  const { search, setSearch, settled: debounced } = useListSearch(list);
  const statuses = readStatusFilter(list.params.get('status'));
  // The spec's desktop breakpoint: a table from 600 px (scrolling sideways), one card per trip below.
  const isDesktop = useBreakpoint('sm');
  const trips = useTrips({ tab, q: debounced || undefined, page: list.page, statuses });
  const setStatuses = (next: TripStatus[]) => list.update({ status: next.join(',') });

  const data = trips.data;
  const columns = tripColumns(parties, t, label);
  const side = role === 'role_customer' ? 'customer' : 'transporter';

  const content = (
    <QueryList
      query={trips}
      skeleton={<ListSkeleton label={t('tripsPage.loading')} height={56} />}
      failure={t('tripsPage.failure')}
      empty={
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="md">
            {debounced
              ? t('tripsPage.noSearchMatch', { tab, search: debounced })
              : statuses.length > 0
                ? t('tripsPage.noStatusMatch', { tab })
                : t(`tripsPage.empty.${tab}.title`)}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {debounced
              ? t('tripsPage.noSearchMatchHint')
              : statuses.length > 0
                ? t('tripsPage.noStatusMatchHint')
                : t(`tripsPage.empty.${tab}.${side}`)}
          </Text>
        </Card>
      }
    >
      {(rows) =>
        isDesktop ? (
          <Card withBorder radius="md" padding={0}>
            <DataRowsTable
              label={t('tripsPage.tableLabel')}
              columns={columns}
              rows={rows}
              rowKey={(trip) => trip.id}
            />
          </Card>
        ) : (
          <DataRowCards
            label={t('tripsPage.tableLabel')}
            columns={columns}
            rows={rows}
            rowKey={(trip) => trip.id}
          />
        )
      }
    </QueryList>
  );

  return (
    <>
      <PageHeader
        title={t('tripsPage.title')}
        description={
          role === 'role_admin'
            ? t('tripsPage.descriptionAdmin')
            : role === 'role_customer'
              ? t('tripsPage.descriptionCustomer')
              : t('tripsPage.descriptionTransporter')
        }
        action={
          <Group gap="xs">
            {role === 'role_customer' ? <ShareOngoingTripsButton /> : null}
            <Button
              component={Link}
              to={PATHS.tripSchedule}
              variant="default"
              leftSection={<IconCalendar size={18} aria-hidden />}
            >
              {t('tripsPage.schedule')}
            </Button>
            <Button
              component={Link}
              to={PATHS.tripIssues}
              variant="default"
              leftSection={<IconAlertTriangle size={18} aria-hidden />}
            >
              {t('tripsPage.issues')}
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Tabs value={tab} onChange={(value) => list.update({ tab: readTab(value) })}>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Tabs.List>
              {TRIP_TABS.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(TAB_LABELS[value])}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <TripFilters
              search={search}
              onSearchChange={setSearch}
              statuses={statuses}
              onStatusesChange={setStatuses}
            />
          </Group>
          {TRIP_TABS.map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {value === tab ? content : null}
            </Tabs.Panel>
          ))}
        </Tabs>
        {data ? (
          <ListPagination
            page={data}
            noun={[t('tripsPage.pageNounOne'), t('tripsPage.pageNounMany')]}
            onChange={list.setPage}
          />
        ) : null}
      </Stack>
    </>
  );
}
