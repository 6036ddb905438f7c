import { Anchor, Card, Text, Title } from '@mantine/core';
import { isContainerCargo, unitLabel, type OrderDetail, type OrderItem } from '@freightlane/domain';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { Money } from '../../../components/marketplace-badges';
import { PATHS } from '../../../lib/paths';
import { itemName } from '../item-name';

type OrderTrip = OrderDetail['trips'][number];

function tripColumns(order: OrderDetail): DataColumn<OrderTrip>[] {
  const items = new Map<string, OrderItem>(order.items.map((item) => [item.id, item]));
  return [
    {
      key: 'trip',
      header: 'Trip number',
      keep: true,
      cell: (trip) => (
        <Anchor component={Link} to={PATHS.trip(trip.id)} fw={600} size="sm">
          {trip.tripNumber}
        </Anchor>
      ),
    },
    {
      key: 'item',
      header: isContainerCargo(order.cargoType) ? 'Container' : 'Truck load',
      cell: (trip) => {
        const item = items.get(trip.orderItemId);
        return item ? itemName(item) : '—';
      },
    },
    { key: 'transporter', header: 'Transporter', cell: (trip) => trip.transporterName },
    {
      key: 'tracking',
      header: 'Tracking',
      keep: true,
      // The public page, the one to share with the client; it needs no sign-in. It is its own light
      // entry (track.html), so it opens with a full page load, not a client route.
      cell: (trip) => (
        <Anchor
          href={`${PATHS.tripProgress}/${trip.trackingId}`}
          size="sm"
          aria-label={`Tracking link of ${trip.tripNumber}`}
        >
          Tracking link
        </Anchor>
      ),
    },
    // Last, so on a phone's card the amount is in the right-hand column, right-aligned like the table's.
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      keep: true,
      cell: (trip) => <Money kobo={trip.amountKobo} size="sm" />,
    },
  ];
}

/** The trips an award created, each with its transporter, amount and public tracking link. */
export function OrderTripsCard({ order }: { order: OrderDetail }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trips-title">
      <Title order={2} fz="lg" id="trips-title" mb={4}>
        Trips ({order.trips.length})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One trip per {unitLabel(order.cargoType)}. Share a trip&apos;s tracking page with your client.
      </Text>
      <DataTable label="Trips" columns={tripColumns(order)} rows={order.trips} rowKey={(trip) => trip.id} />
    </Card>
  );
}
