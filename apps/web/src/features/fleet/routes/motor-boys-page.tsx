import { Button } from '@mantine/core';
import { formatNigerianPhone, type MotorBoy } from '@freightlane/domain';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { FleetList, type FleetColumn } from '../components/fleet-list';
import { FleetListLayout } from '../components/fleet-list-layout';
import { fullName } from '../fleet-forms';
import { useFleetText } from '../text';

function AddMotorBoy() {
  const t = useFleetText();
  return (
    <Button component={Link} to={PATHS.newMotorBoy} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('motorBoysPage.add')}
    </Button>
  );
}

/** /fleet/motor-boys: the company's motor boys and activation. */
export function MotorBoysPage() {
  const t = useFleetText();
  usePageTitle(t('motorBoysPage.title'));
  const columns: FleetColumn<MotorBoy>[] = [
    {
      header: t('motorBoysPage.phoneHeader'),
      keep: true,
      cell: (motorBoy) => formatNigerianPhone(motorBoy.phoneNumber),
    },
    {
      header: t('motorBoysPage.livesInHeader'),
      cell: (motorBoy) => `${motorBoy.address.city}, ${motorBoy.address.state}`,
    },
    { header: t('motorBoysPage.guarantorHeader'), cell: (motorBoy) => motorBoy.guarantor.name },
  ];
  return (
    <FleetListLayout
      title={t('motorBoysPage.title')}
      description={t('motorBoysPage.description')}
      action={<AddMotorBoy />}
    >
      <FleetList
        kind="motorBoys"
        searchPlaceholder={t('motorBoysPage.search')}
        nameOf={fullName}
        linkTo={PATHS.motorBoy}
        columns={columns}
        emptyIcon={IconUsers}
        emptyText={t('motorBoysPage.empty')}
        addAction={<AddMotorBoy />}
      />
    </FleetListLayout>
  );
}
