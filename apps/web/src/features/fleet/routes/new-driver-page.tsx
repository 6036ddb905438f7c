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
import { useFleetText } from '../text';

/** /fleet/drivers/new: the driver wizard, details, licence, next of kin, guarantor. */
export function NewDriverPage() {
  const t = useFleetText();
  usePageTitle(t('newDriverPage.title'));
  const create = useCreateFleetRecord('drivers');
  const navigate = useNavigate();
  return (
    <FleetPageShell
      backTo={PATHS.drivers}
      backLabel={t('driverPage.back')}
      title={t('newDriverPage.title')}
      description={t('newDriverPage.description')}
    >
      <FleetWizard
        stages={DRIVER_STAGES}
        submitLabel={t('newDriverPage.submit')}
        onSubmit={async (body) => {
          const driver = await create.mutateAsync(body as CreateDriverRequest);
          notifySuccess(t('newDriverPage.added', { name: fullName(driver) }), t('newDriverPage.addedTitle'));
          navigate(PATHS.driver(driver.id), { replace: true });
        }}
      />
    </FleetPageShell>
  );
}
