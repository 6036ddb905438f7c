import { Button, Text } from '@mantine/core';
import { TRUCK_TYPE_LABELS, type Truck } from '@freightlane/domain';
import { IconPlus, IconTruck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { TruckDocumentsSummary } from '../components/fleet-badges';
import { FleetList, type FleetColumn } from '../components/fleet-list';
import { FleetListLayout } from '../components/fleet-list-layout';

const COLUMNS: FleetColumn<Truck>[] = [
  { header: 'Truck', cell: (truck) => `${truck.make} ${truck.model} (${truck.year})` },
  { header: 'Type', cell: (truck) => TRUCK_TYPE_LABELS[truck.type] },
  {
    header: 'Capacity',
    keep: true,
    cell: (truck) => (
      <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
        {truck.capacityTonnes} t
      </Text>
    ),
  },
  { header: 'Documents', cell: (truck) => <TruckDocumentsSummary truck={truck} /> },
];

function AddTruck() {
  return (
    <Button component={Link} to={PATHS.newTruck} leftSection={<IconPlus size={18} aria-hidden />}>
      Add a truck
    </Button>
  );
}

/** /fleet/trucks: the company's trucks, their documents' expiry, and activation. */
export function TrucksPage() {
  usePageTitle('Trucks');
  return (
    <FleetListLayout
      title="Trucks"
      description="Your trucks, their papers and which of them can take trips."
      action={<AddTruck />}
    >
      <FleetList
        kind="trucks"
        noun={['truck', 'trucks']}
        searchPlaceholder="Plate, make or model"
        nameOf={(truck) => truck.registrationNumber}
        linkTo={PATHS.truck}
        columns={COLUMNS}
        keepName
        expiringFilter
        typeFilter
        emptyIcon={IconTruck}
        emptyText="No trucks yet. Add your trucks with their papers, so you can assign them to trips."
        addAction={<AddTruck />}
      />
    </FleetListLayout>
  );
}
