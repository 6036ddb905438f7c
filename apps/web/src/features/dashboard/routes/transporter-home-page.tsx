import { SimpleGrid, Stack } from '@mantine/core';
import { IconGavel, IconRoute, IconTruck } from '@tabler/icons-react';
import { useSession } from '../../../app/session-context';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { VerificationChecklistCard } from '../../company';
import { EmptyStateCard } from '../components/empty-state-card';
import { greetingLine } from '../components/greeting';

/** /transporterhome: the dashboard of transporters and their fleet managers. */
export function TransporterHomePage() {
  usePageTitle('Home');
  const state = useSession();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  return (
    <Stack gap="lg">
      <PageHeader
        title={greetingLine(firstName)}
        description="Find loads, bid on them and run your trucks."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <VerificationChecklistCard />
        <EmptyStateCard icon={IconGavel} title="No bids yet" soon>
          Open orders from customers will appear here for you to bid on. Get your company verified now so you
          can bid as soon as bidding opens.
        </EmptyStateCard>
        <EmptyStateCard icon={IconRoute} title="No trips yet" soon>
          Trips you win appear here, ready for a truck, a driver and a motor boy.
        </EmptyStateCard>
        <EmptyStateCard icon={IconTruck} title="No trucks yet" soon>
          Adding your trucks, drivers and motor boys is coming next.
        </EmptyStateCard>
      </SimpleGrid>
    </Stack>
  );
}
