import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CARGO_TYPE_LABELS,
  CONTAINER_SIZE_LABELS,
  TERMINAL_KIND_LABELS,
  TRUCK_TYPE_LABELS,
  formatMoney,
  isContainerCargo,
  nairaToKobo,
  normalizeContainerNumber,
  unitLabel,
  type CargoType,
} from '@freightlane/domain';
import type { ReactNode } from 'react';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { formatFileSize } from '../../company';
import { useLiners, useTerminals } from '../../lookups';
import type { OrderDraftValues, PlaceDraft } from '../order-draft';
import { biddingClosesAtIso } from '../order-form';
import { DescriptionField } from '../../../components/description-field';

function Section({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor
          component="button"
          type="button"
          onClick={onEdit}
          fw={600}
          size="sm"
          aria-label={`Edit ${title.toLowerCase()}`}
        >
          Edit
        </Anchor>
      </Group>
      {children}
    </Card>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
      {children}
    </SimpleGrid>
  );
}

function usePlaceLines() {
  const terminals = useTerminals();
  return (place: PlaceDraft): string[] => {
    if (place.kind === 'TERMINAL') {
      const terminal = terminals.data?.find((t) => t.id === place.terminalId);
      if (!terminal) return ['Terminal not found: choose it again'];
      return [
        `${terminal.name} (${TERMINAL_KIND_LABELS[terminal.kind]})`,
        `${terminal.city}, ${terminal.state}`,
      ];
    }
    const { street, neighborhood, lga, city, state } = place.address;
    return [[street, neighborhood].filter(Boolean).join(', '), `${city}, ${lga} LGA, ${state}`];
  };
}

/** The whole order in words, each part with a way back to the step it was entered on. */
export function ReviewStep({
  values,
  stepLabel,
  onEdit,
}: {
  values: OrderDraftValues;
  stepLabel: (step: number) => string;
  onEdit: (step: number) => void;
}) {
  const liners = useLiners();
  const placeLines = usePlaceLines();
  const cargoType = values.cargoType as CargoType;
  const unit = unitLabel(cargoType);
  const { pickupDate, closingDate, closingTime, targetPrice } = values.bidDetails;
  const targetKobo = targetPrice.trim() ? nairaToKobo(targetPrice) : null;
  const linerName = (id: string) => liners.data?.find((liner) => liner.id === id)?.name ?? '—';

  return (
    <Stack gap="md">
      <Section title={stepLabel(0)} onEdit={() => onEdit(0)}>
        <Fields>
          <DescriptionField label="Cargo type">{CARGO_TYPE_LABELS[cargoType]}</DescriptionField>
          <DescriptionField label="Client name">{values.clientName.trim()}</DescriptionField>
          <DescriptionField label="Reference">{values.reference.trim() || '—'}</DescriptionField>
        </Fields>
      </Section>

      <Section title={stepLabel(1)} onEdit={() => onEdit(1)}>
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {isContainerCargo(cargoType)
            ? values.containers.map((row, index) => (
                <Text component="li" size="sm" key={index}>
                  <Text span fw={600} ff="monospace">
                    {normalizeContainerNumber(row.containerNumber)}
                  </Text>{' '}
                  · {CONTAINER_SIZE_LABELS[row.containerSize]} · {linerName(row.linerId)} · delivery order
                  valid until {formatCalendarDate(row.deliveryOrderValidityDate)}
                </Text>
              ))
            : values.generalCargos.map((row, index) => (
                <Text component="li" size="sm" key={index}>
                  <Text span fw={600}>
                    Truck load {index + 1}:
                  </Text>{' '}
                  {row.description.trim()} · quantity {row.quantity.trim()} · {row.weightTonnes.trim()} tonnes
                  · {row.truckType ? TRUCK_TYPE_LABELS[row.truckType] : '—'}
                </Text>
              ))}
        </Stack>
      </Section>

      <Section title={stepLabel(2)} onEdit={() => onEdit(2)}>
        <Fields>
          <DescriptionField label="Pickup place">
            {placeLines(values.pickup).map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </DescriptionField>
          <DescriptionField label="Pickup date">{formatCalendarDate(pickupDate)}</DescriptionField>
        </Fields>
      </Section>

      <Section title={stepLabel(3)} onEdit={() => onEdit(3)}>
        <Fields>
          <DescriptionField label="Delivery place">
            {placeLines(values.recipient).map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </DescriptionField>
          <DescriptionField label="Bidding closes">
            {formatDateTime(biddingClosesAtIso(closingDate, closingTime))} (Lagos)
          </DescriptionField>
          <DescriptionField label={`Target price per ${unit}`}>
            {targetKobo === null ? 'No target price' : formatMoney(targetKobo)}
          </DescriptionField>
          <DescriptionField label="Who may bid">
            {values.preferredPartnersOnly ? 'Only your preferred partners' : 'Every verified transporter'}
          </DescriptionField>
          <DescriptionField label="Quote document">
            {values.quoteDocument
              ? `${values.quoteDocument.fileName} (${formatFileSize(values.quoteDocument.sizeBytes)})`
              : 'None'}
          </DescriptionField>
        </Fields>
      </Section>
    </Stack>
  );
}
