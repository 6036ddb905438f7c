import { Anchor, Badge, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { CargoTypeBadge, Money, PlaceText } from '../../../components/marketplace-badges';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatCalendarDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWonTrips } from '../api/bids-api';
import { ScrollTable, StickyTd, StickyTh } from '../components/scroll-table';

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

        {trips.isPending ? (
          <ListSkeleton label="Loading the trips you won" rows={4} height={56} />
        ) : trips.isError ? (
          <QueryError
            error={trips.error}
            onRetry={() => void trips.refetch()}
            title="Could not load your wins"
          />
        ) : trips.data.content.length === 0 ? (
          q ? (
            <EmptyList icon={IconSearch}>
              Nothing matches “{q}”. Check the number or search by trip number, container number, reference or
              client.
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
        ) : (
          <div aria-busy={trips.isPlaceholderData}>
            <ScrollTable minWidth={1080} label="Bids won">
              <Table.Thead>
                <Table.Tr>
                  <StickyTh>Trip number</StickyTh>
                  <Table.Th>Order number</Table.Th>
                  <Table.Th>Cargo type</Table.Th>
                  <Table.Th>Container / cargo</Table.Th>
                  <Table.Th>Client / reference</Table.Th>
                  <Table.Th>Pickup → Delivery</Table.Th>
                  <Table.Th>Pickup date</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trips.data.content.map((trip) => (
                  <Table.Tr key={trip.tripId}>
                    <StickyTd>
                      <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {trip.tripNumber}
                      </Text>
                      {trip.needsResources ? (
                        <Badge color="orange" variant="light" size="sm" radius="sm" mt={4}>
                          Needs resources
                        </Badge>
                      ) : null}
                    </StickyTd>
                    <Table.Td>
                      <Anchor component={Link} to={PATHS.marketOrder(trip.orderId)} size="sm">
                        {trip.orderNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <CargoTypeBadge cargoType={trip.cargoType} />
                    </Table.Td>
                    <Table.Td>{trip.containerNumber ?? trip.cargoDescription ?? 'N/A'}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{trip.clientName}</Text>
                      {trip.reference ? (
                        <Text size="xs" c="dimmed">
                          {trip.reference}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <PlaceText location={trip.pickup} size="sm" /> →{' '}
                      <PlaceText location={trip.recipient} size="sm" />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatCalendarDate(trip.pickupDate)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money kobo={trip.amountKobo} size="sm" style={{ whiteSpace: 'nowrap' }} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            <ListPagination page={trips.data} noun={['trip', 'trips']} onChange={list.setPage} />
          </div>
        )}
      </Stack>
    </>
  );
}
