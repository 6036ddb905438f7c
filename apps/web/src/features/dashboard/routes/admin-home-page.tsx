import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconDatabase,
  IconHistory,
  IconReceipt2,
  IconRoute,
  IconUsers,
} from '@tabler/icons-react';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { PendingCompaniesCard } from '../../admin';
import { LinkCard } from '../components/link-card';
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
        <LinkCard icon={IconUsers} title="Users" to={PATHS.adminUsers} action="Find users">
          Find any user by name, e-mail or phone number.
        </LinkCard>
        <LinkCard icon={IconRoute} title="Trips" to={PATHS.trips} action="Open trips">
          Follow every trip, add admin notes and undo a wrong status change.
        </LinkCard>
        <LinkCard icon={IconAlertTriangle} title="Issues" to={PATHS.tripIssues} action="Open issues">
          See open issues across all trips: breakdowns, accidents, checkpoint delays and port congestion.
        </LinkCard>
        <LinkCard icon={IconCash} title="Payments" to={PATHS.payments} action="Open payments">
          Every invoice with its charges and payments; record a customer&apos;s bank transfer.
        </LinkCard>
        <LinkCard icon={IconReceipt2} title="Payouts" to={PATHS.adminPayouts} action="Open payouts">
          What each transporter is owed for its paid invoices; mark a payout paid with the transfer&apos;s
          reference.
        </LinkCard>
        <LinkCard
          icon={IconDatabase}
          title="Reference data"
          to={PATHS.adminReference}
          action="Open reference data"
        >
          Keep shipping lines and their free days and rates, terminals and holding bays, tracking companies,
          and the platform commission and payment terms up to date.
        </LinkCard>
        <LinkCard icon={IconHistory} title="Audit log" to={PATHS.adminAuditLog} action="Open the audit log">
          See who changed what and when, with what it was before: verifications, suspensions, orders, bids and
          trips.
        </LinkCard>
      </SimpleGrid>
    </Stack>
  );
}
