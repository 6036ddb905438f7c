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
import { useFleetText } from '../text';
import { useCanInviteManagers } from '../use-fleet-role';

/** /fleet/managers/new: the fleet manager wizard; saving it e-mails the invitation. Owner only. */
export function NewFleetManagerPage() {
  const t = useFleetText();
  usePageTitle(t('newManagerPage.title'));
  const canInvite = useCanInviteManagers();
  const create = useCreateFleetRecord('managers');
  const navigate = useNavigate();
  if (!canInvite) return <Navigate to={PATHS.fleetManagers} replace />;
  return (
    <FleetPageShell
      backTo={PATHS.fleetManagers}
      backLabel={t('managerPage.back')}
      title={t('newManagerPage.title')}
      description={t('newManagerPage.description')}
    >
      <FleetWizard
        stages={FLEET_MANAGER_STAGES}
        submitLabel={t('newManagerPage.submit')}
        onSubmit={async (body) => {
          const manager = await create.mutateAsync(body as InviteFleetManagerRequest);
          notifySuccess(
            t('newManagerPage.sent', { email: manager.email, name: fullName(manager) }),
            t('newManagerPage.sentTitle'),
          );
          navigate(PATHS.fleetManager(manager.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
