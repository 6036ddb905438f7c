import { formatNigerianPhone, type Driver } from '@freightlane/domain';
import { PATHS } from '../../../lib/paths';
import { DriverBalanceCard } from '../../trip-cash';
import { UssdAccessCard } from '../../ussd';
import { DriverDataCard } from '../components/driver-data-card';
import { DriverPhoneLinkCard } from '../components/driver-phone-link-card';
import { DriverPhoneVerificationCard } from '../components/driver-phone-verification-card';
import { DriverPhotoCard } from '../components/driver-photo-card';
import { EditSection } from '../components/edit-section';
import { FleetRecordPage } from '../components/fleet-record-page';
import { GuarantorView, LicenceView, NextOfKinView, PersonDetailsView } from '../components/record-views';
import { fullName } from '../fleet-forms';
import { DRIVER_STAGES } from '../fleet-stages';
import { useFleetText } from '../text';

function view(stage: string, driver: Driver) {
  if (stage === 'details') return <PersonDetailsView person={driver} />;
  if (stage === 'licence') return <LicenceView driver={driver} />;
  if (stage === 'nextOfKin') return <NextOfKinView nextOfKin={driver.nextOfKin} />;
  return <GuarantorView guarantor={driver.guarantor} />;
}

/**
 * /fleet/drivers/:id: the driver's photo and phone tracking link, then details, licence, next of kin and
 * guarantor, and last the driver's data (a copy, and the erasure of where they went).
 */
export function DriverPage() {
  const t = useFleetText();
  return (
    <FleetRecordPage
      kind="drivers"
      backTo={PATHS.drivers}
      backLabel={t('driverPage.back')}
      nameOf={fullName}
      describe={(driver) => t('driverPage.describe', { phone: formatNigerianPhone(driver.phoneNumber) })}
    >
      {(driver) => (
        <>
          <DriverPhotoCard driver={driver} />
          <DriverPhoneVerificationCard driver={driver} />
          <DriverPhoneLinkCard driver={driver} />
          <DriverBalanceCard driverId={driver.id} driverName={fullName(driver)} />
          <UssdAccessCard driver={driver} />
          {DRIVER_STAGES.map((stage) => (
            <EditSection key={stage.key} kind="drivers" record={driver} stage={stage}>
              {view(stage.key, driver)}
            </EditSection>
          ))}
          <DriverDataCard driver={driver} />
        </>
      )}
    </FleetRecordPage>
  );
}
