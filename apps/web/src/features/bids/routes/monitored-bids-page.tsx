import { Button, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMonitoredOrders } from '../api/bids-api';
import { MarketOrderCard } from '../components/market-order-card';

/** /bids/monitored: the orders this company is watching. */
export function MonitoredBidsPage() {
  usePageTitle('Monitored bids');
  const list = useListParams();
  const orders = useMonitoredOrders(list.page);

  return (
    <>
      <PageHeader
        title="Monitored bids"
        description="Orders you are watching, so you can price them and bid in time."
      />
      <QueryList
        query={orders}
        skeleton={<ListSkeleton label="Loading the orders you watch" />}
        failure="Could not load the orders you watch"
        empty={
          <EmptyList
            icon={IconEye}
            action={
              <Button component={Link} to={PATHS.bids}>
                See new bids
              </Button>
            }
          >
            You are not watching any orders. Press Watch on an order in New bids to keep it here while you
            work out your price.
          </EmptyList>
        }
      >
        {(rows, page) => (
          <>
            <Stack gap="md">
              {rows.map((order) => (
                <MarketOrderCard key={order.id} order={order} watchVariant="unwatch" />
              ))}
            </Stack>
            <ListPagination page={page} noun={['watched order', 'watched orders']} onChange={list.setPage} />
          </>
        )}
      </QueryList>
    </>
  );
}
