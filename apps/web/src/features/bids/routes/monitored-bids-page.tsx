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
import { useBidsText } from '../text';

/** /bids/monitored: the orders this company is watching. */
export function MonitoredBidsPage() {
  const t = useBidsText();
  usePageTitle(t('monitored.title'));
  const list = useListParams();
  const orders = useMonitoredOrders(list.page);

  return (
    <>
      <PageHeader title={t('monitored.title')} description={t('monitored.description')} />
      <QueryList
        query={orders}
        skeleton={<ListSkeleton label={t('monitored.loading')} />}
        failure={t('monitored.failure')}
        empty={
          <EmptyList
            icon={IconEye}
            action={
              <Button component={Link} to={PATHS.bids}>
                {t('common.seeNewBids')}
              </Button>
            }
          >
            {t('monitored.none')}
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
            <ListPagination
              page={page}
              noun={[t('monitored.noun', { count: 1 }), t('monitored.noun', { count: 2 })]}
              onChange={list.setPage}
            />
          </>
        )}
      </QueryList>
    </>
  );
}
