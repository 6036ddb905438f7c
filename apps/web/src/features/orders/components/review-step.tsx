import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  isContainerCargo,
  nairaToKobo,
  normalizeContainerNumber,
  type CargoType,
} from '@freightlane/domain';
import type { ReactNode } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { formatFileSize } from '../../company';
import { useLiners, useTerminals } from '../../lookups';
import type { OrderDraftValues, PlaceDraft } from '../order-draft';
import { biddingClosesAtIso } from '../order-form';
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';
import { DescriptionField } from '../../../components/description-field';
import { OrderRateGuidance } from './order-rate-guidance';

function Section({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  const t = useOrdersText();
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
          aria-label={t('review.editSection', { section: title.toLowerCase() })}
        >
          {t('review.edit')}
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
  const t = useOrdersText();
  const label = useLabels();
  const terminals = useTerminals();
  return (place: PlaceDraft): string[] => {
    if (place.kind === 'TERMINAL') {
      const terminal = terminals.data?.find((candidate) => candidate.id === place.terminalId);
      if (!terminal) return [t('review.terminalNotFound')];
      return [
        t('place.terminalWithKind', { name: terminal.name, kind: label('terminalKind', terminal.kind) }),
        `${terminal.city}, ${terminal.state}`,
      ];
    }
    const { street, neighborhood, lga, city, state } = place.address;
    return [[street, neighborhood].filter(Boolean).join(', '), t('place.town', { city, lga, state })];
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
  const t = useOrdersText();
  const label = useLabels();
  const liners = useLiners();
  const placeLines = usePlaceLines();
  const cargoType = values.cargoType as CargoType;
  const unit = unitWords(t, cargoType).one;
  const { pickupDate, closingDate, closingTime, targetPrice } = values.bidDetails;
  const targetKobo = targetPrice.trim() ? nairaToKobo(targetPrice) : null;
  const linerName = (id: string) => liners.data?.find((liner) => liner.id === id)?.name ?? '—';

  return (
    <Stack gap="md">
      <Section title={stepLabel(0)} onEdit={() => onEdit(0)}>
        <Fields>
          <DescriptionField label={t('review.cargoType')}>{label('cargoType', cargoType)}</DescriptionField>
          <DescriptionField label={t('review.clientName')}>{values.clientName.trim()}</DescriptionField>
          <DescriptionField label={t('field.reference')}>{values.reference.trim() || '—'}</DescriptionField>
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
                  {t('review.containerDetails', {
                    size: label('containerSize', row.containerSize),
                    liner: linerName(row.linerId),
                    date: formatCalendarDate(row.deliveryOrderValidityDate),
                  })}
                </Text>
              ))
            : values.generalCargos.map((row, index) => (
                <Text component="li" size="sm" key={index}>
                  <Text span fw={600}>
                    {t('review.truckLoadTitle', { number: index + 1 })}
                  </Text>{' '}
                  {t('review.truckLoadDetails', {
                    description: row.description.trim(),
                    quantity: row.quantity.trim(),
                    weight: row.weightTonnes.trim(),
                    truckType: row.truckType ? label('truckType', row.truckType) : '—',
                  })}
                </Text>
              ))}
        </Stack>
      </Section>

      <Section title={stepLabel(2)} onEdit={() => onEdit(2)}>
        <Fields>
          <DescriptionField label={t('place.pickupPlace')}>
            {placeLines(values.pickup).map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </DescriptionField>
          <DescriptionField label={t('field.pickupDate')}>{formatCalendarDate(pickupDate)}</DescriptionField>
        </Fields>
      </Section>

      <Section title={stepLabel(3)} onEdit={() => onEdit(3)}>
        <Fields>
          <DescriptionField label={t('place.deliveryPlace')}>
            {placeLines(values.recipient).map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </DescriptionField>
          <DescriptionField label={t('field.biddingCloses')}>
            {t('review.closesAt', { when: formatDateTime(biddingClosesAtIso(closingDate, closingTime)) })}
          </DescriptionField>
          <DescriptionField label={t('field.targetPricePer', { unit })}>
            {targetKobo === null ? t('value.noTargetPrice') : formatMoney(targetKobo)}
          </DescriptionField>
          <DescriptionField label={t('field.whoMayBid')}>
            {values.preferredPartnersOnly ? t('value.partnersOnly') : t('value.everyTransporter')}
          </DescriptionField>
          <DescriptionField label={t('field.returnLoadsWelcome')}>
            {values.returnLoadsWelcome ? t('value.yes') : t('value.no')}
          </DescriptionField>
          <DescriptionField label={t('field.quoteDocument')}>
            {values.quoteDocument
              ? `${values.quoteDocument.fileName} (${formatFileSize(values.quoteDocument.sizeBytes)})`
              : t('value.none')}
          </DescriptionField>
        </Fields>
      </Section>

      <OrderRateGuidance headingOrder={3} framed />
    </Stack>
  );
}
