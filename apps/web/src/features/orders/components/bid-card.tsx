import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { unitLabel, type OrderDetail, type ReceivedBid } from '@freightlane/domain';
import { IconStarFilled, IconTrophy } from '@tabler/icons-react';
import { BidStatusBadge, Money } from '../../../components/marketplace-badges';
import { formatDateTime } from '../../../lib/format';

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
