import { Text } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  isContainerCargo,
  type CargoType,
  type OrderItem,
} from '@freightlane/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { formatCalendarDate } from '../../../lib/format';

const weightFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

const CONTAINER_COLUMNS: DataColumn<OrderItem>[] = [
  {
    key: 'container',
    header: 'Container number',
    keep: true,
    cell: (item) => (
      <Text component="span" size="sm" fw={600}>
        {item.containerNumber ?? 'N/A'}
      </Text>
    ),
  },
  {
    key: 'size',
    header: 'Size',
    keep: true,
    cell: (item) => (item.containerSize ? CONTAINER_SIZE_LABELS[item.containerSize] : 'N/A'),
  },
  { key: 'liner', header: 'Liner', cell: (item) => item.liner?.name ?? 'N/A' },
  {
    key: 'validity',
    header: 'DO validity',
    keep: true,
    cell: (item) => formatCalendarDate(item.deliveryOrderValidityDate),
  },
];

const TRUCK_LOAD_COLUMNS: DataColumn<OrderItem>[] = [
  {
    key: 'description',
    header: 'Description',
    cell: (item) => (
      <Text component="span" size="sm" fw={600}>
        {item.description ?? 'N/A'}
      </Text>
    ),
  },
  // Left-aligned, as on a phone's card they sit side by side, one in each column.
  { key: 'quantity', header: 'Quantity', keep: true, cell: (item) => item.quantity ?? 'N/A' },
  {
    key: 'weight',
    header: 'Weight (t)',
    keep: true,
    cell: (item) => (item.weightTonnes === null ? 'N/A' : weightFormat.format(item.weightTonnes)),
  },
  {
    key: 'truck',
    header: 'Truck type',
    cell: (item) => (item.truckType ? TRUCK_TYPE_LABELS[item.truckType] : 'N/A'),
  },
];

/** The containers of an order, or its truck loads of general cargo. */
export function OrderItems({ cargoType, items }: { cargoType: CargoType; items: OrderItem[] }) {
  if (items.length === 0) return <Text c="dimmed">No items on this order.</Text>;
  const containers = isContainerCargo(cargoType);
  return (
    <DataTable
      label={containers ? 'Containers' : 'Truck loads'}
      columns={containers ? CONTAINER_COLUMNS : TRUCK_LOAD_COLUMNS}
      rows={items}
      rowKey={(item) => item.id}
    />
  );
}
