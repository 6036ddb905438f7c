import type { CreateMotorBoyRequest } from '@freightlane/domain';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateFleetRecord } from '../api/fleet-api';
import { FleetPageShell } from '../components/fleet-page-shell';
import { FleetWizard } from '../components/fleet-wizard';
import { fullName } from '../fleet-forms';
import { MOTOR_BOY_STAGES } from '../fleet-stages';
import { useFleetText } from '../text';

/** /fleet/motor-boys/new: the motor boy wizard, details, next of kin, guarantor. */
export function NewMotorBoyPage() {
  const t = useFleetText();
  usePageTitle(t('newMotorBoyPage.title'));
  const create = useCreateFleetRecord('motorBoys');
  const navigate = useNavigate();
  return (
    <FleetPageShell
      backTo={PATHS.motorBoys}
      backLabel={t('motorBoyPage.back')}
      title={t('newMotorBoyPage.title')}
      description={t('newMotorBoyPage.description')}
    >
      <FleetWizard
        stages={MOTOR_BOY_STAGES}
        submitLabel={t('newMotorBoyPage.submit')}
        onSubmit={async (body) => {
          const motorBoy = await create.mutateAsync(body as CreateMotorBoyRequest);
          notifySuccess(
            t('newMotorBoyPage.added', { name: fullName(motorBoy) }),
            t('newMotorBoyPage.addedTitle'),
          );
          navigate(PATHS.motorBoy(motorBoy.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
