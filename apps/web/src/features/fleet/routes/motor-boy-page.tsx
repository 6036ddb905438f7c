import { formatNigerianPhone, type MotorBoy } from '@freightlane/domain';
import { PATHS } from '../../../lib/paths';
import { EditSection } from '../components/edit-section';
import { FleetRecordPage } from '../components/fleet-record-page';
import { GuarantorView, NextOfKinView, PersonDetailsView } from '../components/record-views';
import { fullName } from '../fleet-forms';
import { MOTOR_BOY_STAGES } from '../fleet-stages';
import { useFleetText } from '../text';

function view(stage: string, motorBoy: MotorBoy) {
  if (stage === 'details') return <PersonDetailsView person={motorBoy} />;
  if (stage === 'nextOfKin') return <NextOfKinView nextOfKin={motorBoy.nextOfKin} />;
  return <GuarantorView guarantor={motorBoy.guarantor} />;
}

/** /fleet/motor-boys/:id: details, next of kin and guarantor, each editable, and activation. */
export function MotorBoyPage() {
  const t = useFleetText();
  return (
    <FleetRecordPage
      kind="motorBoys"
      backTo={PATHS.motorBoys}
      backLabel={t('motorBoyPage.back')}
      nameOf={fullName}
      describe={(motorBoy) =>
        t('motorBoyPage.describe', { phone: formatNigerianPhone(motorBoy.phoneNumber) })
      }
    >
      {(motorBoy) =>
        MOTOR_BOY_STAGES.map((stage) => (
          <EditSection key={stage.key} kind="motorBoys" record={motorBoy} stage={stage}>
            {view(stage.key, motorBoy)}
          </EditSection>
        ))
      }
    </FleetRecordPage>
  );
}
