import { Anchor, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  elapsedInStage,
  type Consignment,
  type TripStatus,
  type TripSummary,
} from '@freightlane/domain';
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

const TAB_LABELS: Record<TripTab, string> = {
  ongoing: 'Ongoing',
  uncompleted: 'Not completed',
  completed: 'Completed',
  all: 'All',
};

const EMPTY_TEXT: Record<TripTab, { title: string; customer: string; transporter: string }> = {
  ongoing: {
    title: 'No trips on the road right now',
    customer: 'A trip shows here once its transporter starts it.',
    transporter: 'A trip shows here once you start it.',
  },
  uncompleted: {
    title: 'No trips waiting or under way',
    customer: 'Award a bid on one of your orders and its trips appear here.',
    transporter: 'Trips you win appear here, ready for a truck, a driver and a motor boy.',
  },
  completed: {
    title: 'No completed trips yet',
    customer: 'Finished trips are kept here.',
    transporter: 'Trips you have finished are kept here.',
  },
  all: {
    title: 'No trips here yet',
    customer: 'Award a bid on one of your orders and its trips appear here.',
    transporter: 'Win a bid and its trips appear here, one per container or truck load.',
  },
};

function readTab(value: string | null): TripTab {
  return (TRIP_TABS as readonly string[]).includes(value ?? '') ? (value as TripTab) : 'ongoing';
}

/** The container, or the truck load of general cargo, the trip carries. */
function consignmentText(consignment: Consignment): string {
  if (consignment.containerNumber) {
    const size = consignment.containerSize ? ` · ${CONTAINER_SIZE_LABELS[consignment.containerSize]}` : '';
    return `${consignment.containerNumber}${size}`;
  }
  const parts = [
    consignment.description,
    consignment.weightTonnes !== null ? `${consignment.weightTonnes} t` : null,
    consignment.truckType ? TRUCK_TYPE_LABELS[consignment.truckType] : null,
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
  const latest = trip.latestTripStatus;
  const live = latest !== null && !trip.completed && !trip.cancelled;
  return (
    <Stack gap={2} align="flex-start" miw={120}>
      <TripStatusBadge trip={trip} />
      {latest ? (
        <Text size="xs" c="dimmed">
          {live ? `${elapsedInStage(latest.timeStamp)} in this stage · ` : ''}since{' '}
          {formatDateTime(latest.timeStamp)}
        </Text>
      ) : null}
    </Stack>
  );
}

function tripColumns(parties: Party<TripSummary>[]): DataColumn<TripSummary>[] {
  return [
    {
      key: 'trip',
      header: 'Trip number',
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
      header: 'Cargo',
      cell: (trip) => (
        <Stack gap={4} align="flex-start">
          <CargoTypeBadge cargoType={trip.cargoType} />
          <Text size="sm">{consignmentText(trip.consignment)}</Text>
        </Stack>
      ),
    },
    placesColumn(),
    ...partyColumns(parties),
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      keep: true,
      cell: (trip) => <Money kobo={trip.amountKobo} size="sm" />,
    },
    { key: 'status', header: 'Status', card: 'corner', cell: (trip) => <TripStatusCell trip={trip} /> },
    { key: 'created', header: 'Created', keep: true, cell: (trip) => formatDate(trip.createdAt) },
  ];
}

/** /trips: the company's trips, for customers and transporters alike, by progress. */
export function TripsPage() {
  usePageTitle('Trips');
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
  const empty = EMPTY_TEXT[tab];

  const content = (
    <QueryList
      query={trips}
      skeleton={<ListSkeleton label="Loading trips" height={56} />}
      failure="Could not load the trips"
      empty={
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="md">
            {debounced
              ? `No ${tab === 'all' ? '' : `${TAB_LABELS[tab].toLowerCase()} `}trips match “${debounced}”`
              : statuses.length > 0
                ? `No ${tab === 'all' ? '' : `${TAB_LABELS[tab].toLowerCase()} `}trips with the chosen status`
                : empty.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {debounced
              ? 'Try another trip number, order number or container number.'
              : statuses.length > 0
                ? 'Choose other statuses or clear the status filter.'
                : role === 'role_customer'
                  ? empty.customer
                  : empty.transporter}
          </Text>
        </Card>
      }
    >
      {(rows) =>
        isDesktop ? (
          <Card withBorder radius="md" padding={0}>
            <DataRowsTable
              label="Trips"
              columns={tripColumns(parties)}
              rows={rows}
              rowKey={(trip) => trip.id}
            />
          </Card>
        ) : (
          <DataRowCards label="Trips" columns={tripColumns(parties)} rows={rows} rowKey={(trip) => trip.id} />
        )
      }
    </QueryList>
  );

  return (
    <>
      <PageHeader
        title="Trips"
        description={
          role === 'role_admin'
            ? 'Every trip on Freightlane, of every customer and transporter.'
            : role === 'role_customer'
              ? 'The trips of your orders, one per container or truck load.'
              : 'The trips your company won, one per container or truck load.'
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
              Schedule
            </Button>
            <Button
              component={Link}
              to={PATHS.tripIssues}
              variant="default"
              leftSection={<IconAlertTriangle size={18} aria-hidden />}
            >
              Issues
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
                  {TAB_LABELS[value]}
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
        {data ? <ListPagination page={data} noun={['trip', 'trips']} onChange={list.setPage} /> : null}
      </Stack>
    </>
  );
}
