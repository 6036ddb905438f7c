import { SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconRoute, IconUsers } from '@tabler/icons-react';
import { useSession } from '../../../app/session-context';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { PendingCompaniesCard } from '../../admin';
import { EmptyStateCard } from '../components/empty-state-card';
import { greetingLine } from '../components/greeting';

/** /admin: the back office. */
export function AdminHomePage() {
  usePageTitle('Back office');
  const state = useSession();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  return (
    <Stack gap="lg">
      <PageHeader title={greetingLine(firstName)} description="Freightlane back office." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <PendingCompaniesCard />
        <EmptyStateCard icon={IconUsers} title="Users" soon>
          Find any user by name, e-mail or phone number.
        </EmptyStateCard>
        <EmptyStateCard icon={IconRoute} title="Trips" soon>
          Follow every trip, add admin notes and undo a wrong status change.
        </EmptyStateCard>
        <EmptyStateCard icon={IconAlertTriangle} title="Issues" soon>
          See open issues across all trips: breakdowns, accidents, checkpoint delays and port congestion.
        </EmptyStateCard>
      </SimpleGrid>
    </Stack>
  );
}
