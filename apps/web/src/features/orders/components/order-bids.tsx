import { Alert, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type AwardOrderRequest, type OrderDetail, type ReceivedBid } from '@freightlane/domain';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { NoticeDialog } from '../../../components/notice-dialog';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAwardOrder } from '../api/orders-api';
import { BID_SORTS, bidMarks, sortBids, type BidSort } from '../bid-ranking';
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';
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
  const t = useOrdersText();
  const award = useAwardOrder(order.id);
  const showActionError = useActionError();
  const [pending, setPending] = useState<PendingAward | null>(null);
  const [splitting, setSplitting] = useState(false);
  const [sort, setSort] = useState<BidSort>('price');
  const bids = useMemo(() => sortBids(order.bids, sort), [order.bids, sort]);
  const marks = useMemo(() => bidMarks(order.bids), [order.bids]);
  const activeBids = bids.filter((bid) => bid.status === 'ACTIVE');
  const canAward = order.status === 'OPEN' && activeBids.length > 0;

  function awardWhole(bid: ReceivedBid) {
    const n = order.items.length;
    const amount = formatMoney(bid.amountKobo);
    const units = unitWords(t, order.cargoType);
    const transporter = bid.transporterName;
    setPending({
      request: { allocations: [{ bidId: bid.id, itemIds: order.items.map((item) => item.id) }] },
      question:
        n === 1
          ? t('bids.awardOne', { unit: units.one, transporter, amount })
          : t('bids.awardAll', { units: units.count(n), transporter, amount }),
    });
  }

  async function confirm() {
    if (!pending) return;
    try {
      const awarded = await award.mutateAsync(pending.request);
      const trips = awarded.trips?.length ?? order.items.length;
      notifySuccess(
        t('bids.awarded', { count: trips }),
        t('bids.awardedTitle', { orderNumber: order.orderNumber }),
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
          {t('bids.title', { count: order.bids.length })}
        </Title>
        {canAward && activeBids.length > 1 && order.items.length > 1 && !splitting ? (
          <Button
            variant="light"
            leftSection={<IconArrowsSplit size={18} aria-hidden />}
            onClick={() => setSplitting(true)}
          >
            {t('bids.split')}
          </Button>
        ) : null}
      </Group>

      {order.bids.length === 0 ? (
        <Alert color="gray" variant="light">
          {order.status === 'OPEN'
            ? order.biddingOpen
              ? t('bids.noBidsYet', { when: formatDateTime(order.biddingClosesAt) })
              : t('bids.closedWithoutBid')
            : t('bids.noneReceived')}
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

      {bids.length > 1 ? (
        <Group gap="xs" wrap="wrap" role="radiogroup" aria-labelledby="bids-sort-label">
          <Text size="sm" c="dimmed" id="bids-sort-label">
            {t('bids.sortBy')}
          </Text>
          <Chip.Group multiple={false} value={sort} onChange={(value) => setSort(value as BidSort)}>
            {BID_SORTS.map((key) => (
              <Chip key={key} value={key} size="sm" variant="outline">
                {t(`bids.sort.${key}`)}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      ) : null}

      {bids.length > 0 ? (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {bids.map((bid) => (
            <BidCard
              key={bid.id}
              bid={bid}
              order={order}
              cheapest={marks.cheapest === bid.id}
              mostReliable={marks.mostReliable === bid.id}
              onAwardWhole={canAward && bid.status === 'ACTIVE' && !splitting ? awardWhole : null}
            />
          ))}
        </Stack>
      ) : null}

      <NoticeDialog
        opened={pending !== null}
        title={t('bids.confirmTitle')}
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
