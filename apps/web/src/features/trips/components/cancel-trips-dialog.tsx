import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { MAX_TRIP_TEXT, cancelTripsRequest } from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  ReasonField,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useCancelTrips } from '../api/trip-detail-api';

const reasonForm = cancelTripsRequest.pick({ reason: true });
type Input = z.input<typeof reasonForm>;
type Output = z.output<typeof reasonForm>;

export interface TripToCancel {
  id: string;
  tripNumber: string;
}

/** Cancels one trip or several at once, with a reason both parties see. All of them are cancelled, or none. */
export function CancelTripsDialog({
  trips,
  opened,
  onClose,
  onCancelled,
}: { trips: TripToCancel[]; onCancelled?: () => void } & DialogProps) {
  const title = trips.length === 1 ? 'Cancel this trip?' : `Cancel ${trips.length} trips?`;
  return (
    <FormDialog opened={opened} onClose={onClose} title={title}>
      {(onBusy) => (
        <CancelForm
          trips={trips}
          onBusy={onBusy}
          onDone={onClose}
          onCancelled={() => {
            onCancelled?.();
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

function CancelForm({
  trips,
  onBusy,
  onDone,
  onCancelled,
}: { trips: TripToCancel[]; onCancelled: () => void } & DialogFormProps) {
  const cancel = useCancelTrips();
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(reasonForm),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const names = trips.map((trip) => trip.tripNumber).join(', ');

  const onSubmit = handleSubmit(({ reason }) =>
    send(async () => {
      await cancel.mutateAsync({ tripIds: trips.map((trip) => trip.id), reason });
      notifySuccess(trips.length === 1 ? `Trip ${names} is cancelled.` : `Trips ${names} are cancelled.`);
      onCancelled();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {trips.length === 1 ? `Trip ${names}` : `Trips ${names}`} stop for good: the other party is told and
          the trucks are free for other work. This cannot be undone.
        </Text>
        <ReasonField maxLength={MAX_TRIP_TEXT} error={errors.reason?.message} {...register('reason')} />
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          cancelLabel={trips.length === 1 ? 'Keep the trip' : 'Keep the trips'}
          submitLabel={trips.length === 1 ? 'Cancel trip' : 'Cancel trips'}
          destructive
        />
      </Stack>
    </form>
  );
}
