import { Button } from '@mantine/core';
import { formatNigerianPhone, type MotorBoy } from '@freightlane/domain';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { FleetList, type FleetColumn } from '../components/fleet-list';
import { FleetListLayout } from '../components/fleet-list-layout';
import { fullName } from '../fleet-forms';

const COLUMNS: FleetColumn<MotorBoy>[] = [
  { header: 'Phone', keep: true, cell: (motorBoy) => formatNigerianPhone(motorBoy.phoneNumber) },
  { header: 'Lives in', cell: (motorBoy) => `${motorBoy.address.city}, ${motorBoy.address.state}` },
  { header: 'Guarantor', cell: (motorBoy) => motorBoy.guarantor.name },
];

function AddMotorBoy() {
  return (
    <Button component={Link} to={PATHS.newMotorBoy} leftSection={<IconPlus size={18} aria-hidden />}>
      Add a motor boy
    </Button>
  );
}

/** /fleet/motor-boys: the company's motor boys and activation. */
export function MotorBoysPage() {
  usePageTitle('Motor boys');
  return (
    <FleetListLayout
      title="Motor boys"
      description="The motor boys who ride with your drivers."
      action={<AddMotorBoy />}
    >
      <FleetList
        kind="motorBoys"
        noun={['motor boy', 'motor boys']}
        searchPlaceholder="Name or phone"
        nameOf={fullName}
        linkTo={PATHS.motorBoy}
        columns={COLUMNS}
        emptyIcon={IconUsers}
        emptyText="No motor boys yet. Add them with their next of kin and guarantor."
        addAction={<AddMotorBoy />}
      />
    </FleetListLayout>
  );
}
