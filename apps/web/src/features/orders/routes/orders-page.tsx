import { Anchor, Button, Card, Chip, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
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
import { useLabels } from '../../../i18n/labels/labels';
import { useOrders } from '../api/orders-api';
import { useOrdersText, type OrdersText } from '../text';

const FILTERS = ['all', 'open', 'awarded', 'cancelled'] as const;
type Filter = (typeof FILTERS)[number];

const STATUS_OF_FILTER: Record<Filter, OrderStatus | undefined> = {
  all: undefined,
  open: 'OPEN',
  awarded: 'AWARDED',
  cancelled: 'CANCELLED',
};

function readFilter(value: string | null): Filter {
  return FILTERS.some((f) => f === value) ? (value as Filter) : 'all';
}

function columns(t: OrdersText): DataColumn<OrderSummary>[] {
  return [
    {
      key: 'order',
      header: t('ordersPage.columnOrder'),
      keep: true,
      cell: (order) => (
        <Anchor component={Link} to={PATHS.order(order.id)} fw={600} size="sm">
          {order.orderNumber}
        </Anchor>
      ),
    },
    {
      key: 'cargo',
      header: t('ordersPage.columnCargo'),
      cell: (order) => <CargoTypeBadge cargoType={order.cargoType} />,
    },
    clientColumn(),
    placesColumn(),
    {
      key: 'closes',
      header: t('ordersPage.columnCloses'),
      keep: true,
      cell: (order) => formatDateTime(order.biddingClosesAt),
    },
    {
      key: 'bids',
      header: t('ordersPage.columnBids'),
      align: 'right',
      keep: true,
      cell: (order) => order.bidCount,
    },
    {
      key: 'status',
      header: t('ordersPage.columnStatus'),
      keep: true,
      card: 'corner',
      cell: (order) => <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />,
    },
  ];
}

function NoOrdersYet() {
  const t = useOrdersText();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconPackage size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('ordersPage.noOrdersYet')}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {t('ordersPage.noOrdersYetHint')}
        </Text>
        <Button component={Link} to={PATHS.newOrder} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('ordersPage.orderHaulage')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /orders: the customer's orders, by status, searchable, one page at a time. */
export function OrdersPage() {
  const t = useOrdersText();
  const label = useLabels();
  usePageTitle(t('ordersPage.title'));
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
        title={t('ordersPage.title')}
        description={t('ordersPage.description')}
        action={
          <Button component={Link} to={PATHS.newOrder} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('ordersPage.orderHaulage')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text id={filterLabelId} size="sm" fw={500}>
              {t('ordersPage.show')}
            </Text>
            {/* Chips, not a segmented control: they wrap onto a second line when a language's words are long. */}
            <Group gap="xs" wrap="wrap" role="radiogroup" aria-labelledby={filterLabelId}>
              <Chip.Group
                multiple={false}
                value={filter}
                onChange={(value) => {
                  const status = readFilter(value);
                  list.update({ status: status === 'all' ? null : status });
                }}
              >
                {FILTERS.map((value) => (
                  <Chip key={value} value={value} size="sm" variant="outline">
                    {value === 'all'
                      ? t('ordersPage.filterAll')
                      : label('orderStatus', STATUS_OF_FILTER[value]!)}
                  </Chip>
                ))}
              </Chip.Group>
            </Group>
          </Stack>
          <TextInput
            label={t('ordersPage.search')}
            placeholder={t('ordersPage.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>

        <QueryList
          query={orders}
          skeleton={<ListSkeleton label={t('ordersPage.loading')} height={56} />}
          failure={t('ordersPage.failure')}
          empty={
            filtered ? (
              <Card withBorder radius="md" padding="lg">
                <Text fw={600}>{t('ordersPage.noMatch')}</Text>
                <Text size="sm" c="dimmed">
                  {t('ordersPage.noMatchHint')}
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
                {t('ordersPage.newestFirst')}
              </Text>
              <DataTable
                label={t('ordersPage.title')}
                columns={columns(t)}
                rows={rows}
                rowKey={(order) => order.id}
              />
            </Stack>
          )}
        </QueryList>

        {data ? (
          <ListPagination
            page={data}
            noun={[t('ordersPage.noun', { count: 1 }), t('ordersPage.noun', { count: 2 })]}
            onChange={list.setPage}
          />
        ) : null}
      </Stack>
    </>
  );
}
