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

/** /fleet/motor-boys/new: the motor boy wizard, details, next of kin, guarantor. */
export function NewMotorBoyPage() {
  usePageTitle('Add a motor boy');
  const create = useCreateFleetRecord('motorBoys');
  const navigate = useNavigate();
  return (
    <FleetPageShell
      backTo={PATHS.motorBoys}
      backLabel="Motor boys"
      title="Add a motor boy"
      description="Details, next of kin and guarantor."
    >
      <FleetWizard
        stages={MOTOR_BOY_STAGES}
        submitLabel="Add motor boy"
        onSubmit={async (body) => {
          const motorBoy = await create.mutateAsync(body as CreateMotorBoyRequest);
          notifySuccess(`${fullName(motorBoy)} is in your fleet.`, 'Motor boy added');
          navigate(PATHS.motorBoy(motorBoy.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
