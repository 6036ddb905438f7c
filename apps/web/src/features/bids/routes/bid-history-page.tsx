import { Anchor, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { BID_STATUSES, type BidStatus } from '@freightlane/domain';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { BidStatusBadge, CargoTypeBadge, Money } from '../../../components/marketplace-badges';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useLabels } from '../../../i18n/labels/labels';
import { useBidHistory, type BidHistoryItem } from '../api/bids-api';
import { unitName } from '../components/order-facts';
import { useBidsText, type BidsText } from '../text';

const ALL = 'ALL';

function columns(t: BidsText): DataColumn<BidHistoryItem>[] {
  return [
    {
      key: 'order',
      header: t('common.orderNumber'),
      keep: true,
      cell: (bid) => (
        <>
          <Anchor component={Link} to={PATHS.marketOrder(bid.orderId)} fw={600} size="sm">
            {bid.order.orderNumber}
          </Anchor>
          <Text size="xs" c="dimmed">
            {bid.order.clientName}
          </Text>
        </>
      ),
    },
    {
      key: 'cargo',
      header: t('common.cargoType'),
      cell: (bid) => <CargoTypeBadge cargoType={bid.order.cargoType} />,
    },
    {
      key: 'price',
      header: t('history.columnPrice'),
      align: 'right',
      keep: true,
      cell: (bid) => (
        <>
          <Money kobo={bid.amountKobo} size="sm" />
          <Text size="xs" c="dimmed">
            {t('history.perUnit', { unit: unitName(t, bid.order.cargoType) })}
          </Text>
        </>
      ),
    },
    // Left-aligned: on a phone's card the count sits in the left column, beside the date.
    { key: 'trucks', header: t('history.columnTrucks'), keep: true, cell: (bid) => bid.trucksAvailable },
    {
      key: 'status',
      header: t('history.columnStatus'),
      keep: true,
      card: 'corner',
      cell: (bid) => <BidStatusBadge status={bid.status} />,
    },
    {
      key: 'updated',
      header: t('history.columnUpdated'),
      keep: true,
      cell: (bid) => formatDateTime(bid.updatedAt),
    },
  ];
}

/** /bids/history: every bid this company placed, filterable by status. */
export function BidHistoryPage() {
  const t = useBidsText();
  const label = useLabels();
  usePageTitle(t('history.title'));
  const list = useListParams();
  const raw = list.params.get('status');
  const status = (BID_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as BidStatus) : null;
  const bids = useBidHistory({ status, page: list.page });

  return (
    <>
      <PageHeader title={t('history.title')} description={t('history.description')} />
      <Stack gap="lg">
        <SegmentedControl
          role="radiogroup"
          aria-label={t('history.statusFilter')}
          data={[
            { value: ALL, label: t('history.all') },
            ...BID_STATUSES.map((value) => ({ value, label: label('bidStatus', value) })),
          ]}
          value={status ?? ALL}
          onChange={(value) => list.update({ status: value === ALL ? null : value })}
          w={{ base: '100%', sm: 'fit-content' }}
          size="sm"
        />

        <QueryList
          query={bids}
          skeleton={<ListSkeleton label={t('history.loading')} rows={4} height={56} />}
          failure={t('history.failure')}
          empty={
            <EmptyList
              icon={IconHistory}
              action={
                status ? undefined : (
                  <Button component={Link} to={PATHS.bids}>
                    {t('common.seeNewBids')}
                  </Button>
                )
              }
            >
              {status ? t('history.noneWithStatus', { status }) : t('history.none')}
            </EmptyList>
          }
        >
          {(rows, page) => (
            <>
              <DataTable
                label={t('history.tableLabel')}
                columns={columns(t)}
                rows={rows}
                rowKey={(bid) => bid.id}
              />
              <ListPagination
                page={page}
                noun={[t('history.noun', { count: 1 }), t('history.noun', { count: 2 })]}
                onChange={list.setPage}
              />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
