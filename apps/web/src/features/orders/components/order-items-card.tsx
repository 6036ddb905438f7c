import { Card, Table, Title } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  isContainerCargo,
  type OrderDetail,
} from '@freightlane/domain';
import { formatCalendarDate } from '../../../lib/format';

/** The order's containers or truck loads, each with the trip it became once awarded. */
export function OrderItemsCard({ order }: { order: OrderDetail }) {
  const containers = isContainerCargo(order.cargoType);
  const tripOf = new Map(order.trips.map((trip) => [trip.orderItemId, trip]));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="items-title">
      <Title order={2} fz="lg" id="items-title" mb="sm">
        {containers ? 'Containers' : 'Truck loads'} ({order.items.length})
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            {containers ? (
              <Table.Tr>
                <Table.Th scope="col">Container number</Table.Th>
                <Table.Th scope="col">Size</Table.Th>
                <Table.Th scope="col">Liner</Table.Th>
                <Table.Th scope="col">Delivery order valid until</Table.Th>
                <Table.Th scope="col">Trip</Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr>
                <Table.Th scope="col">Truck load</Table.Th>
                <Table.Th scope="col">Description</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Quantity
                </Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Weight (t)
                </Table.Th>
                <Table.Th scope="col">Truck type</Table.Th>
                <Table.Th scope="col">Trip</Table.Th>
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => {
              const trip = item.tripNumber ?? tripOf.get(item.id)?.tripNumber ?? '—';
              return containers ? (
                <Table.Tr key={item.id}>
                  <Table.Td ff="monospace">{item.containerNumber}</Table.Td>
                  <Table.Td>{item.containerSize ? CONTAINER_SIZE_LABELS[item.containerSize] : '—'}</Table.Td>
                  <Table.Td>{item.liner?.name ?? '—'}</Table.Td>
                  <Table.Td>{formatCalendarDate(item.deliveryOrderValidityDate)}</Table.Td>
                  <Table.Td>{trip}</Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.position}</Table.Td>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{item.quantity}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{item.weightTonnes}</Table.Td>
                  <Table.Td>{item.truckType ? TRUCK_TYPE_LABELS[item.truckType] : '—'}</Table.Td>
                  <Table.Td>{trip}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
