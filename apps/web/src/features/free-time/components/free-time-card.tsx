import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DEPOSIT_STATUS_LABELS,
  returnsEmpty,
  type ContainerFreeTime,
  type TripDetail,
} from '@freightlane/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { DescriptionField } from '../../../components/description-field';
import { Money } from '../../../components/marketplace-badges';
import { formatCalendarDate } from '../../../lib/format';
import { EditFreeTimeDialog } from './edit-free-time-dialog';
import { FreeTimeBadge } from './free-time-badge';

/** A day the container left or is expected to, or its empty came back or is expected back. */
function dayText(day: { date: string; actual: boolean }): string {
  return `${formatCalendarDate(day.date)}${day.actual ? '' : ' (expected)'}`;
}

function daysText(days: number, what: string): string {
  return `${days === 1 ? '1 day' : `${days} days`} of ${what}`;
}

/** What the projected charges are made of: "2 days of demurrage, 3 days of detention". */
export function chargeDaysText(freeTime: Pick<ContainerFreeTime, 'demurrageDays' | 'detentionDays'>): string {
  const parts = [
    freeTime.demurrageDays > 0 ? daysText(freeTime.demurrageDays, 'demurrage') : null,
    freeTime.detentionDays > 0 ? daysText(freeTime.detentionDays, 'detention') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'None on these dates';
}

/** The deposit paid to the line and what became of it: "₦500,000.00 · Refunded on 3 Dec 2026". */
export function DepositText({ deposit }: { deposit: ContainerFreeTime['deposit'] }) {
  const status =
    deposit.status === 'REFUNDED' && deposit.refundedOn
      ? `Refunded on ${formatCalendarDate(deposit.refundedOn)}`
      : DEPOSIT_STATUS_LABELS[deposit.status];
  if (deposit.amountKobo === null) return <>{status}</>;
  return (
    <>
      <Money kobo={deposit.amountKobo} size="sm" /> · {status}
    </>
  );
}

/** Why there is no count yet, and what would give one. */
function missingFactsText(freeTime: ContainerFreeTime, canEdit: boolean): string | null {
  if (freeTime.lastFreeDay === null) {
    return canEdit
      ? 'Add the discharge date (or the delivery order’s validity on the container) to count the free days.'
      : 'The free days are counted once the customer gives the discharge date.';
  }
  if (freeTime.tariff === null)
    return 'The line’s terms for this container are not known, so no charges are projected.';
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
  const [editing, setEditing] = useState(false);
  const linerOwned = returnsEmpty(trip.cargoType);
  const tariff = freeTime.tariff;
  const missing = missingFactsText(freeTime, canEdit);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="free-time-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="free-time-title">
          Free time and deposit
        </Title>
        <Group gap="xs">
          <FreeTimeBadge freeTime={freeTime} />
          {canEdit ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
              aria-label="Edit the free time and deposit"
            >
              Edit
            </Button>
          ) : null}
        </Group>
      </Group>
      <Stack gap="sm">
        {missing ? (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        ) : null}
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
          <DescriptionField label="Line’s free days">
            {tariff ? `${tariff.freeDays} ${tariff.freeDays === 1 ? 'day' : 'days'}` : 'Not known'}
          </DescriptionField>
          <DescriptionField label="Demurrage a day">
            {tariff ? <Money kobo={tariff.demurrageKoboPerDay} size="sm" /> : 'Not known'}
          </DescriptionField>
          {linerOwned ? (
            <DescriptionField label="Detention a day">
              {tariff ? <Money kobo={tariff.detentionKoboPerDay} size="sm" /> : 'Not known'}
            </DescriptionField>
          ) : null}
          <DescriptionField label="Discharge date">
            {freeTime.dischargeDate ? formatCalendarDate(freeTime.dischargeDate) : 'Not given'}
          </DescriptionField>
          <DescriptionField label="Last free day">
            {freeTime.lastFreeDay ? formatCalendarDate(freeTime.lastFreeDay) : 'Not known'}
            {freeTime.lastFreeDay && !freeTime.dischargeDate ? (
              <Text component="span" size="xs" c="dimmed" display="block">
                The delivery order’s last valid day
              </Text>
            ) : null}
          </DescriptionField>
          <DescriptionField label="Out of the port">{dayText(freeTime.gateOut)}</DescriptionField>
          {freeTime.emptyReturn ? (
            <DescriptionField label="Empty back to the line">
              {dayText(freeTime.emptyReturn)}
            </DescriptionField>
          ) : null}
          <DescriptionField label="Projected charges">
            <Money kobo={freeTime.projectedChargesKobo} size="sm" />
            <Text component="span" size="xs" c="dimmed" display="block">
              {chargeDaysText(freeTime)}
            </Text>
          </DescriptionField>
          {linerOwned || freeTime.deposit.status !== 'NOT_PAID' ? (
            <DescriptionField label="Deposit">
              <DepositText deposit={freeTime.deposit} />
            </DescriptionField>
          ) : null}
          <DescriptionField label="At stake">
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
