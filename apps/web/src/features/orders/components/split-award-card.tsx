import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  unitLabel,
  type AwardOrderRequest,
  type OrderDetail,
  type OrderItem,
  type ReceivedBid,
} from '@freightlane/domain';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { Money } from '../../../components/marketplace-badges';
import { itemName } from '../item-name';
import { splitAward } from '../split-award';
import { unitCount } from '../unit-count';

/** Awarding the order's items across several active bids: a bid chosen for each item, then one award. */
export function SplitAwardCard({
  order,
  activeBids,
  onAward,
  onClose,
}: {
  order: OrderDetail;
  activeBids: ReceivedBid[];
  /** The award to send and the question that confirms it. */
  onAward: (request: AwardOrderRequest, question: string) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<Record<string, string>>({});
  const unit = unitLabel(order.cargoType);
  const bidOptions = activeBids.map((bid) => ({
    value: bid.id,
    label: `${bid.transporterName} · ${formatMoney(bid.amountKobo)}`,
  }));
  const { shares, assigned, totalKobo, complete, transporterCount, request } = splitAward(
    order.items,
    activeBids,
    choice,
  );

  function chooseBid(itemId: string, bidId: string | null) {
    setChoice((current) => {
      const next = { ...current };
      if (bidId) next[itemId] = bidId;
      else delete next[itemId];
      return next;
    });
  }

  const columns: DataColumn<OrderItem>[] = [
    {
      key: 'item',
      header: unit === 'container' ? 'Container' : 'Truck load',
      keep: unit === 'container',
      cell: (item) => (
        <Text size="sm" fw={500} component="span">
          {itemName(item)}
        </Text>
      ),
    },
    {
      key: 'bid',
      header: 'Bid',
      // On a phone the chooser takes the card's whole width under the item it is for.
      card: 'line',
      cell: (item) => (
        <Select
          aria-label={`Bid for ${itemName(item)}`}
          placeholder="Choose a bid"
          data={bidOptions}
          value={choice[item.id] ?? null}
          onChange={(value) => chooseBid(item.id, value)}
          miw={200}
        />
      ),
    },
  ];

  function award() {
    onAward(
      request,
      `Award ${unitCount(order.items.length, order.cargoType)} across ${transporterCount} ${
        transporterCount === 1 ? 'transporter' : 'transporters'
      } for ${formatMoney(totalKobo)} in total?`,
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="split-title">
      <Title order={3} fz="md" id="split-title" mb={4}>
        Split across bids
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Choose a bid for each {unit}. Each transporter is paid their own price per {unit}.
      </Text>
      <DataTable
        label={`Bid for each ${unit}`}
        columns={columns}
        rows={order.items}
        rowKey={(item) => item.id}
      />

      <Stack gap={4} mt="md" aria-live="polite">
        <Text fw={600} size="sm">
          Summary
        </Text>
        {shares.length === 0 ? (
          <Text size="sm" c="dimmed">
            No {unitLabel(order.cargoType, true)} given to a bid yet.
          </Text>
        ) : (
          shares.map((share) => (
            <Group key={share.bid.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {share.bid.transporterName}: {unitCount(share.itemIds.length, order.cargoType)} ×{' '}
                {formatMoney(share.bid.amountKobo)}
                {share.beyondOffer ? (
                  <Text span c="orange.9" size="sm">
                    {' '}
                    (offered {share.bid.trucksAvailable}{' '}
                    {share.bid.trucksAvailable === 1 ? 'truck' : 'trucks'})
                  </Text>
                ) : null}
              </Text>
              <Money kobo={share.totalKobo} size="sm" fw={600} />
            </Group>
          ))
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700}>
            Total ({assigned} of {unitCount(order.items.length, order.cargoType)})
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
