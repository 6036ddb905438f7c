import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type CustomerDashboard } from '@freightlane/domain';
import { IconCash, IconCircleCheck, IconClockHour4, IconPlus, IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLabels } from '../../../i18n/labels/labels';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCompanyValidation, VerificationChecklistCard } from '../../company';
import { useCustomerDashboard } from '../api/customer-dashboard-api';
import { FigureCard } from '../components/figure-card';
import { FigureGrid } from '../../../components/figure-text';
import { useGreetingLine } from '../components/greeting';
import { useDashboardText } from '../text';

function Figures({ dashboard }: { dashboard: CustomerDashboard }) {
  const t = useDashboardText();
  const invoices = dashboard.pendingInvoiceCount;
  return (
    <FigureGrid
      component="div"
      gap="md"
      values={[
        String(dashboard.ongoingTrips),
        String(dashboard.uncompletedTrips),
        String(dashboard.completedTrips),
        formatMoney(dashboard.pendingPaymentsKobo),
      ]}
    >
      <FigureCard
        icon={IconRoute}
        label={t('customer.ongoing')}
        value={String(dashboard.ongoingTrips)}
        detail={t('customer.ongoingHint')}
        to={`${PATHS.trips}?tab=ongoing`}
      />
      <FigureCard
        icon={IconClockHour4}
        label={t('customer.uncompleted')}
        value={String(dashboard.uncompletedTrips)}
        detail={t('customer.uncompletedHint')}
        to={`${PATHS.trips}?tab=uncompleted`}
      />
      <FigureCard
        icon={IconCircleCheck}
        label={t('customer.completed')}
        value={String(dashboard.completedTrips)}
        detail={t('customer.completedHint')}
        to={`${PATHS.trips}?tab=completed`}
      />
      <FigureCard
        icon={IconCash}
        label={t('customer.pendingPayments')}
        value={formatMoney(dashboard.pendingPaymentsKobo)}
        detail={t('customer.invoicesToPay', { count: invoices })}
        to={PATHS.payments}
      />
    </FigureGrid>
  );
}

function OrdersAwaitingAward({ orders }: { orders: CustomerDashboard['ordersAwaitingAward'] }) {
  const t = useDashboardText();
  const label = useLabels();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="awaiting-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="awaiting-title">
          {t('awaiting.title')}
        </Title>
        <Anchor component={Link} to={`${PATHS.orders}?status=open`} size="sm">
          {t('awaiting.allOpen')}
        </Anchor>
      </Group>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('awaiting.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {orders.map((order) => (
            <Group key={order.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={PATHS.order(order.id)} fw={600} size="sm">
                  {order.orderNumber}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {label('cargoType', order.cargoType)} · {order.clientName} ·{' '}
                  {order.biddingOpen
                    ? t('awaiting.closes', { closesAt: formatDateTime(order.biddingClosesAt) })
                    : t('awaiting.closed')}
                </Text>
              </Stack>
              <Badge variant="light" color={order.bidCount > 0 ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                {t('awaiting.bids', { count: order.bidCount })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DashboardSkeleton() {
  const t = useDashboardText();
  return (
    <Stack gap="lg" aria-label={t('customer.loading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={118} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={180} radius="md" />
    </Stack>
  );
}

/** /home: the customer's dashboard. */
export function CustomerHomePage() {
  const t = useDashboardText();
  usePageTitle(t('home.title'));
  const state = useSession();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  const greeting = useGreetingLine(firstName);
  const dashboard = useCustomerDashboard();
  const validation = useCompanyValidation();
  const showChecklist =
    validation.isError ||
    (validation.data !== undefined && validation.data.verificationStatus !== 'VERIFIED');

  return (
    <Stack gap="lg">
      <PageHeader
        title={greeting}
        description={t('customer.description')}
        action={
          <Button component={Link} to={PATHS.newOrder} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('customer.orderHaulage')}
          </Button>
        }
      />
      {showChecklist ? <VerificationChecklistCard /> : null}
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <QueryError
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          title={t('customer.loadFailed')}
        />
      ) : (
        <Stack gap="lg">
          <Figures dashboard={dashboard.data} />
          <OrdersAwaitingAward orders={dashboard.data.ordersAwaitingAward} />
        </Stack>
      )}
    </Stack>
  );
}
