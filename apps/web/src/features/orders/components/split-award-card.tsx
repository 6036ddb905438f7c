import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  isContainerCargo,
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
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';

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
  const t = useOrdersText();
  const [choice, setChoice] = useState<Record<string, string>>({});
  const units = unitWords(t, order.cargoType);
  const unit = units.one;
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
      header: isContainerCargo(order.cargoType) ? t('item.container') : t('item.truckLoad'),
      keep: isContainerCargo(order.cargoType),
      cell: (item) => (
        <Text size="sm" fw={500} component="span">
          {itemName(t, item)}
        </Text>
      ),
    },
    {
      key: 'bid',
      header: t('split.columnBid'),
      // On a phone the chooser takes the card's whole width under the item it is for.
      card: 'line',
      cell: (item) => (
        <Select
          aria-label={t('split.bidFor', { item: itemName(t, item) })}
          placeholder={t('split.chooseBid')}
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
      t('split.question', {
        units: units.count(order.items.length),
        count: transporterCount,
        total: formatMoney(totalKobo),
      }),
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="split-title">
      <Title order={3} fz="md" id="split-title" mb={4}>
        {t('bids.split')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('split.hint', { unit })}
      </Text>
      <DataTable
        label={t('split.tableLabel', { unit })}
        columns={columns}
        rows={order.items}
        rowKey={(item) => item.id}
      />

      <Stack gap={4} mt="md" aria-live="polite">
        <Text fw={600} size="sm">
          {t('split.summary')}
        </Text>
        {shares.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('split.noneYet', { units: units.many })}
          </Text>
        ) : (
          shares.map((share) => (
            <Group key={share.bid.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {t('split.share', {
                  transporter: share.bid.transporterName,
                  units: units.count(share.itemIds.length),
                  amount: formatMoney(share.bid.amountKobo),
                })}
                {share.beyondOffer ? (
                  <Text span c="orange.9" size="sm">
                    {' '}
                    {t('split.offered', { count: share.bid.trucksAvailable })}
                  </Text>
                ) : null}
              </Text>
              <Money kobo={share.totalKobo} size="sm" fw={600} />
            </Group>
          ))
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700}>
            {t('split.total', { assigned, units: units.count(order.items.length) })}
          </Text>
          <Money kobo={totalKobo} size="sm" fw={700} />
        </Group>
      </Stack>

      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('split.cancel')}
        </Button>
        <Button onClick={award} disabled={!complete}>
          {t('split.award')}
        </Button>
      </Group>
      {!complete ? (
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          {t('split.chooseEvery', { unit })}
        </Text>
      ) : null}
    </Card>
  );
}
