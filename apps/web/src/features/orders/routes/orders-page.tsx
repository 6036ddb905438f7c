import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
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
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { CargoTypeBadge, OrderStatusBadge, PlaceText } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOrders } from '../api/orders-api';
import { useBreakpoint } from '../../../lib/use-breakpoint';

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

function orderHeadline(order: OrderSummary): string {
  return order.reference ? `${order.clientName} · ${order.reference}` : order.clientName;
}

function Places({ order }: { order: OrderSummary }) {
  return (
    <Text size="sm" component="span">
      <PlaceText location={order.pickup} size="sm" /> → <PlaceText location={order.recipient} size="sm" />
    </Text>
  );
}

function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Order number</Table.Th>
            <Table.Th scope="col">Cargo type</Table.Th>
            <Table.Th scope="col">Client / reference</Table.Th>
            <Table.Th scope="col">Pickup → Delivery</Table.Th>
            <Table.Th scope="col">Bidding closes</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Bids
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <Anchor component={Link} to={PATHS.order(order.id)} fw={600} size="sm">
                  {order.orderNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <CargoTypeBadge cargoType={order.cargoType} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{order.clientName}</Text>
                {order.reference ? (
                  <Text size="xs" c="dimmed">
                    {order.reference}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Places order={order} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(order.biddingClosesAt)}</Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {order.bidCount}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderCards({ orders }: { orders: OrderSummary[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {orders.map((order) => (
        <Card key={order.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Anchor component={Link} to={PATHS.order(order.id)} fw={700}>
              {order.orderNumber}
            </Anchor>
            <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />
          </Group>
          <Group gap="xs" mb={6}>
            <CargoTypeBadge cargoType={order.cargoType} />
            <Text size="sm">{orderHeadline(order)}</Text>
          </Group>
          <Places order={order} />
          <Group justify="space-between" mt={6}>
            <Text size="xs" c="dimmed">
              Bidding closes {formatDateTime(order.biddingClosesAt)}
            </Text>
            <Text size="xs" fw={600}>
              {order.bidCount === 1 ? '1 bid' : `${order.bidCount} bids`}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

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
  const isDesktop = useBreakpoint('lg');
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

        {orders.isPending ? (
          <ListSkeleton label="Loading orders" height={56} />
        ) : orders.isError ? (
          <QueryError
            error={orders.error}
            onRetry={() => void orders.refetch()}
            title="Could not load your orders"
          />
        ) : data && data.content.length === 0 ? (
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
        ) : data ? (
          isDesktop ? (
            <Card withBorder radius="md" padding={0}>
              <OrdersTable orders={data.content} />
            </Card>
          ) : (
            <OrderCards orders={data.content} />
          )
        ) : null}

        {data ? <ListPagination page={data} noun={['order', 'orders']} onChange={list.setPage} /> : null}
      </Stack>
    </>
  );
}
