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
import { useCanInviteManagers } from '../use-fleet-role';

const COLUMNS: FleetColumn<FleetManager>[] = [
  { header: 'Email', cell: (manager) => <EmailText email={manager.email} /> },
  { header: 'Phone', keep: true, cell: (manager) => formatNigerianPhone(manager.phoneNumber) },
];

function InviteManager() {
  return (
    <Button component={Link} to={PATHS.newFleetManager} leftSection={<IconMail size={18} aria-hidden />}>
      Invite a fleet manager
    </Button>
  );
}

/** /fleet/managers: the people who run the fleet with the owner; only the owner invites them. */
export function FleetManagersPage() {
  usePageTitle('Fleet managers');
  const canInvite = useCanInviteManagers();
  return (
    <FleetListLayout
      title="Fleet managers"
      description="The people who manage trucks, drivers and trips with you."
      action={canInvite ? <InviteManager /> : undefined}
    >
      <FleetList
        kind="managers"
        noun={['fleet manager', 'fleet managers']}
        searchPlaceholder="Name, e-mail or phone"
        nameOf={fullName}
        linkTo={PATHS.fleetManager}
        columns={COLUMNS}
        emptyIcon={IconUserShield}
        emptyText={
          canInvite
            ? 'No fleet managers yet. Invite one: we e-mail them a link to set their password and sign in.'
            : 'No other fleet managers yet. Your company’s owner account invites them.'
        }
        addAction={canInvite ? <InviteManager /> : undefined}
      />
    </FleetListLayout>
  );
}
