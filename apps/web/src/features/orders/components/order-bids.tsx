import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatMoney,
  unitLabel,
  type AwardOrderRequest,
  type OrderDetail,
  type OrderItem,
  type ReceivedBid,
} from '@freightlane/domain';
import { IconArrowsSplit, IconStarFilled, IconTrophy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { BidStatusBadge, Money } from '../../../components/marketplace-badges';
import { NoticeDialog } from '../../../components/notice-dialog';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAwardOrder } from '../api/orders-api';

/** How an item is named in lists: its container number, or its truck load's position and cargo. */
export function itemName(item: OrderItem): string {
  if (item.containerNumber) return item.containerNumber;
  return `Truck load ${item.position}${item.description ? `: ${item.description}` : ''}`;
}

function count(n: number, order: OrderDetail): string {
  return `${n} ${unitLabel(order.cargoType, n !== 1)}`;
}

interface PendingAward {
  request: AwardOrderRequest;
  question: string;
}

function BidRating({ rating }: { rating: number | null }) {
  if (rating === null)
    return (
      <Text size="xs" c="dimmed">
        No rating yet
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <IconStarFilled size={14} color="var(--mantine-color-orange-6)" aria-hidden />
      <Text size="xs">{rating.toFixed(1)} out of 5</Text>
    </Group>
  );
}

function BidCard({
  bid,
  order,
  onAwardWhole,
}: {
  bid: ReceivedBid;
  order: OrderDetail;
  onAwardWhole: ((bid: ReceivedBid) => void) | null;
}) {
  const unit = unitLabel(order.cargoType);
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{bid.transporterName}</Text>
            {bid.preferredPartner ? (
              <Badge size="sm" variant="light" color="green">
                Preferred
              </Badge>
            ) : null}
            <BidStatusBadge status={bid.status} />
          </Group>
          <BidRating rating={bid.transporterRating} />
        </Stack>
        <Stack gap={0} align="flex-end">
          <Money kobo={bid.amountKobo} fw={700} size="lg" />
          <Text size="xs" c="dimmed">
            per {unit}
          </Text>
        </Stack>
      </Group>
      <Group gap="lg" mt="sm">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Trucks offered:{' '}
          </Text>
          {bid.trucksAvailable}
        </Text>
        <Text size="sm" c="dimmed">
          {bid.updatedAt !== bid.createdAt ? 'Revised' : 'Placed'} {formatDateTime(bid.updatedAt)}
        </Text>
      </Group>
      {bid.note ? (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span c="dimmed" size="sm">
            Note:{' '}
          </Text>
          {bid.note}
        </Text>
      ) : null}
      {onAwardWhole ? (
        <Group mt="sm">
          <Button
            size="xs"
            leftSection={<IconTrophy size={16} aria-hidden />}
            onClick={() => onAwardWhole(bid)}
            aria-label={`Award whole order to ${bid.transporterName}`}
          >
            Award whole order
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

function SplitAward({
  order,
  activeBids,
  onAward,
  onClose,
}: {
  order: OrderDetail;
  activeBids: ReceivedBid[];
  onAward: (pending: PendingAward) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<Record<string, string>>({});
  const unit = unitLabel(order.cargoType);
  const bidOptions = activeBids.map((bid) => ({
    value: bid.id,
    label: `${bid.transporterName} · ${formatMoney(bid.amountKobo)}`,
  }));
  const bidsById = useMemo(() => new Map(activeBids.map((bid) => [bid.id, bid])), [activeBids]);

  const perBid = activeBids
    .map((bid) => {
      const itemIds = order.items.filter((item) => choice[item.id] === bid.id).map((item) => item.id);
      return { bid, itemIds, totalKobo: bid.amountKobo * itemIds.length };
    })
    .filter((row) => row.itemIds.length > 0);
  const assigned = perBid.reduce((sum, row) => sum + row.itemIds.length, 0);
  const totalKobo = perBid.reduce((sum, row) => sum + row.totalKobo, 0);
  const complete = assigned === order.items.length;

  function award() {
    const transporters = new Set(perBid.map((row) => row.bid.transporterName)).size;
    onAward({
      request: { allocations: perBid.map((row) => ({ bidId: row.bid.id, itemIds: row.itemIds })) },
      question: `Award ${count(order.items.length, order)} across ${transporters} ${
        transporters === 1 ? 'transporter' : 'transporters'
      } for ${formatMoney(totalKobo)} in total?`,
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="split-title">
      <Title order={3} fz="md" id="split-title" mb={4}>
        Split across bids
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Choose a bid for each {unit}. Each transporter is paid their own price per {unit}.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{unit === 'container' ? 'Container' : 'Truck load'}</Table.Th>
              <Table.Th scope="col">Bid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {itemName(item)}
                  </Text>
                </Table.Td>
                <Table.Td miw={240}>
                  <Select
                    aria-label={`Bid for ${itemName(item)}`}
                    placeholder="Choose a bid"
                    data={bidOptions}
                    value={choice[item.id] ?? null}
                    onChange={(value) =>
                      setChoice((current) => {
                        const next = { ...current };
                        if (value) next[item.id] = value;
                        else delete next[item.id];
                        return next;
                      })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap={4} mt="md" aria-live="polite">
        <Text fw={600} size="sm">
          Summary
        </Text>
        {perBid.length === 0 ? (
          <Text size="sm" c="dimmed">
            No {unitLabel(order.cargoType, true)} given to a bid yet.
          </Text>
        ) : (
          perBid.map((row) => (
            <Group key={row.bid.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {row.bid.transporterName}: {count(row.itemIds.length, order)} ×{' '}
                {formatMoney(row.bid.amountKobo)}
                {row.itemIds.length > (bidsById.get(row.bid.id)?.trucksAvailable ?? Infinity) ? (
                  <Text span c="orange.9" size="sm">
                    {' '}
                    (offered {row.bid.trucksAvailable} {row.bid.trucksAvailable === 1 ? 'truck' : 'trucks'})
                  </Text>
                ) : null}
              </Text>
              <Money kobo={row.totalKobo} size="sm" fw={600} />
            </Group>
          ))
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700}>
            Total ({assigned} of {count(order.items.length, order)})
          </Text>
          <Money kobo={totalKobo} size="sm" fw={700} />
        </Group>
      </Stack>

      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel split
        </Button>
        <Button onClick={award} disabled={!complete}>
          Award
        </Button>
      </Group>
      {!complete ? (
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          Choose a bid for every {unit} to award.
        </Text>
      ) : null}
    </Card>
  );
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
          : `Award all ${count(n, order)} to ${bid.transporterName} for ${money} each?`,
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
        <SplitAward
          order={order}
          activeBids={activeBids}
          onAward={setPending}
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
