import { Card, Checkbox, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { OrderDetail } from '@freightlane/domain';
import { useActionError } from '../../../components/action-error';
import { formatCalendarDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSetReturnLoadsWelcome, useTrucksNearPickup } from '../api/orders-api';
import { useOrdersText } from '../text';

/**
 * For an open order: how many trucks on other trips are expected free near its pickup before its pickup
 * date (a number, never whose: the customer learns nothing of another company's fleet), and the box that
 * lets those trucks see the order as a return load.
 */
export function OrderReturnLoadsCard({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  const trucks = useTrucksNearPickup(order.id, order.status === 'OPEN');
  const setWelcome = useSetReturnLoadsWelcome(order.id);
  const showActionError = useActionError();

  async function toggle(welcome: boolean) {
    try {
      await setWelcome.mutateAsync(welcome);
      notifySuccess(
        t(welcome ? 'returnLoads.marked' : 'returnLoads.unmarked', { orderNumber: order.orderNumber }),
      );
    } catch (error) {
      showActionError(error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="return-loads-title">
      <Title order={2} fz="lg" mb="sm" id="return-loads-title">
        {t('returnLoads.title')}
      </Title>
      <Stack gap="md">
        <Stack gap={2}>
          {trucks.data ? (
            <Text fw={500}>
              {t('returnLoads.trucksNear', {
                count: trucks.data.count,
                date: formatCalendarDate(order.pickupDate),
              })}
            </Text>
          ) : trucks.isPending ? (
            <Skeleton h={22} w={340} maw="100%" role="status" aria-label={t('returnLoads.loadingCount')} />
          ) : null}
          <Text size="sm" c="dimmed">
            {t('returnLoads.countHint')}
          </Text>
        </Stack>
        {/* The same box as in the order wizard, where the customer first chose it. */}
        <Checkbox
          label={t('field.returnLoadsWelcome')}
          description={t('returnLoads.hint')}
          checked={order.returnLoadsWelcome}
          disabled={setWelcome.isPending}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}
