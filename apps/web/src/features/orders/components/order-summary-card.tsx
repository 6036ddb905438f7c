import { Card, Group, SimpleGrid, Title } from '@mantine/core';
import type { OrderDetail } from '@freightlane/domain';
import { DescriptionField } from '../../../components/description-field';
import { CargoTypeBadge, Money, OrderStatusBadge } from '../../../components/marketplace-badges';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { ReturnLoadsWelcomeBadge } from '../../return-loads';
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';
import { PlaceLines } from './place-lines';
import { QuoteDocumentDownload } from './quote-document-download';

/** What was ordered, from where to where, by when, and on what terms. */
export function OrderSummaryCard({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  const unit = unitWords(t, order.cargoType).one;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="summary-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="lg" id="summary-title">
          {t('summary.title')}
        </Title>
        <Group gap="xs">
          <CargoTypeBadge cargoType={order.cargoType} />
          <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />
          {order.returnLoadsWelcome ? <ReturnLoadsWelcomeBadge /> : null}
        </Group>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <DescriptionField label={t('summary.orderNumber')}>{order.orderNumber}</DescriptionField>
        <DescriptionField label={t('summary.client')}>{order.clientName}</DescriptionField>
        <DescriptionField label={t('field.reference')}>{order.reference || '—'}</DescriptionField>
        <DescriptionField label={t('summary.placed')}>{formatDateTime(order.createdAt)}</DescriptionField>
        <DescriptionField label={t('summary.pickup')}>
          <PlaceLines location={order.pickup} />
        </DescriptionField>
        <DescriptionField label={t('summary.delivery')}>
          <PlaceLines location={order.recipient} />
        </DescriptionField>
        <DescriptionField label={t('field.pickupDate')}>
          {formatCalendarDate(order.pickupDate)}
        </DescriptionField>
        <DescriptionField label={t('field.biddingCloses')}>
          {formatDateTime(order.biddingClosesAt)}
        </DescriptionField>
        <DescriptionField label={t('field.targetPricePer', { unit })}>
          {order.targetAmountKobo === null ? (
            t('value.noTargetPrice')
          ) : (
            <Money kobo={order.targetAmountKobo} />
          )}
        </DescriptionField>
        <DescriptionField label={t('field.whoMayBid')}>
          {order.preferredPartnersOnly ? t('value.partnersOnly') : t('value.everyTransporter')}
        </DescriptionField>
        <DescriptionField label={t('field.quoteDocument')}>
          <QuoteDocumentDownload order={order} />
        </DescriptionField>
        {order.awardedAt ? (
          <DescriptionField label={t('summary.awarded')}>{formatDateTime(order.awardedAt)}</DescriptionField>
        ) : null}
      </SimpleGrid>
    </Card>
  );
}
