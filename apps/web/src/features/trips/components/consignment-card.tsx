import { Button, Card, Group, SimpleGrid, Title } from '@mantine/core';
import { isContainerCargo, type TripDetail } from '@freightlane/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCalendarDate } from '../../../lib/format';
import { DescriptionField } from '../../../components/description-field';
import { useLabels } from '../../../i18n/labels/labels';
import { EditConsignmentDialog } from './edit-consignment-dialog';
import { useTripComponentsText } from './text';

/** What the trip carries: one container, or one truck load of general cargo. */
export function ConsignmentCard({ trip }: { trip: TripDetail }) {
  const t = useTripComponentsText();
  const label = useLabels();
  const [editing, setEditing] = useState(false);
  const consignment = trip.consignment;
  const container = isContainerCargo(trip.cargoType);
  const canEdit = trip.actions.includes('EDIT_CONSIGNMENT');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="consignment-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="consignment-title">
          {container ? t('consignment.containerTitle') : t('consignment.loadTitle')}
        </Title>
        {canEdit ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            aria-label={container ? t('consignment.editContainer') : t('consignment.editLoad')}
          >
            {t('consignment.edit')}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
        {container ? (
          <>
            <DescriptionField label={t('consignment.containerNumber')}>
              <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                {consignment.containerNumber ?? '—'}
              </span>
            </DescriptionField>
            <DescriptionField label={t('consignment.size')}>
              {consignment.containerSize ? label('containerSize', consignment.containerSize) : '—'}
            </DescriptionField>
            <DescriptionField label={t('consignment.liner')}>
              {consignment.liner?.name ?? '—'}
            </DescriptionField>
            <DescriptionField label={t('consignment.deliveryOrderValidUntil')}>
              {formatCalendarDate(consignment.deliveryOrderValidityDate)}
            </DescriptionField>
          </>
        ) : (
          <>
            <DescriptionField label={t('consignment.description')}>
              {consignment.description ?? '—'}
            </DescriptionField>
            <DescriptionField label={t('consignment.quantity')}>
              {consignment.quantity ?? '—'}
            </DescriptionField>
            <DescriptionField label={t('consignment.weight')}>
              {consignment.weightTonnes !== null
                ? t('consignment.weightValue', { weight: String(consignment.weightTonnes) })
                : '—'}
            </DescriptionField>
            <DescriptionField label={t('consignment.truckType')}>
              {consignment.truckType ? label('truckType', consignment.truckType) : '—'}
            </DescriptionField>
          </>
        )}
      </SimpleGrid>
      {canEdit ? (
        <EditConsignmentDialog trip={trip} opened={editing} onClose={() => setEditing(false)} />
      ) : null}
    </Card>
  );
}
