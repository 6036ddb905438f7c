import { Anchor, Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import type { WonTrip } from '@freightlane/domain';
import { IconSearch, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { CargoTypeBadge, Money } from '../../../components/marketplace-badges';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatCalendarDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWonTrips } from '../api/bids-api';
import { clientColumn, placesColumn } from '../../../components/order-columns';
import { DataTable, type DataColumn } from '../../../components/data-table';

const COLUMNS: DataColumn<WonTrip>[] = [
  {
    key: 'trip',
    header: 'Trip number',
    keep: true,
    cell: (trip) => (
      <>
        <Text fw={700} size="sm">
          {trip.tripNumber}
        </Text>
        {trip.needsResources ? (
          <Badge color="orange" variant="light" size="sm" radius="sm" mt={4}>
            Needs resources
          </Badge>
        ) : null}
      </>
    ),
  },
  {
    key: 'order',
    header: 'Order number',
    keep: true,
    cell: (trip) => (
      <Anchor component={Link} to={PATHS.marketOrder(trip.orderId)} size="sm">
        {trip.orderNumber}
      </Anchor>
    ),
  },
  { key: 'cargo', header: 'Cargo type', cell: (trip) => <CargoTypeBadge cargoType={trip.cargoType} /> },
  {
    key: 'item',
    header: 'Container / cargo',
    cell: (trip) => trip.containerNumber ?? trip.cargoDescription ?? 'N/A',
  },
  clientColumn(),
  placesColumn(),
  { key: 'pickup', header: 'Pickup date', keep: true, cell: (trip) => formatCalendarDate(trip.pickupDate) },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    keep: true,
    cell: (trip) => <Money kobo={trip.amountKobo} size="sm" />,
  },
];

/** /bids/won: one row per trip this company won, searchable. */
export function WonBidsPage() {
  usePageTitle('Bids won');
  const list = useListParams();
  const { search, setSearch, settled: q } = useListSearch(list);
  const trips = useWonTrips({ q, page: list.page });

  return (
    <>
      <PageHeader
        title="Bids won"
        description="Each trip you won, ready for a truck, a driver and a motor boy."
      />
      <Stack gap="lg">
        <TextInput
          label="Search"
          placeholder="Trip number, container number, reference or client"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          type="search"
          maw={480}
        />

        <QueryList
          query={trips}
          skeleton={<ListSkeleton label="Loading the trips you won" rows={4} height={56} />}
          failure="Could not load your wins"
          empty={
            q ? (
              <EmptyList icon={IconSearch}>
                Nothing matches “{q}”. Check the number or search by trip number, container number, reference
                or client.
              </EmptyList>
            ) : (
              <EmptyList
                icon={IconTrophy}
                action={
                  <Button component={Link} to={PATHS.bids}>
                    See new bids
                  </Button>
                }
              >
                No wins yet. When a customer awards you an order, each of its trips appears here.
              </EmptyList>
            )
          }
        >
          {(rows, page) => (
            <>
              <DataTable label="Bids won" columns={COLUMNS} rows={rows} rowKey={(trip) => trip.tripId} />
              <ListPagination page={page} noun={['trip', 'trips']} onChange={list.setPage} />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
