import type { InviteFleetManagerRequest } from '@freightlane/domain';
import { Navigate, useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateFleetRecord } from '../api/fleet-api';
import { FleetPageShell } from '../components/fleet-page-shell';
import { FleetWizard } from '../components/fleet-wizard';
import { fullName } from '../fleet-forms';
import { FLEET_MANAGER_STAGES } from '../fleet-stages';
import { useCanInviteManagers } from '../use-fleet-role';

/** /fleet/managers/new: the fleet manager wizard; saving it e-mails the invitation. Owner only. */
export function NewFleetManagerPage() {
  usePageTitle('Invite a fleet manager');
  const canInvite = useCanInviteManagers();
  const create = useCreateFleetRecord('managers');
  const navigate = useNavigate();
  if (!canInvite) return <Navigate to={PATHS.fleetManagers} replace />;
  return (
    <FleetPageShell
      backTo={PATHS.fleetManagers}
      backLabel="Fleet managers"
      title="Invite a fleet manager"
      description="We e-mail them a link to set their password and sign in."
    >
      <FleetWizard
        stages={FLEET_MANAGER_STAGES}
        submitLabel="Send invitation"
        onSubmit={async (body) => {
          const manager = await create.mutateAsync(body as InviteFleetManagerRequest);
          notifySuccess(
            `We sent an invitation e-mail to ${manager.email}. ${fullName(manager)} can sign in once they set a password.`,
            'Invitation sent',
          );
          navigate(PATHS.fleetManager(manager.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
