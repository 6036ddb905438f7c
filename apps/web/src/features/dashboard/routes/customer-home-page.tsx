import { SimpleGrid, Stack } from '@mantine/core';
import { IconCash, IconPackage, IconRoute } from '@tabler/icons-react';
import { useSession } from '../../../app/session-context';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { VerificationChecklistCard } from '../../company';
import { EmptyStateCard } from '../components/empty-state-card';
import { greetingLine } from '../components/greeting';

/** /home: the customer's dashboard. */
export function CustomerHomePage() {
  usePageTitle('Home');
  const state = useSession();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  return (
    <Stack gap="lg">
      <PageHeader
        title={greetingLine(firstName)}
        description="Order haulage, follow your trucks and keep your payments in one place."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <VerificationChecklistCard />
        <EmptyStateCard icon={IconPackage} title="No orders yet" soon>
          Ordering haulage opens here soon: containers or general cargo, pickup and delivery, and bids from
          transporters. Meanwhile, get your company verified so you can order on the first day.
        </EmptyStateCard>
        <EmptyStateCard icon={IconRoute} title="No trips yet" soon>
          When you award a bid, each truck&apos;s trip appears here with its status and location.
        </EmptyStateCard>
        <EmptyStateCard icon={IconCash} title="No payments due" soon>
          Invoices for your trips and what you still owe will be listed here.
        </EmptyStateCard>
      </SimpleGrid>
    </Stack>
  );
}
