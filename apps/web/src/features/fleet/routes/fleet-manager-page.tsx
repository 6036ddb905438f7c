import { Alert } from '@mantine/core';
import type { FleetManager } from '@freightlane/domain';
import { IconMail } from '@tabler/icons-react';
import { PATHS } from '../../../lib/paths';
import { EditSection } from '../components/edit-section';
import { FleetRecordPage } from '../components/fleet-record-page';
import { GuarantorView, NextOfKinView, PersonDetailsView } from '../components/record-views';
import { fullName } from '../fleet-forms';
import { FLEET_MANAGER_STAGES } from '../fleet-stages';
import { useFleetText } from '../text';

function view(stage: string, manager: FleetManager) {
  if (stage === 'details') return <PersonDetailsView person={manager} />;
  if (stage === 'nextOfKin') return <NextOfKinView nextOfKin={manager.nextOfKin} />;
  return <GuarantorView guarantor={manager.guarantor} />;
}

/** /fleet/managers/:id: the fleet manager's invitation, details, next of kin and guarantor. */
export function FleetManagerPage() {
  const t = useFleetText();
  return (
    <FleetRecordPage
      kind="managers"
      backTo={PATHS.fleetManagers}
      backLabel={t('managerPage.back')}
      nameOf={fullName}
      describe={(manager) => t('managerPage.describe', { email: manager.email })}
    >
      {(manager) => (
        <>
          {manager.invitationStatus === 'PENDING' ? (
            <Alert color="blue" icon={<IconMail aria-hidden />} title={t('managerPage.invitationTitle')}>
              {t('managerPage.invitationText', { email: manager.email })}
            </Alert>
          ) : null}
          {FLEET_MANAGER_STAGES.map((stage) => (
            <EditSection key={stage.key} kind="managers" record={manager} stage={stage}>
              {view(stage.key, manager)}
            </EditSection>
          ))}
        </>
      )}
    </FleetRecordPage>
  );
}
