import { reportKindsFor } from '@freightlane/domain';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { PageHeader } from '../../../components/page-header';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { LaneRatesCard } from '../../rate-guidance';
import { reportTitle } from '../report-catalogue';
import { useReportsText } from '../text';

/**
 * /reports: the report kinds of the caller's side, each a card that opens it, and below them the lane
 * rates: the market's figures rather than the company's own, so not one of its report kinds.
 */
export function ReportsPage() {
  const t = useReportsText();
  usePageTitle(t('reportsPage.title'));
  const kinds = reportKindsFor(useRole());
  return (
    <>
      <PageHeader title={t('reportsPage.title')} description={t('reportsPage.description')} />
      {kinds.length === 0 ? (
        <EmptyList icon={IconChartBar}>{t('reportsPage.none')}</EmptyList>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {kinds.map((kind) => (
            <li key={kind}>
              <Card withBorder radius="md" padding="lg" component={Link} to={PATHS.report(kind)} h="100%">
                <Text fw={600} c="green.9">
                  {reportTitle(kind)}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`description.${kind}`)}
                </Text>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mt="md">
        <LaneRatesCard />
      </SimpleGrid>
    </>
  );
}
