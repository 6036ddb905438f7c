import { Card, Text, Title } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  isContainerCargo,
  type OrderDetail,
  type OrderItem,
} from '@freightlane/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { formatCalendarDate } from '../../../lib/format';

/** The trip an item became once awarded, or a dash before. */
function tripColumn(order: OrderDetail): DataColumn<OrderItem> {
  const tripOf = new Map(order.trips.map((trip) => [trip.orderItemId, trip]));
  return {
    key: 'trip',
    header: 'Trip',
    keep: true,
    cell: (item) => item.tripNumber ?? tripOf.get(item.id)?.tripNumber ?? '—',
  };
}

function containerColumns(order: OrderDetail): DataColumn<OrderItem>[] {
  return [
    {
      key: 'container',
      header: 'Container number',
      keep: true,
      cell: (item) => (
        <Text component="span" size="sm" ff="monospace">
          {item.containerNumber}
        </Text>
      ),
    },
    {
      key: 'size',
      header: 'Size',
      keep: true,
      cell: (item) => (item.containerSize ? CONTAINER_SIZE_LABELS[item.containerSize] : '—'),
    },
    { key: 'liner', header: 'Liner', cell: (item) => item.liner?.name ?? '—' },
    {
      key: 'validity',
      header: 'Delivery order valid until',
      keep: true,
      cell: (item) => formatCalendarDate(item.deliveryOrderValidityDate),
    },
    tripColumn(order),
  ];
}

function truckLoadColumns(order: OrderDetail): DataColumn<OrderItem>[] {
  return [
    // On a phone the cargo heads the card; its position number alone would say little there.
    { key: 'position', header: 'Truck load', keep: true, card: 'value', cell: (item) => item.position },
    { key: 'description', header: 'Description', card: 'title', cell: (item) => item.description },
    // Left-aligned, as on a phone's card they sit side by side, one in each column.
    { key: 'quantity', header: 'Quantity', keep: true, cell: (item) => item.quantity },
    { key: 'weight', header: 'Weight (t)', keep: true, cell: (item) => item.weightTonnes },
    {
      key: 'truck',
      header: 'Truck type',
      cell: (item) => (item.truckType ? TRUCK_TYPE_LABELS[item.truckType] : '—'),
    },
    tripColumn(order),
  ];
}

/** The order's containers or truck loads, each with the trip it became once awarded. */
export function OrderItemsCard({ order }: { order: OrderDetail }) {
  const containers = isContainerCargo(order.cargoType);
  const title = containers ? 'Containers' : 'Truck loads';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="items-title">
      <Title order={2} fz="lg" id="items-title" mb="sm">
        {title} ({order.items.length})
      </Title>
      <DataTable
        label={title}
        columns={containers ? containerColumns(order) : truckLoadColumns(order)}
        rows={order.items}
        rowKey={(item) => item.id}
      />
    </Card>
  );
}
