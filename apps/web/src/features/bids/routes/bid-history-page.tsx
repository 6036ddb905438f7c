import { Anchor, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { BID_STATUSES, BID_STATUS_LABELS, unitLabel, type BidStatus } from '@freightlane/domain';
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
import { useBidHistory, type BidHistoryItem } from '../api/bids-api';

const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...BID_STATUSES.map((status) => ({ value: status, label: BID_STATUS_LABELS[status] })),
];

const COLUMNS: DataColumn<BidHistoryItem>[] = [
  {
    key: 'order',
    header: 'Order number',
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
  { key: 'cargo', header: 'Cargo type', cell: (bid) => <CargoTypeBadge cargoType={bid.order.cargoType} /> },
  {
    key: 'price',
    header: 'Price',
    align: 'right',
    keep: true,
    cell: (bid) => (
      <>
        <Money kobo={bid.amountKobo} size="sm" />
        <Text size="xs" c="dimmed">
          per {unitLabel(bid.order.cargoType)}
        </Text>
      </>
    ),
  },
  // Left-aligned: on a phone's card the count sits in the left column, beside the date.
  { key: 'trucks', header: 'Trucks', keep: true, cell: (bid) => bid.trucksAvailable },
  {
    key: 'status',
    header: 'Status',
    keep: true,
    card: 'corner',
    cell: (bid) => <BidStatusBadge status={bid.status} />,
  },
  { key: 'updated', header: 'Updated', keep: true, cell: (bid) => formatDateTime(bid.updatedAt) },
];

/** /bids/history: every bid this company placed, filterable by status. */
export function BidHistoryPage() {
  usePageTitle('Bid history');
  const list = useListParams();
  const raw = list.params.get('status');
  const status = (BID_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as BidStatus) : null;
  const bids = useBidHistory({ status, page: list.page });

  return (
    <>
      <PageHeader title="Bid history" description="Every bid your company placed and what became of it." />
      <Stack gap="lg">
        <SegmentedControl
          role="radiogroup"
          aria-label="Bid status"
          data={STATUS_OPTIONS}
          value={status ?? ALL}
          onChange={(value) => list.update({ status: value === ALL ? null : value })}
          w={{ base: '100%', sm: 'fit-content' }}
          size="sm"
        />

        <QueryList
          query={bids}
          skeleton={<ListSkeleton label="Loading your bids" rows={4} height={56} />}
          failure="Could not load your bids"
          empty={
            <EmptyList
              icon={IconHistory}
              action={
                status ? undefined : (
                  <Button component={Link} to={PATHS.bids}>
                    See new bids
                  </Button>
                )
              }
            >
              {status
                ? `No ${BID_STATUS_LABELS[status].toLowerCase()} bids.`
                : 'You have not placed a bid yet. Open orders are waiting in New bids.'}
            </EmptyList>
          }
        >
          {(rows, page) => (
            <>
              <DataTable label="Your bids" columns={COLUMNS} rows={rows} rowKey={(bid) => bid.id} />
              <ListPagination page={page} noun={['bid', 'bids']} onChange={list.setPage} />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
