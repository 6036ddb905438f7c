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
import { useBidsText, type BidsText } from '../text';

function columns(t: BidsText): DataColumn<WonTrip>[] {
  return [
    {
      key: 'trip',
      header: t('won.columnTrip'),
      keep: true,
      cell: (trip) => (
        <>
          <Text fw={700} size="sm">
            {trip.tripNumber}
          </Text>
          {trip.needsResources ? (
            <Badge color="orange" variant="light" size="sm" radius="sm" mt={4}>
              {t('won.needsResources')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'order',
      header: t('common.orderNumber'),
      keep: true,
      cell: (trip) => (
        <Anchor component={Link} to={PATHS.marketOrder(trip.orderId)} size="sm">
          {trip.orderNumber}
        </Anchor>
      ),
    },
    {
      key: 'cargo',
      header: t('common.cargoType'),
      cell: (trip) => <CargoTypeBadge cargoType={trip.cargoType} />,
    },
    {
      key: 'item',
      header: t('won.columnItem'),
      cell: (trip) => trip.containerNumber ?? trip.cargoDescription ?? t('value.notAvailable'),
    },
    clientColumn(),
    placesColumn(),
    {
      key: 'pickup',
      header: t('common.pickupDate'),
      keep: true,
      cell: (trip) => formatCalendarDate(trip.pickupDate),
    },
    {
      key: 'amount',
      header: t('won.columnAmount'),
      align: 'right',
      keep: true,
      cell: (trip) => <Money kobo={trip.amountKobo} size="sm" />,
    },
  ];
}

/** /bids/won: one row per trip this company won, searchable. */
export function WonBidsPage() {
  const t = useBidsText();
  usePageTitle(t('won.title'));
  const list = useListParams();
  const { search, setSearch, settled: q } = useListSearch(list);
  const trips = useWonTrips({ q, page: list.page });

  return (
    <>
      <PageHeader title={t('won.title')} description={t('won.description')} />
      <Stack gap="lg">
        <TextInput
          label={t('won.search')}
          placeholder={t('won.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          type="search"
          maw={480}
        />

        <QueryList
          query={trips}
          skeleton={<ListSkeleton label={t('won.loading')} rows={4} height={56} />}
          failure={t('won.failure')}
          empty={
            q ? (
              <EmptyList icon={IconSearch}>{t('won.noMatch', { q })}</EmptyList>
            ) : (
              <EmptyList
                icon={IconTrophy}
                action={
                  <Button component={Link} to={PATHS.bids}>
                    {t('common.seeNewBids')}
                  </Button>
                }
              >
                {t('won.none')}
              </EmptyList>
            )
          }
        >
          {(rows, page) => (
            <>
              <DataTable
                label={t('won.title')}
                columns={columns(t)}
                rows={rows}
                rowKey={(trip) => trip.tripId}
              />
              <ListPagination
                page={page}
                noun={[t('won.noun', { count: 1 }), t('won.noun', { count: 2 })]}
                onChange={list.setPage}
              />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
