import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOrder } from '../api/orders-api';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { OrderBids } from '../components/order-bids';
import { OrderItemsCard } from '../components/order-items-card';
import { OrderReturnLoadsCard } from '../components/order-return-loads-card';
import { OrderSummaryCard } from '../components/order-summary-card';
import { OrderTripsCard } from '../components/order-trips-card';
import { useOrdersText } from '../text';

/** /orders/:orderId: the order, its bids and awarding them, then its trips. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const [cancelling, setCancelling] = useState(false);
  const t = useOrdersText();
  usePageTitle(
    order.data ? t('orderPage.title', { orderNumber: order.data.orderNumber }) : t('orderPage.titleLoading'),
  );

  const back = (
    <Anchor component={Link} to={PATHS.orders} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('orderPage.allOrders')}
      </Group>
    </Anchor>
  );

  if (order.isPending)
    return (
      <Stack gap="lg" aria-label={t('orderPage.loading')}>
        <Skeleton h={36} w={280} />
        <Skeleton h={260} />
        <Skeleton h={180} />
      </Stack>
    );
  if (order.isError)
    return (
      <Stack gap="md">
        {back}
        <QueryError error={order.error} onRetry={() => void order.refetch()} title={t('orderPage.failure')} />
      </Stack>
    );

  const data = order.data;
  return (
    <>
      <Stack gap={6} mb="xs">
        {back}
      </Stack>
      <PageHeader
        title={t('orderPage.title', { orderNumber: data.orderNumber })}
        description={`${data.clientName}${data.reference ? ` · ${data.reference}` : ''}`}
        action={
          data.status === 'OPEN' ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => setCancelling(true)}
            >
              {t('orderPage.cancelOrder')}
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        {data.status === 'CANCELLED' ? (
          <Alert color="red" title={t('orderPage.cancelled')}>
            {data.cancellationReason
              ? t('orderPage.cancelReason', { reason: data.cancellationReason })
              : null}
          </Alert>
        ) : null}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <OrderSummaryCard order={data} />
              {data.status === 'OPEN' ? <OrderReturnLoadsCard order={data} /> : null}
            </Stack>
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
