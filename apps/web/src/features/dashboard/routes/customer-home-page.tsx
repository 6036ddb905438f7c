import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CARGO_TYPE_LABELS, formatMoney, type CustomerDashboard } from '@freightlane/domain';
import { IconCash, IconCircleCheck, IconClockHour4, IconPlus, IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
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
import { greetingLine } from '../components/greeting';

function Figures({ dashboard }: { dashboard: CustomerDashboard }) {
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
        label="Ongoing trips"
        value={String(dashboard.ongoingTrips)}
        detail="Started, not yet finished"
        to={`${PATHS.trips}?tab=ongoing`}
      />
      <FigureCard
        icon={IconClockHour4}
        label="Trips not completed"
        value={String(dashboard.uncompletedTrips)}
        detail="Awarded, not yet finished"
        to={`${PATHS.trips}?tab=uncompleted`}
      />
      <FigureCard
        icon={IconCircleCheck}
        label="Completed trips"
        value={String(dashboard.completedTrips)}
        detail="Finished, all time"
        to={`${PATHS.trips}?tab=completed`}
      />
      <FigureCard
        icon={IconCash}
        label="Pending payments"
        value={formatMoney(dashboard.pendingPaymentsKobo)}
        detail={invoices === 1 ? '1 invoice to pay' : `${invoices} invoices to pay`}
        to={PATHS.payments}
      />
    </FigureGrid>
  );
}

function OrdersAwaitingAward({ orders }: { orders: CustomerDashboard['ordersAwaitingAward'] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="awaiting-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="awaiting-title">
          Orders awaiting award
        </Title>
        <Anchor component={Link} to={`${PATHS.orders}?status=open`} size="sm">
          All open orders
        </Anchor>
      </Group>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No order is waiting for you to award it. Bids on your open orders show up here.
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
                  {CARGO_TYPE_LABELS[order.cargoType]} · {order.clientName} ·{' '}
                  {order.biddingOpen
                    ? `bidding closes ${formatDateTime(order.biddingClosesAt)}`
                    : 'bidding closed'}
                </Text>
              </Stack>
              <Badge variant="light" color={order.bidCount > 0 ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                {order.bidCount === 1 ? '1 bid' : `${order.bidCount} bids`}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-label="Loading your dashboard">
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
  usePageTitle('Home');
  const state = useSession();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  const dashboard = useCustomerDashboard();
  const validation = useCompanyValidation();
  const showChecklist =
    validation.isError ||
    (validation.data !== undefined && validation.data.verificationStatus !== 'VERIFIED');

  return (
    <Stack gap="lg">
      <PageHeader
        title={greetingLine(firstName)}
        description="Order haulage, follow your trucks and keep your payments in one place."
        action={
          <Button component={Link} to={PATHS.newOrder} leftSection={<IconPlus size={18} aria-hidden />}>
            Order haulage
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
          title="Could not load your dashboard"
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
