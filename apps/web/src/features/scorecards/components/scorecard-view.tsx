import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  averageDaysToPay,
  averageWaitingHours,
  issuesPer100Trips,
  percentOf,
  SCORECARD_MINIMUM_TRIPS,
  type CustomerScorecard,
  type Ratio,
  type Scorecard,
  type TransporterScorecard,
  type TripIssueType,
} from '@freightlane/domain';
import type { ReactNode } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { useScorecardsText, type ScorecardsText } from '../text';
import { scoreColor } from './score-summary';

/** One figure of the card: what it is, its value, and how it was worked out. */
function Figure({
  label,
  value,
  how,
  children,
}: {
  label: string;
  value: string;
  how: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={2} component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" fw={700}>
          {value}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {how}
      </Text>
      {children}
    </Stack>
  );
}

function percentValue(t: ScorecardsText, ratio: Ratio): string {
  const percent = percentOf(ratio);
  return percent === null ? t('view.nothingYet') : t('view.percent', { percent });
}

function ratingValue(t: ScorecardsText, rating: { average: number | null; count: number }): string {
  return rating.average === null
    ? t('summary.noRating')
    : t('summary.rating', { rating: rating.average.toFixed(1) });
}

function TransporterFigures({ card }: { card: TransporterScorecard }) {
  const t = useScorecardsText();
  const label = useLabels();
  const f = card.figures;
  const per100 = issuesPer100Trips(f.issues);
  const issueCounts = Object.entries(f.issues.byType).filter(([, n]) => (n ?? 0) > 0) as [
    TripIssueType,
    number,
  ][];
  const issueTotal = issueCounts.reduce((sum, [, n]) => sum + n, 0);
  return (
    <>
      <Figure
        label={t('view.completedTrips')}
        value={t('view.completedTripsValue', { recent: f.completedTripsRecent, all: f.completedTripsAll })}
        how={t('view.completedTripsHow')}
      />
      <Figure
        label={t('view.onTimeDelivery')}
        value={percentValue(t, f.onTimeDelivery)}
        how={t('view.onTimeDeliveryHow', { ...f.onTimeDelivery })}
      />
      <Figure
        label={t('view.onTimePickup')}
        value={percentValue(t, f.onTimePickup)}
        how={t('view.onTimePickupHow', { ...f.onTimePickup })}
      />
      <Figure
        label={t('view.tracking')}
        value={percentValue(t, f.trackingCoverage)}
        how={t('view.trackingHow', { ...f.trackingCoverage })}
      />
      <Figure
        label={t('view.issues')}
        value={per100 === null ? t('view.nothingYet') : t('view.issuesValue', { per100 })}
        how={t('view.issuesHow', { count: issueTotal, trips: f.issues.trips })}
      >
        {issueCounts.length > 0 ? (
          <List size="xs" c="dimmed" spacing={0}>
            {issueCounts.map(([type, n]) => (
              <List.Item key={type}>
                {t('view.issueType', { type: label('tripIssueType', type), count: n })}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Figure>
      <Figure
        label={t('view.cancellations')}
        value={percentValue(t, f.cancellationsAfterAward)}
        how={t('view.cancellationsHow', { ...f.cancellationsAfterAward })}
      />
      <Figure
        label={t('view.proofOfDelivery')}
        value={percentValue(t, f.proofOfDeliveryOnTime)}
        how={t('view.proofOfDeliveryHow', { ...f.proofOfDeliveryOnTime })}
      />
      <Figure
        label={t('view.rating')}
        value={ratingValue(t, f.rating)}
        how={t('view.ratingHow', { count: f.rating.count })}
      />
    </>
  );
}

function CustomerFigures({ card }: { card: CustomerScorecard }) {
  const t = useScorecardsText();
  const f = card.figures;
  // The card keeps the late ones; a bidder reads the share paid on time.
  const paidOnTime = { count: f.overdue.of - f.overdue.count, of: f.overdue.of };
  const days = averageDaysToPay(f);
  const hours = averageWaitingHours(f);
  return (
    <>
      <Figure
        label={t('view.trips')}
        value={t('view.completedTripsValue', { recent: f.tripsRecent, all: f.tripsAll })}
        how={t('view.tripsHow')}
      />
      <Figure
        label={t('view.paidOnTime')}
        value={percentValue(t, paidOnTime)}
        how={t('view.paidOnTimeHow', { ...paidOnTime })}
      />
      <Figure
        label={t('view.daysToPay')}
        value={days === null ? t('view.nothingYet') : t('view.daysToPayValue', { days })}
        how={t('view.daysToPayHow', { count: f.daysToPay.invoices })}
      />
      <Figure
        label={t('view.waiting')}
        value={hours === null ? t('view.nothingYet') : t('view.waitingValue', { hours })}
        how={t('view.waitingHow', { count: f.waitingAtSites.stops })}
      />
      <Figure
        label={t('view.cancellations')}
        value={percentValue(t, f.cancellationsAfterAward)}
        how={t('view.customerCancellationsHow', { ...f.cancellationsAfterAward })}
      />
      <Figure
        label={t('view.rating')}
        value={ratingValue(t, f.rating)}
        how={t('view.ratingHow', { count: f.rating.count })}
      />
    </>
  );
}

/**
 * A company's whole scorecard: its score and every figure with how it was worked out. Shown in a dialog
 * beside a bid (a transporter's card) or an order on the market (the payer's).
 */
export function ScorecardView({ card }: { card: Scorecard }) {
  const t = useScorecardsText();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={3} fz="md">
            {t('view.score')}
          </Title>
          {card.score === null ? (
            <Badge variant="light" color="blue" radius="sm">
              {t('summary.new')}
            </Badge>
          ) : (
            <Badge
              variant="light"
              color={scoreColor(card.score)}
              bg={`${scoreColor(card.score)}.0`}
              radius="sm"
              size="lg"
            >
              {t('view.scoreValue', { score: card.score })}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {card.score === null
            ? t('view.newHow', { minimum: SCORECARD_MINIMUM_TRIPS })
            : card.side === 'transporter'
              ? t('view.scoreHowTransporter')
              : t('view.scoreHowCustomer')}
        </Text>
        <Text size="xs" c="dimmed">
          {card.computedAt
            ? t('view.computedAt', { when: formatDateTime(card.computedAt) })
            : t('view.notCounted')}
        </Text>
      </Stack>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {card.side === 'transporter' ? <TransporterFigures card={card} /> : <CustomerFigures card={card} />}
      </Stack>
    </Stack>
  );
}
