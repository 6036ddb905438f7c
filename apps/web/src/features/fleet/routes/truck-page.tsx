import type { Truck } from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';
import { PATHS } from '../../../lib/paths';
import { EditSection } from '../components/edit-section';
import { FleetRecordPage } from '../components/fleet-record-page';
import { TruckDetailsView, TruckDocumentsView } from '../components/record-views';
import { TRUCK_STAGES } from '../fleet-stages';
import { useFleetText } from '../text';

function view(stage: string, truck: Truck) {
  return stage === 'details' ? <TruckDetailsView truck={truck} /> : <TruckDocumentsView truck={truck} />;
}

/** /fleet/trucks/:id: the truck's details and documents, each editable, and activation. */
export function TruckPage() {
  const t = useFleetText();
  const label = useLabels();
  return (
    <FleetRecordPage
      kind="trucks"
      backTo={PATHS.trucks}
      backLabel={t('truckPage.back')}
      nameOf={(truck) => truck.registrationNumber}
      describe={(truck) => `${truck.make} ${truck.model} · ${label('truckType', truck.type)}`}
    >
      {(truck) =>
        TRUCK_STAGES.map((stage) => (
          <EditSection key={stage.key} kind="trucks" record={truck} stage={stage}>
            {view(stage.key, truck)}
          </EditSection>
        ))
      }
    </FleetRecordPage>
  );
}
