import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { returnsEmpty, type ContainerFreeTime, type TripDetail } from '@freightlane/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { DescriptionField } from '../../../components/description-field';
import { Money } from '../../../components/marketplace-badges';
import { formatCalendarDate } from '../../../lib/format';
import { useLabels } from '../../../i18n/labels/labels';
import { useFreeTimeText, type FreeTimeKey, type FreeTimeText } from '../text';
import { EditFreeTimeDialog } from './edit-free-time-dialog';
import { FreeTimeBadge } from './free-time-badge';

/** A day the container left or is expected to, or its empty came back or is expected back. */
function dayText(day: { date: string; actual: boolean }, t: FreeTimeText): string {
  const date = formatCalendarDate(day.date);
  return day.actual ? date : t('card.expectedDay', { date });
}

/** What the projected charges are made of: "2 days of demurrage, 3 days of detention". */
export function chargeDaysText(
  freeTime: Pick<ContainerFreeTime, 'demurrageDays' | 'detentionDays'>,
  t: FreeTimeText,
): string {
  const parts = [
    freeTime.demurrageDays > 0 ? t('charges.demurrageDays', { days: freeTime.demurrageDays }) : null,
    freeTime.detentionDays > 0 ? t('charges.detentionDays', { days: freeTime.detentionDays }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : t('charges.none');
}

/** The deposit paid to the line and what became of it: "₦500,000.00 · Refunded on 3 Dec 2026". */
export function DepositText({ deposit }: { deposit: ContainerFreeTime['deposit'] }) {
  const t = useFreeTimeText();
  const label = useLabels();
  const status =
    deposit.status === 'REFUNDED' && deposit.refundedOn
      ? t('deposit.refundedOn', { date: formatCalendarDate(deposit.refundedOn) })
      : label('depositStatus', deposit.status);
  if (deposit.amountKobo === null) return <>{status}</>;
  return (
    <>
      <Money kobo={deposit.amountKobo} size="sm" /> · {status}
    </>
  );
}

/** Why there is no count yet, and what would give one. */
function missingFactsKey(freeTime: ContainerFreeTime, canEdit: boolean): FreeTimeKey | null {
  if (freeTime.lastFreeDay === null)
    return canEdit ? 'card.missingDischargeCanEdit' : 'card.missingDischarge';
  if (freeTime.tariff === null) return 'card.missingTariff';
  return null;
}

/**
 * An import container's free time and deposit on the trip page: the line's terms, the days that count,
 * the charges the line will ask if the container moves on the dates shown, and what the customer has at
 * stake. The customer (and an admin) can correct the dates and the deposit.
 */
export function FreeTimeCard({
  trip,
  freeTime,
  canEdit,
}: {
  trip: TripDetail;
  freeTime: ContainerFreeTime;
  canEdit: boolean;
}) {
  const t = useFreeTimeText();
  const [editing, setEditing] = useState(false);
  const linerOwned = returnsEmpty(trip.cargoType);
  const tariff = freeTime.tariff;
  const missing = missingFactsKey(freeTime, canEdit);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="free-time-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="free-time-title">
          {t('card.title')}
        </Title>
        <Group gap="xs">
          <FreeTimeBadge freeTime={freeTime} />
          {canEdit ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
              aria-label={t('card.editLabel')}
            >
              {t('card.edit')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Stack gap="sm">
        {missing ? (
          <Text size="sm" c="dimmed">
            {t(missing)}
          </Text>
        ) : null}
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
          <DescriptionField label={t('card.freeDays')}>
            {tariff ? t('card.freeDaysValue', { days: tariff.freeDays }) : t('card.notKnown')}
          </DescriptionField>
          <DescriptionField label={t('card.demurrage')}>
            {tariff ? <Money kobo={tariff.demurrageKoboPerDay} size="sm" /> : t('card.notKnown')}
          </DescriptionField>
          {linerOwned ? (
            <DescriptionField label={t('card.detention')}>
              {tariff ? <Money kobo={tariff.detentionKoboPerDay} size="sm" /> : t('card.notKnown')}
            </DescriptionField>
          ) : null}
          <DescriptionField label={t('card.dischargeDate')}>
            {freeTime.dischargeDate ? formatCalendarDate(freeTime.dischargeDate) : t('card.notGiven')}
          </DescriptionField>
          <DescriptionField label={t('card.lastFreeDay')}>
            {freeTime.lastFreeDay ? formatCalendarDate(freeTime.lastFreeDay) : t('card.notKnown')}
            {freeTime.lastFreeDay && !freeTime.dischargeDate ? (
              <Text component="span" size="xs" c="dimmed" display="block">
                {t('card.deliveryOrderDay')}
              </Text>
            ) : null}
          </DescriptionField>
          <DescriptionField label={t('card.gateOut')}>{dayText(freeTime.gateOut, t)}</DescriptionField>
          {freeTime.emptyReturn ? (
            <DescriptionField label={t('card.emptyReturn')}>
              {dayText(freeTime.emptyReturn, t)}
            </DescriptionField>
          ) : null}
          <DescriptionField label={t('card.projected')}>
            <Money kobo={freeTime.projectedChargesKobo} size="sm" />
            <Text component="span" size="xs" c="dimmed" display="block">
              {chargeDaysText(freeTime, t)}
            </Text>
          </DescriptionField>
          {linerOwned || freeTime.deposit.status !== 'NOT_PAID' ? (
            <DescriptionField label={t('card.deposit')}>
              <DepositText deposit={freeTime.deposit} />
            </DescriptionField>
          ) : null}
          <DescriptionField label={t('card.atStake')}>
            <Money kobo={freeTime.atStakeKobo} size="sm" fw={700} />
          </DescriptionField>
        </SimpleGrid>
      </Stack>
      {canEdit ? (
        <EditFreeTimeDialog
          trip={trip}
          freeTime={freeTime}
          opened={editing}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}
