import { TRUCK_TYPE_LABELS, type Truck } from '@freightlane/domain';
import { PATHS } from '../../../lib/paths';
import { EditSection } from '../components/edit-section';
import { FleetRecordPage } from '../components/fleet-record-page';
import { TruckDetailsView, TruckDocumentsView } from '../components/record-views';
import { TRUCK_STAGES } from '../fleet-stages';

function view(stage: string, truck: Truck) {
  return stage === 'details' ? <TruckDetailsView truck={truck} /> : <TruckDocumentsView truck={truck} />;
}

/** /fleet/trucks/:id: the truck's details and documents, each editable, and activation. */
export function TruckPage() {
  return (
    <FleetRecordPage
      kind="trucks"
      noun="truck"
      backTo={PATHS.trucks}
      backLabel="Trucks"
      nameOf={(truck) => truck.registrationNumber}
      describe={(truck) => `${truck.make} ${truck.model} · ${TRUCK_TYPE_LABELS[truck.type]}`}
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
