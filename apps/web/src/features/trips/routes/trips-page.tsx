import { Anchor, Card, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  type Consignment,
  type Role,
  type TripSummary,
} from '@freightlane/domain';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { useSession } from '../../../app/session-context';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { CargoTypeBadge, Money, PlaceText } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { TRIP_TABS, useTrips, type TripTab } from '../api/trips-api';
import { TripStatusBadge } from '../components/trip-status';

const TAB_LABELS: Record<TripTab, string> = {
  ongoing: 'Ongoing',
  uncompleted: 'Uncompleted',
  completed: 'Completed',
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
    customer: 'Delivered trips are kept here.',
    transporter: 'Trips you have delivered are kept here.',
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

interface Party {
  label: string;
  of: (trip: TripSummary) => string;
}

/** A customer sees who carries the cargo; a transporter whose cargo it is; an admin both. */
function partiesFor(role: Role | null): Party[] {
  const customer: Party = { label: 'Customer', of: (trip) => trip.customerName };
  const transporter: Party = { label: 'Transporter', of: (trip) => trip.transporterName };
  if (role === 'role_customer') return [transporter];
  if (role === 'role_admin') return [customer, transporter];
  return [customer];
}

function TripNumber({ trip }: { trip: TripSummary }) {
  return (
    <Anchor component={Link} to={`${PATHS.tripProgress}/${trip.trackingId}`} fw={600} size="sm">
      {trip.tripNumber}
    </Anchor>
  );
}

function Places({ trip }: { trip: TripSummary }) {
  return (
    <Text size="sm" component="span">
      <PlaceText location={trip.pickup} size="sm" /> → <PlaceText location={trip.recipient} size="sm" />
    </Text>
  );
}

function TripsTable({ trips, parties }: { trips: TripSummary[]; parties: Party[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Trip number</Table.Th>
            <Table.Th scope="col">Cargo type</Table.Th>
            <Table.Th scope="col">Container / cargo</Table.Th>
            <Table.Th scope="col">Pickup → Delivery</Table.Th>
            {parties.map((party) => (
              <Table.Th scope="col" key={party.label}>
                {party.label}
              </Table.Th>
            ))}
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Amount
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((trip) => (
            <Table.Tr key={trip.id}>
              <Table.Td>
                <TripNumber trip={trip} />
                <Text size="xs" c="dimmed">
                  {trip.orderNumber}
                </Text>
              </Table.Td>
              <Table.Td>
                <CargoTypeBadge cargoType={trip.cargoType} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{consignmentText(trip.consignment)}</Text>
              </Table.Td>
              <Table.Td>
                <Places trip={trip} />
              </Table.Td>
              {parties.map((party) => (
                <Table.Td key={party.label}>
                  <Text size="sm">{party.of(trip)}</Text>
                </Table.Td>
              ))}
              <Table.Td style={{ textAlign: 'right' }}>
                <Money kobo={trip.amountKobo} size="sm" />
              </Table.Td>
              <Table.Td>
                <TripStatusBadge trip={trip} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(trip.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TripCards({ trips, parties }: { trips: TripSummary[]; parties: Party[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {trips.map((trip) => (
        <Card key={trip.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <TripNumber trip={trip} />
            <TripStatusBadge trip={trip} />
          </Group>
          <Group gap="xs" mb={6}>
            <CargoTypeBadge cargoType={trip.cargoType} />
            <Text size="sm">{consignmentText(trip.consignment)}</Text>
          </Group>
          <Places trip={trip} />
          <Group justify="space-between" mt={6} gap="xs">
            <Text size="xs" c="dimmed">
              {parties.map((party) => `${party.label}: ${party.of(trip)}`).join(' · ')}
            </Text>
            <Money kobo={trip.amountKobo} size="sm" fw={600} />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Created {formatDate(trip.createdAt)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** /trips: the company's trips, for customers and transporters alike, by progress. */
export function TripsPage() {
  usePageTitle('Trips');
  const state = useSession();
  const role = state.status === 'signed-in' ? state.session.role : null;
  const parties = partiesFor(role);
  const list = useListParams();
  const tab = readTab(list.params.get('tab'));
  const { search, setSearch, settled: debounced } = useListSearch(list);
  const isDesktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const trips = useTrips({ tab, q: debounced || undefined, page: list.page });

  const data = trips.data;
  const rows = data?.content ?? [];
  const empty = EMPTY_TEXT[tab];

  let content;
  if (trips.isPending) content = <ListSkeleton label="Loading trips" height={56} />;
  else if (trips.isError)
    content = (
      <QueryError error={trips.error} onRetry={() => void trips.refetch()} title="Could not load the trips" />
    );
  else if (rows.length === 0)
    content = (
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="md">
          {debounced ? `No ${TAB_LABELS[tab].toLowerCase()} trips match “${debounced}”` : empty.title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {debounced
            ? 'Try another trip number, order number or container number.'
            : role === 'role_customer'
              ? empty.customer
              : empty.transporter}
        </Text>
      </Card>
    );
  else
    content = isDesktop ? (
      <Card withBorder radius="md" padding={0}>
        <TripsTable trips={rows} parties={parties} />
      </Card>
    ) : (
      <TripCards trips={rows} parties={parties} />
    );

  return (
    <>
      <PageHeader title="Trips" description="Every trip of your company, one per container or truck load." />
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
            <TextInput
              label="Search"
              placeholder="Trip, order or container number"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
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
