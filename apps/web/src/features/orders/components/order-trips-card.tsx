import { Anchor, Card, Text, Title } from '@mantine/core';
import { isContainerCargo, type OrderDetail, type OrderItem } from '@freightlane/domain';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { Money } from '../../../components/marketplace-badges';
import { PATHS } from '../../../lib/paths';
import { itemName } from '../item-name';
import { useOrdersText, type OrdersText } from '../text';
import { unitWords } from '../unit-count';

type OrderTrip = OrderDetail['trips'][number];

function tripColumns(order: OrderDetail, t: OrdersText): DataColumn<OrderTrip>[] {
  const items = new Map<string, OrderItem>(order.items.map((item) => [item.id, item]));
  return [
    {
      key: 'trip',
      header: t('trips.columnTrip'),
      keep: true,
      cell: (trip) => (
        <Anchor component={Link} to={PATHS.trip(trip.id)} fw={600} size="sm">
          {trip.tripNumber}
        </Anchor>
      ),
    },
    {
      key: 'item',
      header: isContainerCargo(order.cargoType) ? t('item.container') : t('item.truckLoad'),
      cell: (trip) => {
        const item = items.get(trip.orderItemId);
        return item ? itemName(t, item) : '—';
      },
    },
    { key: 'transporter', header: t('trips.columnTransporter'), cell: (trip) => trip.transporterName },
    {
      key: 'tracking',
      header: t('trips.columnTracking'),
      keep: true,
      // The public page, the one to share with the client; it needs no sign-in. It is its own light
      // entry (track.html), so it opens with a full page load, not a client route.
      cell: (trip) => (
        <Anchor
          href={`${PATHS.tripProgress}/${trip.trackingId}`}
          size="sm"
          aria-label={t('trips.trackingLinkOf', { tripNumber: trip.tripNumber })}
        >
          {t('trips.trackingLink')}
        </Anchor>
      ),
    },
    // Last, so on a phone's card the amount is in the right-hand column, right-aligned like the table's.
    {
      key: 'amount',
      header: t('trips.columnAmount'),
      align: 'right',
      keep: true,
      cell: (trip) => <Money kobo={trip.amountKobo} size="sm" />,
    },
  ];
}

/** The trips an award created, each with its transporter, amount and public tracking link. */
export function OrderTripsCard({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trips-title">
      <Title order={2} fz="lg" id="trips-title" mb={4}>
        {t('trips.title', { count: order.trips.length })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('trips.hint', { unit: unitWords(t, order.cargoType).one })}
      </Text>
      <DataTable
        label={t('trips.tableLabel')}
        columns={tripColumns(order, t)}
        rows={order.trips}
        rowKey={(trip) => trip.id}
      />
    </Card>
  );
}
