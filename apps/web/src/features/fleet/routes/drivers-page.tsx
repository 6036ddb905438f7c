import { Button, Text } from '@mantine/core';
import { expiringWithin, formatNigerianPhone, type Driver } from '@freightlane/domain';
import { IconPlus, IconSteeringWheel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { formatCalendarDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { ExpiryBadge } from '../components/fleet-badges';
import { FleetList, type FleetColumn } from '../components/fleet-list';
import { FleetListLayout } from '../components/fleet-list-layout';
import { fullName } from '../fleet-forms';

const COLUMNS: FleetColumn<Driver>[] = [
  { header: 'Phone', keep: true, cell: (driver) => formatNigerianPhone(driver.phoneNumber) },
  {
    header: 'Licence',
    cell: (driver) => (
      <>
        <Text component="span" size="sm" display="block">
          {driver.licenceNumber}
        </Text>
        <Text component="span" size="xs" c="dimmed" display="block" style={{ whiteSpace: 'nowrap' }}>
          Expires {formatCalendarDate(driver.licenceExpiresOn)}
        </Text>
        <LicenceBadge driver={driver} />
      </>
    ),
  },
];

/** Only a licence that needs attention carries a badge in the list. */
function LicenceBadge({ driver }: { driver: Driver }) {
  const status = expiringWithin(driver.licenceExpiresOn);
  return status === 'VALID' ? null : <ExpiryBadge status={status} />;
}

function AddDriver() {
  return (
    <Button component={Link} to={PATHS.newDriver} leftSection={<IconPlus size={18} aria-hidden />}>
      Add a driver
    </Button>
  );
}

/** /fleet/drivers: the company's drivers, their licences' expiry, and activation. */
export function DriversPage() {
  usePageTitle('Drivers');
  return (
    <FleetListLayout
      title="Drivers"
      description="Your drivers, their licences and who can take trips."
      action={<AddDriver />}
    >
      <FleetList
        kind="drivers"
        noun={['driver', 'drivers']}
        searchPlaceholder="Name, phone or licence number"
        nameOf={fullName}
        linkTo={PATHS.driver}
        columns={COLUMNS}
        expiringFilter
        emptyIcon={IconSteeringWheel}
        emptyText="No drivers yet. Add your drivers with their licence, next of kin and guarantor."
        addAction={<AddDriver />}
      />
    </FleetListLayout>
  );
}
