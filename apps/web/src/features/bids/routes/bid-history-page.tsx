import { Anchor, Button, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { BID_STATUSES, BID_STATUS_LABELS, unitLabel, type BidStatus } from '@freightlane/domain';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { BidStatusBadge, CargoTypeBadge, Money } from '../../../components/marketplace-badges';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useListParams } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBidHistory } from '../api/bids-api';
import { ScrollTable, StickyTd, StickyTh } from '../components/scroll-table';

const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...BID_STATUSES.map((status) => ({ value: status, label: BID_STATUS_LABELS[status] })),
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

        {bids.isPending ? (
          <ListSkeleton label="Loading your bids" rows={4} height={56} />
        ) : bids.isError ? (
          <QueryError
            error={bids.error}
            onRetry={() => void bids.refetch()}
            title="Could not load your bids"
          />
        ) : bids.data.content.length === 0 ? (
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
        ) : (
          <div aria-busy={bids.isPlaceholderData}>
            <ScrollTable minWidth={760} label="Your bids">
              <Table.Thead>
                <Table.Tr>
                  <StickyTh>Order number</StickyTh>
                  <Table.Th>Cargo type</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Trucks</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bids.data.content.map((bid) => (
                  <Table.Tr key={bid.id}>
                    <StickyTd>
                      <Anchor component={Link} to={PATHS.marketOrder(bid.orderId)} fw={600} size="sm">
                        {bid.order.orderNumber}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {bid.order.clientName}
                      </Text>
                    </StickyTd>
                    <Table.Td>
                      <CargoTypeBadge cargoType={bid.order.cargoType} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Money kobo={bid.amountKobo} size="sm" />
                      <Text size="xs" c="dimmed">
                        per {unitLabel(bid.order.cargoType)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{bid.trucksAvailable}</Table.Td>
                    <Table.Td>
                      <BidStatusBadge status={bid.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bid.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            <ListPagination page={bids.data} noun={['bid', 'bids']} onChange={list.setPage} />
          </div>
        )}
      </Stack>
    </>
  );
}
