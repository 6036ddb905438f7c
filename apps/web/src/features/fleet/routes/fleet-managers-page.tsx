import { Button } from '@mantine/core';
import { formatNigerianPhone, type FleetManager } from '@freightlane/domain';
import { IconMail, IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { FleetList, type FleetColumn } from '../components/fleet-list';
import { FleetListLayout } from '../components/fleet-list-layout';
import { fullName } from '../fleet-forms';
import { useFleetText } from '../text';
import { useCanInviteManagers } from '../use-fleet-role';

function InviteManager() {
  const t = useFleetText();
  return (
    <Button component={Link} to={PATHS.newFleetManager} leftSection={<IconMail size={18} aria-hidden />}>
      {t('managersPage.invite')}
    </Button>
  );
}

/** /fleet/managers: the people who run the fleet with the owner; only the owner invites them. */
export function FleetManagersPage() {
  const t = useFleetText();
  usePageTitle(t('managersPage.title'));
  const canInvite = useCanInviteManagers();
  const columns: FleetColumn<FleetManager>[] = [
    { header: t('managersPage.emailHeader'), cell: (manager) => <EmailText email={manager.email} /> },
    {
      header: t('managersPage.phoneHeader'),
      keep: true,
      cell: (manager) => formatNigerianPhone(manager.phoneNumber),
    },
  ];
  return (
    <FleetListLayout
      title={t('managersPage.title')}
      description={t('managersPage.description')}
      action={canInvite ? <InviteManager /> : undefined}
    >
      <FleetList
        kind="managers"
        searchPlaceholder={t('managersPage.search')}
        nameOf={fullName}
        linkTo={PATHS.fleetManager}
        columns={columns}
        emptyIcon={IconUserShield}
        emptyText={canInvite ? t('managersPage.empty') : t('managersPage.emptyNotOwner')}
        addAction={canInvite ? <InviteManager /> : undefined}
      />
    </FleetListLayout>
  );
}
