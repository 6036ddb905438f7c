import { Button, Card, Group, SimpleGrid, Title } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  isContainerCargo,
  type TripDetail,
} from '@freightlane/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCalendarDate } from '../../../lib/format';
import { DescriptionField } from '../../../components/description-field';
import { EditConsignmentDialog } from './edit-consignment-dialog';

/** What the trip carries: one container, or one truck load of general cargo. */
export function ConsignmentCard({ trip }: { trip: TripDetail }) {
  const [editing, setEditing] = useState(false);
  const consignment = trip.consignment;
  const container = isContainerCargo(trip.cargoType);
  const canEdit = trip.actions.includes('EDIT_CONSIGNMENT');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="consignment-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="consignment-title">
          {container ? 'Container' : 'Truck load'}
        </Title>
        {canEdit ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            aria-label={container ? 'Edit the container details' : 'Edit the truck load'}
          >
            Edit
          </Button>
        ) : null}
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
        {container ? (
          <>
            <DescriptionField label="Container number">
              <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                {consignment.containerNumber ?? '—'}
              </span>
            </DescriptionField>
            <DescriptionField label="Size">
              {consignment.containerSize ? CONTAINER_SIZE_LABELS[consignment.containerSize] : '—'}
            </DescriptionField>
            <DescriptionField label="Liner">{consignment.liner?.name ?? '—'}</DescriptionField>
            <DescriptionField label="Delivery order valid until">
              {formatCalendarDate(consignment.deliveryOrderValidityDate)}
            </DescriptionField>
          </>
        ) : (
          <>
            <DescriptionField label="Description">{consignment.description ?? '—'}</DescriptionField>
            <DescriptionField label="Quantity">{consignment.quantity ?? '—'}</DescriptionField>
            <DescriptionField label="Weight">
              {consignment.weightTonnes !== null ? `${consignment.weightTonnes} t` : '—'}
            </DescriptionField>
            <DescriptionField label="Truck type">
              {consignment.truckType ? TRUCK_TYPE_LABELS[consignment.truckType] : '—'}
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
