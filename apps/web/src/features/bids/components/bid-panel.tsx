import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { koboToNairaInput, type MarketOrderDetail, type MyBid } from '@freightlane/domain';
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
import { useBidsText } from '../text';
import { BidForm } from './bid-form';
import { unitCount, unitName } from './order-facts';

function BidSummary({ order, bid }: { order: MarketOrderDetail; bid: MyBid }) {
  const t = useBidsText();
  const unit = unitName(t, order.cargoType);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('panel.status')}
        </Text>
        <BidStatusBadge status={bid.status} />
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('bidForm.pricePer', { unit })}
        </Text>
        <Money kobo={bid.amountKobo} fw={700} />
      </Group>
      {order.itemCount > 1 ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('panel.forAll', { units: unitCount(t, order.cargoType, order.itemCount) })}
          </Text>
          <Money kobo={bid.amountKobo * order.itemCount} size="sm" />
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('bidForm.trucks')}
        </Text>
        <Text size="sm" fw={500}>
          {bid.trucksAvailable}
        </Text>
      </Group>
      {bid.note ? (
        <div>
          <Text size="sm" c="dimmed">
            {t('bidForm.note')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {bid.note}
          </Text>
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {bid.updatedAt !== bid.createdAt
          ? t('panel.revised', { when: formatDateTime(bid.updatedAt) })
          : t('panel.placed', { when: formatDateTime(bid.createdAt) })}
      </Text>
    </Stack>
  );
}

/** Why this order takes no bid now, in one line. */
function ClosedLine({ order }: { order: MarketOrderDetail }) {
  const t = useBidsText();
  const bid = order.myBid;
  if (bid?.status === 'WON') {
    return (
      <Alert color="green" icon={<IconTrophy aria-hidden />}>
        {t('panel.won')}{' '}
        <Anchor component={Link} to={PATHS.wonBids} fw={600}>
          {t('panel.bidsWon')}
        </Anchor>
        {bid.awardedItemCount > 0 && bid.awardedItemCount < order.itemCount
          ? t('panel.wonShare', {
              units: unitCount(t, order.cargoType, bid.awardedItemCount),
              total: order.itemCount,
            })
          : ''}
      </Alert>
    );
  }
  if (bid?.status === 'LOST') {
    return (
      <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
        {t('panel.lost')}
      </Alert>
    );
  }
  if (order.status === 'CANCELLED') {
    return (
      <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
        {t('panel.cancelled')}
      </Alert>
    );
  }
  return (
    <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
      {t('panel.closedOn', { when: formatDateTime(order.biddingClosesAt) })}
      {bid?.status === 'ACTIVE' && order.status === 'OPEN' ? ` ${t('panel.choosing')}` : ''}
    </Alert>
  );
}

/**
 * This company's bid on the order: the form to place one, the bid with Revise and Withdraw while
 * bidding is open, or the outcome once it has closed.
 */
export function BidPanel({ order }: { order: MarketOrderDetail }) {
  const t = useBidsText();
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
        notifySuccess(t('panel.withdrawnDone'));
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
        {bid?.status === 'WITHDRAWN' ? <Text size="sm">{t('panel.withdrewClosed')}</Text> : null}
        {!bid ? <Text size="sm">{t('panel.didNotBid')}</Text> : null}
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
        submitLabel={t('panel.saveRevised')}
        onCancel={() => setRevising(false)}
        onSubmit={async (values) => {
          await revise.mutateAsync({ bidId: activeBid.id, body: values });
          setRevising(false);
          notifySuccess(t('panel.revisedDone'));
        }}
      />
    );
  } else if (activeBid) {
    body = (
      <Stack gap="md">
        <BidSummary order={order} bid={activeBid} />
        <Text size="sm">{t('panel.canRevise')}</Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" color="red" onClick={() => setConfirmingWithdraw(true)}>
            {t('panel.withdraw')}
          </Button>
          <Button onClick={() => setRevising(true)}>{t('panel.revise')}</Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        {bid?.status === 'WITHDRAWN' ? <Text size="sm">{t('panel.withdrewOpen')}</Text> : null}
        <BidForm
          cargoType={order.cargoType}
          itemCount={order.itemCount}
          defaultValues={{ amount: '', trucksAvailable: Math.min(order.itemCount, 500), note: '' }}
          submitLabel={t('panel.place')}
          onSubmit={async (values) => {
            await place.mutateAsync({ orderId: order.id, ...values });
            notifySuccess(t('panel.placedDone'));
          }}
        />
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="bid-panel-title">
      <Title order={2} fz="lg" mb="md" id="bid-panel-title">
        {t('panel.title')}
      </Title>
      {body}
      <NoticeDialog
        opened={confirmingWithdraw}
        title={t('panel.withdraw')}
        buttons="yes-no"
        destructive
        confirming={withdraw.isPending}
        onClose={() => setConfirmingWithdraw(false)}
        onConfirm={confirmWithdraw}
      >
        {t('panel.withdrawQuestion')}
      </NoticeDialog>
    </Card>
  );
}
