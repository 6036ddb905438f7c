import { Button, Text } from '@mantine/core';
import type { Truck } from '@freightlane/domain';
import { IconPlus, IconTruck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLabels } from '../../../i18n/labels/labels';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { TruckDocumentsSummary } from '../components/fleet-badges';
import { FleetList, type FleetColumn } from '../components/fleet-list';
import { FleetListLayout } from '../components/fleet-list-layout';
import { useFleetText } from '../text';

function AddTruck() {
  const t = useFleetText();
  return (
    <Button component={Link} to={PATHS.newTruck} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('trucksPage.add')}
    </Button>
  );
}

/** /fleet/trucks: the company's trucks, their documents' expiry, and activation. */
export function TrucksPage() {
  const t = useFleetText();
  const label = useLabels();
  usePageTitle(t('trucksPage.title'));
  const columns: FleetColumn<Truck>[] = [
    { header: t('trucksPage.truckHeader'), cell: (truck) => `${truck.make} ${truck.model} (${truck.year})` },
    { header: t('trucksPage.typeHeader'), cell: (truck) => label('truckType', truck.type) },
    {
      header: t('trucksPage.capacityHeader'),
      keep: true,
      cell: (truck) => (
        <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('trucksPage.capacityValue', { tonnes: truck.capacityTonnes })}
        </Text>
      ),
    },
    { header: t('trucksPage.documentsHeader'), cell: (truck) => <TruckDocumentsSummary truck={truck} /> },
  ];
  return (
    <FleetListLayout
      title={t('trucksPage.title')}
      description={t('trucksPage.description')}
      action={<AddTruck />}
    >
      <FleetList
        kind="trucks"
        searchPlaceholder={t('trucksPage.search')}
        nameOf={(truck) => truck.registrationNumber}
        linkTo={PATHS.truck}
        columns={columns}
        keepName
        expiringFilter
        typeFilter
        emptyIcon={IconTruck}
        emptyText={t('trucksPage.empty')}
        addAction={<AddTruck />}
      />
    </FleetListLayout>
  );
}
