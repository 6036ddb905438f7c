import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { isContainerCargo, unitLabel, type OrderDetail } from '@freightlane/domain';
import { Link } from 'react-router';
import { Money } from '../../../components/marketplace-badges';
import { PATHS } from '../../../lib/paths';
import { itemName } from '../item-name';

/** The trips an award created, each with its transporter, amount and public tracking link. */
export function OrderTripsCard({ order }: { order: OrderDetail }) {
  const items = new Map(order.items.map((item) => [item.id, item]));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trips-title">
      <Title order={2} fz="lg" id="trips-title" mb={4}>
        Trips ({order.trips.length})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One trip per {unitLabel(order.cargoType)}. Share a trip&apos;s tracking page with your client.
      </Text>
      <Table.ScrollContainer minWidth={660}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Trip number</Table.Th>
              <Table.Th scope="col">
                {isContainerCargo(order.cargoType) ? 'Container' : 'Truck load'}
              </Table.Th>
              <Table.Th scope="col">Transporter</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Amount
              </Table.Th>
              <Table.Th scope="col">Tracking</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.trips.map((trip) => {
              const item = items.get(trip.orderItemId);
              return (
                <Table.Tr key={trip.id}>
                  <Table.Td>
                    <Anchor component={Link} to={PATHS.trip(trip.id)} fw={600} size="sm">
                      {trip.tripNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item ? itemName(item) : '—'}</Table.Td>
                  <Table.Td>{trip.transporterName}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <Money kobo={trip.amountKobo} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    {/* The public page, the one to share with the client; it needs no sign-in. It is its own
                        light entry (track.html), so it opens with a full page load, not a client route. */}
                    <Anchor
                      href={`${PATHS.tripProgress}/${trip.trackingId}`}
                      size="sm"
                      aria-label={`Tracking link of ${trip.tripNumber}`}
                    >
                      Tracking link
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
