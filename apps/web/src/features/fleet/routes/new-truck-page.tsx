import type { CreateTruckRequest } from '@freightlane/domain';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateFleetRecord } from '../api/fleet-api';
import { FleetPageShell } from '../components/fleet-page-shell';
import { FleetWizard } from '../components/fleet-wizard';
import { TRUCK_STAGES } from '../fleet-stages';

/** /fleet/trucks/new: the truck wizard, details then documents. */
export function NewTruckPage() {
  usePageTitle('Add a truck');
  const create = useCreateFleetRecord('trucks');
  const navigate = useNavigate();
  return (
    <FleetPageShell
      backTo={PATHS.trucks}
      backLabel="Trucks"
      title="Add a truck"
      description="The truck first, then its papers."
    >
      <FleetWizard
        stages={TRUCK_STAGES}
        submitLabel="Add truck"
        duplicateField="registrationNumber"
        onSubmit={async (body) => {
          const truck = await create.mutateAsync(body as CreateTruckRequest);
          notifySuccess(`${truck.registrationNumber} is in your fleet.`, 'Truck added');
          navigate(PATHS.truck(truck.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
