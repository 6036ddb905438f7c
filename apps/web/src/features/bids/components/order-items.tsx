import { Table, Text } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  isContainerCargo,
  type CargoType,
  type OrderItem,
} from '@freightlane/domain';
import { formatCalendarDate } from '../../../lib/format';
import { ScrollTable, StickyTd, StickyTh } from './scroll-table';

const weightFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

/** The containers of an order, or its truck loads of general cargo. */
export function OrderItems({ cargoType, items }: { cargoType: CargoType; items: OrderItem[] }) {
  if (items.length === 0) return <Text c="dimmed">No items on this order.</Text>;
  if (isContainerCargo(cargoType)) {
    return (
      <ScrollTable minWidth={560} label="Containers">
        <Table.Thead>
          <Table.Tr>
            <StickyTh>Container number</StickyTh>
            <Table.Th>Size</Table.Th>
            <Table.Th>Liner</Table.Th>
            <Table.Th>DO validity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <StickyTd fw={600}>{item.containerNumber ?? 'N/A'}</StickyTd>
              <Table.Td>{item.containerSize ? CONTAINER_SIZE_LABELS[item.containerSize] : 'N/A'}</Table.Td>
              <Table.Td>{item.liner?.name ?? 'N/A'}</Table.Td>
              <Table.Td>{formatCalendarDate(item.deliveryOrderValidityDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    );
  }
  return (
    <ScrollTable minWidth={560} label="Truck loads">
      <Table.Thead>
        <Table.Tr>
          <StickyTh>Description</StickyTh>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th ta="right">Weight (t)</Table.Th>
          <Table.Th>Truck type</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <StickyTd fw={600}>{item.description ?? 'N/A'}</StickyTd>
            <Table.Td ta="right">{item.quantity ?? 'N/A'}</Table.Td>
            <Table.Td ta="right">
              {item.weightTonnes === null ? 'N/A' : weightFormat.format(item.weightTonnes)}
            </Table.Td>
            <Table.Td>{item.truckType ? TRUCK_TYPE_LABELS[item.truckType] : 'N/A'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
