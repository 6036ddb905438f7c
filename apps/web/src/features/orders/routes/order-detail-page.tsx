import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TERMINAL_KIND_LABELS,
  TRUCK_TYPE_LABELS,
  isContainerCargo,
  unitLabel,
  type LocationView,
  type OrderDetail,
} from '@freightlane/domain';
import { IconArrowLeft, IconDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { CargoTypeBadge, Money, OrderStatusBadge } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatFileSize } from '../../company';
import { useOrder } from '../api/orders-api';
import { downloadQuoteDocument } from '../api/quote-document';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { DescriptionField } from '../../../components/description-field';
import { itemName, OrderBids } from '../components/order-bids';

function PlaceLines({ location }: { location: LocationView }) {
  if (location.terminal)
    return (
      <>
        <span style={{ display: 'block' }}>
          {location.terminal.name} ({TERMINAL_KIND_LABELS[location.terminal.kind]})
        </span>
        <span style={{ display: 'block' }}>
          {location.terminal.operator}, {location.terminal.city}
        </span>
      </>
    );
  if (location.address) {
    const { street, neighborhood, lga, city, state } = location.address;
    return (
      <>
        <span style={{ display: 'block' }}>{[street, neighborhood].filter(Boolean).join(', ')}</span>
        <span style={{ display: 'block' }}>
          {city}, {lga} LGA, {state}
        </span>
      </>
    );
  }
  return <>N/A</>;
}

function QuoteDocumentDownload({ order }: { order: OrderDetail }) {
  const { downloading, download } = useDownload();
  const document = order.quoteDocument;
  if (!document) return <>None</>;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={0}
      loading={downloading}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void download(() => downloadQuoteDocument(order.id, document.fileName))}
      aria-label={`Download ${document.fileName}`}
    >
      {document.fileName} ({formatFileSize(document.sizeBytes)})
    </Button>
  );
}

function OrderSummaryCard({ order }: { order: OrderDetail }) {
  const unit = unitLabel(order.cargoType);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="summary-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="lg" id="summary-title">
          Summary
        </Title>
        <Group gap="xs">
          <CargoTypeBadge cargoType={order.cargoType} />
          <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />
        </Group>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <DescriptionField label="Order number">{order.orderNumber}</DescriptionField>
        <DescriptionField label="Client">{order.clientName}</DescriptionField>
        <DescriptionField label="Reference">{order.reference || '—'}</DescriptionField>
        <DescriptionField label="Placed">{formatDateTime(order.createdAt)}</DescriptionField>
        <DescriptionField label="Pickup">
          <PlaceLines location={order.pickup} />
        </DescriptionField>
        <DescriptionField label="Delivery">
          <PlaceLines location={order.recipient} />
        </DescriptionField>
        <DescriptionField label="Pickup date">{formatCalendarDate(order.pickupDate)}</DescriptionField>
        <DescriptionField label="Bidding closes">{formatDateTime(order.biddingClosesAt)}</DescriptionField>
        <DescriptionField label={`Target price per ${unit}`}>
          {order.targetAmountKobo === null ? 'No target price' : <Money kobo={order.targetAmountKobo} />}
        </DescriptionField>
        <DescriptionField label="Who may bid">
          {order.preferredPartnersOnly ? 'Only your preferred partners' : 'Every verified transporter'}
        </DescriptionField>
        <DescriptionField label="Quote document">
          <QuoteDocumentDownload order={order} />
        </DescriptionField>
        {order.awardedAt ? (
          <DescriptionField label="Awarded">{formatDateTime(order.awardedAt)}</DescriptionField>
        ) : null}
      </SimpleGrid>
    </Card>
  );
}

function OrderItemsCard({ order }: { order: OrderDetail }) {
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

function OrderTripsCard({ order }: { order: OrderDetail }) {
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

/** /orders/:orderId: the order, its bids and awarding them, then its trips. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const [cancelling, setCancelling] = useState(false);
  usePageTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');

  const back = (
    <Anchor component={Link} to={PATHS.orders} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        All orders
      </Group>
    </Anchor>
  );

  if (order.isPending)
    return (
      <Stack gap="lg" aria-label="Loading the order">
        <Skeleton h={36} w={280} />
        <Skeleton h={260} />
        <Skeleton h={180} />
      </Stack>
    );
  if (order.isError)
    return (
      <Stack gap="md">
        {back}
        <QueryError
          error={order.error}
          onRetry={() => void order.refetch()}
          title="Could not load the order"
        />
      </Stack>
    );

  const data = order.data;
  return (
    <>
      <Stack gap={6} mb="xs">
        {back}
      </Stack>
      <PageHeader
        title={`Order ${data.orderNumber}`}
        description={`${data.clientName}${data.reference ? ` · ${data.reference}` : ''}`}
        action={
          data.status === 'OPEN' ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => setCancelling(true)}
            >
              Cancel order
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        {data.status === 'CANCELLED' ? (
          <Alert color="red" title="This order is cancelled">
            {data.cancellationReason ? `Reason: ${data.cancellationReason}` : null}
          </Alert>
        ) : null}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <OrderSummaryCard order={data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <OrderBids order={data} />
          </Grid.Col>
        </Grid>
        {/* Full width: these tables have too many columns to share the row with the bids. */}
        {data.trips.length > 0 ? <OrderTripsCard order={data} /> : null}
        <OrderItemsCard order={data} />
      </Stack>
      <CancelOrderDialog
        orderId={data.id}
        orderNumber={data.orderNumber}
        opened={cancelling}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}
