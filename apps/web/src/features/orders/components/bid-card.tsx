import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { OrderDetail, ReceivedBid } from '@freightlane/domain';
import { IconShieldCheck, IconTag, IconTrophy } from '@tabler/icons-react';
import { BidStatusBadge, Money } from '../../../components/marketplace-badges';
import { formatDateTime } from '../../../lib/format';
import { ScorecardLink, ScoreSummaryLine } from '../../scorecards';
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';

/**
 * One bid received: the transporter (its name opening its scorecard) and its score at a glance, the price
 * per unit, the marks it carries, what it offers and, while open, awarding it whole.
 */
export function BidCard({
  bid,
  order,
  cheapest = false,
  mostReliable = false,
  onAwardWhole,
}: {
  bid: ReceivedBid;
  order: OrderDetail;
  /** The lowest-priced active bid. */
  cheapest?: boolean;
  /** The active bid of the highest-scored transporter. */
  mostReliable?: boolean;
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
            <ScorecardLink companyId={bid.transporterCompanyId} companyName={bid.transporterName} />
            {bid.preferredPartner ? (
              <Badge size="sm" variant="light" color="green">
                {t('bidCard.preferred')}
              </Badge>
            ) : null}
            <BidStatusBadge status={bid.status} />
          </Group>
          {cheapest || mostReliable ? (
            <Group gap={6}>
              {cheapest ? (
                <Badge size="sm" color="teal" leftSection={<IconTag size={12} aria-hidden />}>
                  {t('bidCard.cheapest')}
                </Badge>
              ) : null}
              {mostReliable ? (
                <Badge size="sm" color="indigo" leftSection={<IconShieldCheck size={12} aria-hidden />}>
                  {t('bidCard.mostReliable')}
                </Badge>
              ) : null}
            </Group>
          ) : null}
          <ScoreSummaryLine summary={bid.transporterScore} side="transporter" />
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
