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

/** The transporter's promise to the customer: the day the cargo should arrive, or none. */
export function TripExpectedDeliveryDialog({ trip, opened, onClose }: { trip: TripDetail } & DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Expected delivery">
      {(onBusy) => <ExpectedDeliveryForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function ExpectedDeliveryForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const update = useUpdateTrip(trip.id);
  const send = useDialogSubmit(onBusy);
  const [value, setValue] = useState(trip.expectedDeliveryDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function save(expectedDeliveryDate: string | null) {
    if (expectedDeliveryDate !== null && !isoDate.safeParse(expectedDeliveryDate).success) {
      setProblem('Enter a date');
      return;
    }
    setProblem(null);
    setSending(true);
    await send(async () => {
      await update.mutateAsync({ expectedDeliveryDate });
      notifySuccess(
        expectedDeliveryDate
          ? 'The expected delivery date is saved.'
          : 'The expected delivery date is cleared.',
      );
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
        <Text size="sm">The customer sees this date on the trip.</Text>
        <DateField
          label="Expected delivery date"
          minDate={trip.pickupDate}
          value={value}
          onChange={setValue}
          error={problem}
          data-autofocus
        />
        <DialogActions
          onCancel={onDone}
          sending={sending}
          submitLabel="Save"
          submitDisabled={!value}
          aside={
            trip.expectedDeliveryDate ? (
              <Button variant="subtle" color="red" onClick={() => void save(null)} disabled={sending}>
                Clear the date
              </Button>
            ) : null
          }
        />
      </Stack>
    </form>
  );
}
