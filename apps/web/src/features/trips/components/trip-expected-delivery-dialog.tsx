import { Button, Stack, Text } from '@mantine/core';
import { isoDate, type TripDetail } from '@freightlane/domain';
import { useState, type FormEvent } from 'react';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { DateField } from '../../../components/date-field';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateTrip } from '../api/trip-detail-api';
import { useTripComponentsText } from './text';

/** The transporter's promise to the customer: the day the cargo should arrive, or none. */
export function TripExpectedDeliveryDialog({ trip, opened, onClose }: { trip: TripDetail } & DialogProps) {
  const t = useTripComponentsText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('expectedDelivery.title')}>
      {(onBusy) => <ExpectedDeliveryForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function ExpectedDeliveryForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const t = useTripComponentsText();
  const update = useUpdateTrip(trip.id);
  const send = useDialogSubmit(onBusy);
  const [value, setValue] = useState(trip.expectedDeliveryDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function save(expectedDeliveryDate: string | null) {
    if (expectedDeliveryDate !== null && !isoDate.safeParse(expectedDeliveryDate).success) {
      setProblem(t('expectedDelivery.enterDate'));
      return;
    }
    setProblem(null);
    setSending(true);
    await send(async () => {
      await update.mutateAsync({ expectedDeliveryDate });
      notifySuccess(expectedDeliveryDate ? t('expectedDelivery.saved') : t('expectedDelivery.cleared'));
      onDone();
    });
    setSending(false);
  }

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!sending) void save(value || null);
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('expectedDelivery.hint')}</Text>
        <DateField
          label={t('expectedDelivery.date')}
          minDate={trip.pickupDate}
          value={value}
          onChange={setValue}
          error={problem}
          data-autofocus
        />
        <DialogActions
          onCancel={onDone}
          sending={sending}
          submitLabel={t('expectedDelivery.save')}
          submitDisabled={!value}
          aside={
            trip.expectedDeliveryDate ? (
              <Button variant="subtle" color="red" onClick={() => void save(null)} disabled={sending}>
                {t('expectedDelivery.clear')}
              </Button>
            ) : null
          }
        />
      </Stack>
    </form>
  );
}
