import { Card, Group, SimpleGrid, Title } from '@mantine/core';
import { unitLabel, type OrderDetail } from '@freightlane/domain';
import { DescriptionField } from '../../../components/description-field';
import { CargoTypeBadge, Money, OrderStatusBadge } from '../../../components/marketplace-badges';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { PlaceLines } from './place-lines';
import { QuoteDocumentDownload } from './quote-document-download';

/** What was ordered, from where to where, by when, and on what terms. */
export function OrderSummaryCard({ order }: { order: OrderDetail }) {
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
