import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { OrderDetail, ReceivedBid } from '@freightlane/domain';
import { IconStarFilled, IconTrophy } from '@tabler/icons-react';
import { BidStatusBadge, Money } from '../../../components/marketplace-badges';
import { formatDateTime } from '../../../lib/format';
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';

function BidRating({ rating }: { rating: number | null }) {
  const t = useOrdersText();
  if (rating === null)
    return (
      <Text size="xs" c="dimmed">
        {t('bidCard.noRating')}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <IconStarFilled size={14} color="var(--mantine-color-orange-6)" aria-hidden />
      <Text size="xs">{t('bidCard.rating', { rating: rating.toFixed(1) })}</Text>
    </Group>
  );
}

/** One bid received: the transporter, the price per unit, what it offers and, while open, awarding it whole. */
export function BidCard({
  bid,
  order,
  onAwardWhole,
}: {
  bid: ReceivedBid;
  order: OrderDetail;
  onAwardWhole: ((bid: ReceivedBid) => void) | null;
}) {
  const t = useOrdersText();
  const unit = unitWords(t, order.cargoType).one;
  const when = formatDateTime(bid.updatedAt);
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{bid.transporterName}</Text>
            {bid.preferredPartner ? (
              <Badge size="sm" variant="light" color="green">
                {t('bidCard.preferred')}
              </Badge>
            ) : null}
            <BidStatusBadge status={bid.status} />
          </Group>
          <BidRating rating={bid.transporterRating} />
        </Stack>
        <Stack gap={0} align="flex-end">
          <Money kobo={bid.amountKobo} fw={700} size="lg" />
          <Text size="xs" c="dimmed">
            {t('bidCard.perUnit', { unit })}
          </Text>
        </Stack>
      </Group>
      <Group gap="lg" mt="sm">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('bidCard.trucksOffered')}{' '}
          </Text>
          {bid.trucksAvailable}
        </Text>
        <Text size="sm" c="dimmed">
          {bid.updatedAt !== bid.createdAt ? t('bidCard.revised', { when }) : t('bidCard.placed', { when })}
        </Text>
      </Group>
      {bid.note ? (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span c="dimmed" size="sm">
            {t('bidCard.note')}{' '}
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
            aria-label={t('bidCard.awardWholeLabel', { transporter: bid.transporterName })}
          >
            {t('bidCard.awardWhole')}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
