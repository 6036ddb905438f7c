import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { koboToNairaInput, unitLabel, type MarketOrderDetail, type MyBid } from '@freightlane/domain';
import { IconInfoCircle, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useActionError } from '../../../components/action-error';
import { BidStatusBadge, Money } from '../../../components/marketplace-badges';
import { NoticeDialog } from '../../../components/notice-dialog';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePlaceBid, useReviseBid, useWithdrawBid } from '../api/bids-api';
import { BidForm } from './bid-form';
import { unitCount } from './order-facts';

export const WITHDRAW_QUESTION = 'Withdraw your bid? You can bid again until bidding closes.';

function BidSummary({ order, bid }: { order: MarketOrderDetail; bid: MyBid }) {
  const unit = unitLabel(order.cargoType);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Status
        </Text>
        <BidStatusBadge status={bid.status} />
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Price per {unit}
        </Text>
        <Money kobo={bid.amountKobo} fw={700} />
      </Group>
      {order.itemCount > 1 ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            For all {unitCount(order.cargoType, order.itemCount)}
          </Text>
          <Money kobo={bid.amountKobo * order.itemCount} size="sm" />
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Trucks you can commit
        </Text>
        <Text size="sm" fw={500}>
          {bid.trucksAvailable}
        </Text>
      </Group>
      {bid.note ? (
        <div>
          <Text size="sm" c="dimmed">
            Note
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {bid.note}
          </Text>
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {bid.updatedAt !== bid.createdAt
          ? `Revised ${formatDateTime(bid.updatedAt)}`
          : `Placed ${formatDateTime(bid.createdAt)}`}
      </Text>
    </Stack>
  );
}

/** Why this order takes no bid now, in one line. */
function ClosedLine({ order }: { order: MarketOrderDetail }) {
  const bid = order.myBid;
  if (bid?.status === 'WON') {
    return (
      <Alert color="green" icon={<IconTrophy aria-hidden />}>
        You won this order — see{' '}
        <Anchor component={Link} to={PATHS.wonBids} fw={600}>
          Bids won
        </Anchor>
        {bid.awardedItemCount > 0 && bid.awardedItemCount < order.itemCount
          ? `. ${unitCount(order.cargoType, bid.awardedItemCount)} of ${order.itemCount} went to you.`
          : ''}
      </Alert>
    );
  }
  if (bid?.status === 'LOST') {
    return (
      <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
        The customer chose another transporter for this order.
      </Alert>
    );
  }
  if (order.status === 'CANCELLED') {
    return (
      <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
        The customer cancelled this order.
      </Alert>
    );
  }
  return (
    <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
      Bidding closed on {formatDateTime(order.biddingClosesAt)}.
      {bid?.status === 'ACTIVE' && order.status === 'OPEN' ? ' The customer is choosing among the bids.' : ''}
    </Alert>
  );
}

/**
 * This company's bid on the order: the form to place one, the bid with Revise and Withdraw while
 * bidding is open, or the outcome once it has closed.
 */
export function BidPanel({ order }: { order: MarketOrderDetail }) {
  const bid = order.myBid;
  const showActionError = useActionError();
  const place = usePlaceBid(order.id);
  const revise = useReviseBid(order.id);
  const withdraw = useWithdrawBid(order.id);
  const [revising, setRevising] = useState(false);
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const activeBid = bid?.status === 'ACTIVE' ? bid : null;
  const open = order.biddingOpen && bid?.status !== 'WON' && bid?.status !== 'LOST';

  function confirmWithdraw() {
    if (!activeBid) return;
    withdraw.mutate(activeBid.id, {
      onSuccess: () => {
        setConfirmingWithdraw(false);
        notifySuccess('Your bid is withdrawn.');
      },
      onError: (error) => {
        setConfirmingWithdraw(false);
        showActionError(error);
      },
    });
  }

  let body;
  if (!open) {
    body = (
      <Stack gap="md">
        <ClosedLine order={order} />
        {bid && bid.status !== 'WITHDRAWN' ? <BidSummary order={order} bid={bid} /> : null}
        {bid?.status === 'WITHDRAWN' ? <Text size="sm">You withdrew your bid on this order.</Text> : null}
        {!bid ? <Text size="sm">You did not bid on this order.</Text> : null}
      </Stack>
    );
  } else if (activeBid && revising) {
    body = (
      <BidForm
        cargoType={order.cargoType}
        itemCount={order.itemCount}
        defaultValues={{
          amount: koboToNairaInput(activeBid.amountKobo),
          trucksAvailable: activeBid.trucksAvailable,
          note: activeBid.note,
        }}
        submitLabel="Save revised bid"
        onCancel={() => setRevising(false)}
        onSubmit={async (values) => {
          await revise.mutateAsync({ bidId: activeBid.id, body: values });
          setRevising(false);
          notifySuccess('Your bid is revised.');
        }}
      />
    );
  } else if (activeBid) {
    body = (
      <Stack gap="md">
        <BidSummary order={order} bid={activeBid} />
        <Text size="sm">You can revise or withdraw your bid until bidding closes.</Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" color="red" onClick={() => setConfirmingWithdraw(true)}>
            Withdraw bid
          </Button>
          <Button onClick={() => setRevising(true)}>Revise bid</Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        {bid?.status === 'WITHDRAWN' ? (
          <Text size="sm">You withdrew your bid. You can bid again until bidding closes.</Text>
        ) : null}
        <BidForm
          cargoType={order.cargoType}
          itemCount={order.itemCount}
          defaultValues={{ amount: '', trucksAvailable: Math.min(order.itemCount, 500), note: '' }}
          submitLabel="Place bid"
          onSubmit={async (values) => {
            await place.mutateAsync({ orderId: order.id, ...values });
            notifySuccess('Your bid is placed.');
          }}
        />
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="bid-panel-title">
      <Title order={2} fz="lg" mb="md" id="bid-panel-title">
        Your bid
      </Title>
      {body}
      <NoticeDialog
        opened={confirmingWithdraw}
        title="Withdraw bid"
        buttons="yes-no"
        destructive
        confirming={withdraw.isPending}
        onClose={() => setConfirmingWithdraw(false)}
        onConfirm={confirmWithdraw}
      >
        {WITHDRAW_QUESTION}
      </NoticeDialog>
    </Card>
  );
}
