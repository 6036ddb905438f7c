import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { OrderStatus, OrderSummary } from '@freightlane/domain';
import { IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { clientColumn, placesColumn } from '../../../components/order-columns';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { CargoTypeBadge, OrderStatusBadge } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOrders } from '../api/orders-api';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open for bids' },
  { value: 'awarded', label: 'Awarded' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

const STATUS_OF_FILTER: Record<Filter, OrderStatus | undefined> = {
  all: undefined,
  open: 'OPEN',
  awarded: 'AWARDED',
  cancelled: 'CANCELLED',
};

function readFilter(value: string | null): Filter {
  return FILTERS.some((f) => f.value === value) ? (value as Filter) : 'all';
}

const COLUMNS: DataColumn<OrderSummary>[] = [
  {
    key: 'order',
    header: 'Order number',
    keep: true,
    cell: (order) => (
      <Anchor component={Link} to={PATHS.order(order.id)} fw={600} size="sm">
        {order.orderNumber}
      </Anchor>
    ),
  },
  { key: 'cargo', header: 'Cargo type', cell: (order) => <CargoTypeBadge cargoType={order.cargoType} /> },
  clientColumn(),
  placesColumn(),
  {
    key: 'closes',
    header: 'Bidding closes',
    keep: true,
    cell: (order) => formatDateTime(order.biddingClosesAt),
  },
  { key: 'bids', header: 'Bids', align: 'right', keep: true, cell: (order) => order.bidCount },
  {
    key: 'status',
    header: 'Status',
    keep: true,
    card: 'corner',
    cell: (order) => <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />,
  },
];

function NoOrdersYet() {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconPackage size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          No orders yet
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          Tell us what to move and where. Verified transporters bid on it, and you award the best bid.
        </Text>
        <Button component={Link} to={PATHS.newOrder} leftSection={<IconPlus size={18} aria-hidden />}>
          Order haulage
        </Button>
      </Stack>
    </Card>
  );
}

/** /orders: the customer's orders, by status, searchable, one page at a time. */
export function OrdersPage() {
  usePageTitle('Orders');
  const list = useListParams();
  const filter = readFilter(list.params.get('status'));
  const { search, setSearch, settled } = useListSearch(list);
  const filterLabelId = useId();
  const orders = useOrders({ status: STATUS_OF_FILTER[filter], q: settled || undefined, page: list.page });

  const data = orders.data;
  const filtered = filter !== 'all' || settled !== '';

  return (
    <>
      <PageHeader
        title="Orders"
        description="Your haulage orders, the bids on them and who won."
        action={
          <Button component={Link} to={PATHS.newOrder} leftSection={<IconPlus size={18} aria-hidden />}>
            Order haulage
          </Button>
        }
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text id={filterLabelId} size="sm" fw={500}>
              Show
            </Text>
            <SegmentedControl
              aria-labelledby={filterLabelId}
              data={FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              value={filter}
              onChange={(value) => {
                const status = readFilter(value);
                list.update({ status: status === 'all' ? null : status });
              }}
            />
          </Stack>
          <TextInput
            label="Search"
            placeholder="Order number, client or reference"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>

        <QueryList
          query={orders}
          skeleton={<ListSkeleton label="Loading orders" height={56} />}
          failure="Could not load your orders"
          empty={
            filtered ? (
              <Card withBorder radius="md" padding="lg">
                <Text fw={600}>No orders match</Text>
                <Text size="sm" c="dimmed">
                  Try another filter or search text.
                </Text>
              </Card>
            ) : (
              <NoOrdersYet />
            )
          }
        >
          {(rows) => (
            <Stack gap={6}>
              {/* The API lists orders by when they were placed, the latest first; saying so lets a
                  customer who just placed one look for it at the top. */}
              <Text size="sm" c="dimmed">
                Newest first
              </Text>
              <DataTable label="Orders" columns={COLUMNS} rows={rows} rowKey={(order) => order.id} />
            </Stack>
          )}
        </QueryList>

        {data ? <ListPagination page={data} noun={['order', 'orders']} onChange={list.setPage} /> : null}
      </Stack>
    </>
  );
}
