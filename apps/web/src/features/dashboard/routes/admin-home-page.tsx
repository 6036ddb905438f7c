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
import { useGreetingLine } from '../components/greeting';
import { useDashboardText } from '../text';

/** /admin: the back office. */
export function AdminHomePage() {
  const t = useDashboardText();
  usePageTitle(t('admin.title'));
  const state = useSession();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  const greeting = useGreetingLine(firstName);
  return (
    <Stack gap="lg">
      <PageHeader title={greeting} description={t('admin.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <PendingCompaniesCard />
        <LinkCard
          icon={IconUsers}
          title={t('admin.users')}
          to={PATHS.adminUsers}
          action={t('admin.usersAction')}
        >
          {t('admin.usersText')}
        </LinkCard>
        <LinkCard icon={IconRoute} title={t('admin.trips')} to={PATHS.trips} action={t('admin.tripsAction')}>
          {t('admin.tripsText')}
        </LinkCard>
        <LinkCard
          icon={IconAlertTriangle}
          title={t('admin.issues')}
          to={PATHS.tripIssues}
          action={t('admin.issuesAction')}
        >
          {t('admin.issuesText')}
        </LinkCard>
        <LinkCard
          icon={IconCash}
          title={t('admin.payments')}
          to={PATHS.payments}
          action={t('admin.paymentsAction')}
        >
          {t('admin.paymentsText')}
        </LinkCard>
        <LinkCard
          icon={IconReceipt2}
          title={t('admin.payouts')}
          to={PATHS.adminPayouts}
          action={t('admin.payoutsAction')}
        >
          {t('admin.payoutsText')}
        </LinkCard>
        <LinkCard
          icon={IconDatabase}
          title={t('admin.referenceData')}
          to={PATHS.adminReference}
          action={t('admin.referenceDataAction')}
        >
          {t('admin.referenceDataText')}
        </LinkCard>
        <LinkCard
          icon={IconHistory}
          title={t('admin.auditLog')}
          to={PATHS.adminAuditLog}
          action={t('admin.auditLogAction')}
        >
          {t('admin.auditLogText')}
        </LinkCard>
      </SimpleGrid>
    </Stack>
  );
}
