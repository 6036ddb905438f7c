import type { CreateDriverRequest } from '@freightlane/domain';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateFleetRecord } from '../api/fleet-api';
import { FleetPageShell } from '../components/fleet-page-shell';
import { FleetWizard } from '../components/fleet-wizard';
import { fullName } from '../fleet-forms';
import { DRIVER_STAGES } from '../fleet-stages';

/** /fleet/drivers/new: the driver wizard, details, licence, next of kin, guarantor. */
export function NewDriverPage() {
  usePageTitle('Add a driver');
  const create = useCreateFleetRecord('drivers');
  const navigate = useNavigate();
  return (
    <FleetPageShell
      backTo={PATHS.drivers}
      backLabel="Drivers"
      title="Add a driver"
      description="Four short steps. You can add the driver’s photo when they are saved."
    >
      <FleetWizard
        stages={DRIVER_STAGES}
        submitLabel="Add driver"
        onSubmit={async (body) => {
          const driver = await create.mutateAsync(body as CreateDriverRequest);
          notifySuccess(`${fullName(driver)} is in your fleet. Add their photo below.`, 'Driver added');
          navigate(PATHS.driver(driver.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
