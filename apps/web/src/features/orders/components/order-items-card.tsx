import { Card, Text, Title } from '@mantine/core';
import { isContainerCargo, type OrderDetail, type OrderItem } from '@freightlane/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { formatCalendarDate } from '../../../lib/format';
import { useOrdersText, type OrdersText } from '../text';

/** The trip an item became once awarded, or a dash before. */
function tripColumn(order: OrderDetail, t: OrdersText): DataColumn<OrderItem> {
  const tripOf = new Map(order.trips.map((trip) => [trip.orderItemId, trip]));
  return {
    key: 'trip',
    header: t('items.columnTrip'),
    keep: true,
    cell: (item) => item.tripNumber ?? tripOf.get(item.id)?.tripNumber ?? '—',
  };
}

function containerColumns(order: OrderDetail, t: OrdersText, label: Label): DataColumn<OrderItem>[] {
  return [
    {
      key: 'container',
      header: t('items.columnContainer'),
      keep: true,
      cell: (item) => (
        <Text component="span" size="sm" ff="monospace">
          {item.containerNumber}
        </Text>
      ),
    },
    {
      key: 'size',
      header: t('items.columnSize'),
      keep: true,
      cell: (item) => (item.containerSize ? label('containerSize', item.containerSize) : '—'),
    },
    { key: 'liner', header: t('items.columnLiner'), cell: (item) => item.liner?.name ?? '—' },
    {
      key: 'validity',
      header: t('items.columnValidity'),
      keep: true,
      cell: (item) => formatCalendarDate(item.deliveryOrderValidityDate),
    },
    tripColumn(order, t),
  ];
}

function truckLoadColumns(order: OrderDetail, t: OrdersText, label: Label): DataColumn<OrderItem>[] {
  return [
    // On a phone the cargo heads the card; its position number alone would say little there.
    {
      key: 'position',
      header: t('item.truckLoad'),
      keep: true,
      card: 'value',
      cell: (item) => item.position,
    },
    {
      key: 'description',
      header: t('items.columnDescription'),
      card: 'title',
      cell: (item) => item.description,
    },
    // Left-aligned, as on a phone's card they sit side by side, one in each column.
    { key: 'quantity', header: t('items.columnQuantity'), keep: true, cell: (item) => item.quantity },
    { key: 'weight', header: t('items.columnWeight'), keep: true, cell: (item) => item.weightTonnes },
    {
      key: 'truck',
      header: t('items.columnTruckType'),
      cell: (item) => (item.truckType ? label('truckType', item.truckType) : '—'),
    },
    tripColumn(order, t),
  ];
}

/** The order's containers or truck loads, each with the trip it became once awarded. */
export function OrderItemsCard({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  const label = useLabels();
  const containers = isContainerCargo(order.cargoType);
  const title = containers ? t('items.containers') : t('items.truckLoads');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="items-title">
      <Title order={2} fz="lg" id="items-title" mb="sm">
        {t('items.heading', { title, count: order.items.length })}
      </Title>
      <DataTable
        label={title}
        columns={containers ? containerColumns(order, t, label) : truckLoadColumns(order, t, label)}
        rows={order.items}
        rowKey={(item) => item.id}
      />
    </Card>
  );
}
