import { Card, Text } from '@mantine/core';
import { RATE_GUIDANCE_WINDOW_DAYS } from '@freightlane/domain';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useRateGuidanceText } from '../text';

/** The reports page's way to the lane-rates report, a card like the reports' own. */
export function LaneRatesCard() {
  const t = useRateGuidanceText();
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={PATHS.laneRates} h="100%">
      <Text fw={600} c="green.9">
        {t('reportCard.title')}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('reportCard.description', { days: RATE_GUIDANCE_WINDOW_DAYS })}
      </Text>
    </Card>
  );
}
