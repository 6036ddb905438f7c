import { Badge, Group, Text } from '@mantine/core';
import type { ScoreSummary } from '@freightlane/domain';
import { IconStarFilled } from '@tabler/icons-react';
import { useScorecardsText } from '../text';

/** What the headline percent is: a transporter's on-time deliveries, a customer's invoices paid on time. */
export type ScoreSide = 'transporter' | 'customer';

/** A rating as stars read it: "4.5 out of 5 (6 ratings)", or "No rating yet". */
export function RatingLine({ rating }: { rating: ScoreSummary['rating'] }) {
  const t = useScorecardsText();
  if (rating.average === null || rating.count === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('summary.noRating')}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <IconStarFilled size={14} color="var(--mantine-color-orange-6)" aria-hidden />
      <Text size="xs">
        {t('summary.rating', { rating: rating.average.toFixed(1) })}{' '}
        <Text span size="xs" c="dimmed">
          {t('summary.ratingCount', { count: rating.count })}
        </Text>
      </Text>
    </Group>
  );
}

/**
 * A company's score at a glance, beside a bid or an order: the score (or "New on Freightlane" before its
 * fifth completed trip), its trips, its rating and its headline percent. Wraps on a phone.
 */
export function ScoreSummaryLine({ summary, side }: { summary: ScoreSummary; side: ScoreSide }) {
  const t = useScorecardsText();
  const percent = summary.headlinePercent;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      {summary.score === null ? (
        <Badge variant="light" color="blue" radius="sm">
          {t('summary.new')}
        </Badge>
      ) : (
        <Badge
          variant="light"
          color={scoreColor(summary.score)}
          bg={`${scoreColor(summary.score)}.0`}
          radius="sm"
        >
          {t('summary.score', { score: summary.score })}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {t('summary.trips', { count: summary.trips })}
      </Text>
      <RatingLine rating={summary.rating} />
      {percent === null ? null : (
        <Text size="xs">
          {side === 'transporter'
            ? t('summary.onTimeDelivery', { percent })
            : t('summary.paysOnTime', { percent })}
        </Text>
      )}
    </Group>
  );
}

/**
 * Green from 80, orange from 60, red below: the same bands the card's advice uses (under 80%). Orange, the
 * theme's warning accent, not Mantine's yellow, whose light badge reads at 2.7:1; and on the palest shade
 * of the colour, since the light variant's see-through tint over a tinted header fell to 4.4:1.
 */
export function scoreColor(score: number): string {
  if (score >= 80) return 'green';
  if (score >= 60) return 'orange';
  return 'red';
}
