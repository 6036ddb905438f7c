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
import { useFleetText } from '../text';

/** Only a licence that needs attention carries a badge in the list. */
function LicenceBadge({ driver }: { driver: Driver }) {
  const status = expiringWithin(driver.licenceExpiresOn);
  return status === 'VALID' ? null : <ExpiryBadge status={status} />;
}

function AddDriver() {
  const t = useFleetText();
  return (
    <Button component={Link} to={PATHS.newDriver} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('driversPage.add')}
    </Button>
  );
}

/** /fleet/drivers: the company's drivers, their licences' expiry, and activation. */
export function DriversPage() {
  const t = useFleetText();
  usePageTitle(t('driversPage.title'));
  const columns: FleetColumn<Driver>[] = [
    {
      header: t('driversPage.phoneHeader'),
      keep: true,
      cell: (driver) => formatNigerianPhone(driver.phoneNumber),
    },
    {
      header: t('driversPage.licenceHeader'),
      cell: (driver) => (
        <>
          <Text component="span" size="sm" display="block">
            {driver.licenceNumber}
          </Text>
          <Text component="span" size="xs" c="dimmed" display="block" style={{ whiteSpace: 'nowrap' }}>
            {t('driversPage.licenceExpires', { date: formatCalendarDate(driver.licenceExpiresOn) })}
          </Text>
          <LicenceBadge driver={driver} />
        </>
      ),
    },
  ];
  return (
    <FleetListLayout
      title={t('driversPage.title')}
      description={t('driversPage.description')}
      action={<AddDriver />}
    >
      <FleetList
        kind="drivers"
        searchPlaceholder={t('driversPage.search')}
        nameOf={fullName}
        linkTo={PATHS.driver}
        columns={columns}
        expiringFilter
        emptyIcon={IconSteeringWheel}
        emptyText={t('driversPage.empty')}
        addAction={<AddDriver />}
      />
    </FleetListLayout>
  );
}
