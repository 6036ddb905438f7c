import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MarketOrder } from '@freightlane/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import {
  BidStatusBadge,
  CargoTypeBadge,
  Money,
  OrderStatusBadge,
} from '../../../components/marketplace-badges';
import { formatCalendarDate } from '../../../lib/format';
import { ReturnLoadsWelcomeBadge } from '../../return-loads';
import { useBidsText } from '../text';
import { ClosingTime, Route, unitCount, unitName } from './order-facts';
import { WatchButton } from './watch-button';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** One open order in a list: what, for whom, where, when, and this company's bid on it. */
export function MarketOrderCard({
  order,
  watchVariant = 'toggle',
}: {
  order: MarketOrder;
  /** On the watch list the button only removes the order. */
  watchVariant?: 'toggle' | 'unwatch';
}) {
  const t = useBidsText();
  const headingId = `order-${order.id}-title`;
  const unit = unitName(t, order.cargoType);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={4}>
            <Title order={2} fz="lg" id={headingId}>
              {order.orderNumber}
            </Title>
            <Text size="sm" c="dimmed">
              {t('common.forCustomer', { clientName: order.clientName, customerName: order.customerName })}
            </Text>
          </Stack>
          <Group gap={6}>
            <CargoTypeBadge cargoType={order.cargoType} />
            {order.biddingOpen ? null : (
              <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />
            )}
            {order.preferredPartnersOnly ? (
              <Badge variant="light" color="grape" radius="sm">
                {t('common.partnersOnly')}
              </Badge>
            ) : null}
            {order.returnLoadsWelcome ? <ReturnLoadsWelcomeBadge /> : null}
          </Group>
        </Group>

        <Route pickup={order.pickup} recipient={order.recipient} />

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
          <Fact label={t('common.load')}>{unitCount(t, order.cargoType, order.itemCount)}</Fact>
          <Fact label={t('common.pickupDate')}>{formatCalendarDate(order.pickupDate)}</Fact>
          <Fact label={t('common.targetPricePer', { unit })}>
            {order.targetAmountKobo === null ? t('value.noneGiven') : <Money kobo={order.targetAmountKobo} />}
          </Fact>
          <Fact label={t('card.yourBid')}>
            {order.myBid ? (
              <Group gap={6}>
                <Money kobo={order.myBid.amountKobo} />
                <BidStatusBadge status={order.myBid.status} />
              </Group>
            ) : (
              t('card.noBid')
            )}
          </Fact>
        </SimpleGrid>

        <ClosingTime biddingOpen={order.biddingOpen} biddingClosesAt={order.biddingClosesAt} />

        <Group gap="sm" justify="flex-end">
          <WatchButton
            orderId={order.id}
            watched={order.watched}
            variant={watchVariant}
            describedBy={headingId}
          />
          <Button component={Link} to={PATHS.marketOrder(order.id)} aria-describedby={headingId}>
            {order.biddingOpen ? t('card.viewAndBid') : t('card.viewOrder')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
