import type { CreateTruckRequest } from '@freightlane/domain';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateFleetRecord } from '../api/fleet-api';
import { FleetPageShell } from '../components/fleet-page-shell';
import { FleetWizard } from '../components/fleet-wizard';
import { TRUCK_STAGES } from '../fleet-stages';
import { useFleetText } from '../text';

/** /fleet/trucks/new: the truck wizard, details then documents. */
export function NewTruckPage() {
  const t = useFleetText();
  usePageTitle(t('newTruckPage.title'));
  const create = useCreateFleetRecord('trucks');
  const navigate = useNavigate();
  return (
    <FleetPageShell
      backTo={PATHS.trucks}
      backLabel={t('truckPage.back')}
      title={t('newTruckPage.title')}
      description={t('newTruckPage.description')}
    >
      <FleetWizard
        stages={TRUCK_STAGES}
        submitLabel={t('newTruckPage.submit')}
        duplicateField="registrationNumber"
        onSubmit={async (body) => {
          const truck = await create.mutateAsync(body as CreateTruckRequest);
          notifySuccess(
            t('newTruckPage.added', { plate: truck.registrationNumber }),
            t('newTruckPage.addedTitle'),
          );
          navigate(PATHS.truck(truck.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
