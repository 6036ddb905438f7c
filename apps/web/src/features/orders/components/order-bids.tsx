import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import {
  formatMoney,
  unitLabel,
  type AwardOrderRequest,
  type OrderDetail,
  type ReceivedBid,
} from '@freightlane/domain';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { NoticeDialog } from '../../../components/notice-dialog';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAwardOrder } from '../api/orders-api';
import { unitCount } from '../unit-count';
import { BidCard } from './bid-card';
import { SplitAwardCard } from './split-award-card';

interface PendingAward {
  request: AwardOrderRequest;
  question: string;
}

/**
 * The bids received on the order, and awarding them: the whole order to one bid, or the items
 * split across several. Every award asks first, then shows the trips it created.
 */
export function OrderBids({ order }: { order: OrderDetail }) {
  const award = useAwardOrder(order.id);
  const showActionError = useActionError();
  const [pending, setPending] = useState<PendingAward | null>(null);
  const [splitting, setSplitting] = useState(false);
  const bids = useMemo(
    () =>
      [...order.bids].sort(
        (a, b) =>
          Number(b.status === 'ACTIVE' || b.status === 'WON') -
            Number(a.status === 'ACTIVE' || a.status === 'WON') || a.amountKobo - b.amountKobo,
      ),
    [order.bids],
  );
  const activeBids = bids.filter((bid) => bid.status === 'ACTIVE');
  const canAward = order.status === 'OPEN' && activeBids.length > 0;

  function awardWhole(bid: ReceivedBid) {
    const n = order.items.length;
    const money = formatMoney(bid.amountKobo);
    setPending({
      request: { allocations: [{ bidId: bid.id, itemIds: order.items.map((item) => item.id) }] },
      question:
        n === 1
          ? `Award the ${unitLabel(order.cargoType)} to ${bid.transporterName} for ${money}?`
          : `Award all ${unitCount(n, order.cargoType)} to ${bid.transporterName} for ${money} each?`,
    });
  }

  async function confirm() {
    if (!pending) return;
    try {
      const awarded = await award.mutateAsync(pending.request);
      const trips = awarded.trips?.length ?? order.items.length;
      notifySuccess(
        `${trips === 1 ? '1 trip was' : `${trips} trips were`} created.`,
        `Order ${order.orderNumber} awarded`,
      );
      setSplitting(false);
    } catch (error) {
      showActionError(error);
    } finally {
      setPending(null);
    }
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="bids-title">
      <Group justify="space-between" align="center">
        <Title order={2} fz="lg" id="bids-title">
          Bids received ({order.bids.length})
        </Title>
        {canAward && activeBids.length > 1 && order.items.length > 1 && !splitting ? (
          <Button
            variant="light"
            leftSection={<IconArrowsSplit size={18} aria-hidden />}
            onClick={() => setSplitting(true)}
          >
            Split across bids
          </Button>
        ) : null}
      </Group>

      {order.bids.length === 0 ? (
        <Alert color="gray" variant="light">
          {order.status === 'OPEN'
            ? order.biddingOpen
              ? `No bids yet. Transporters can bid until ${formatDateTime(order.biddingClosesAt)}.`
              : 'Bidding has closed without any bid. Cancel this order and place it again with a later closing time.'
            : 'No bids were received.'}
        </Alert>
      ) : null}

      {splitting && canAward ? (
        <SplitAwardCard
          order={order}
          activeBids={activeBids}
          onAward={(request, question) => setPending({ request, question })}
          onClose={() => setSplitting(false)}
        />
      ) : null}

      {bids.length > 0 ? (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {bids.map((bid) => (
            <BidCard
              key={bid.id}
              bid={bid}
              order={order}
              onAwardWhole={canAward && bid.status === 'ACTIVE' && !splitting ? awardWhole : null}
            />
          ))}
        </Stack>
      ) : null}

      <NoticeDialog
        opened={pending !== null}
        title="Award the order?"
        buttons="yes-no"
        confirming={award.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {pending?.question}
      </NoticeDialog>
    </Stack>
  );
}
