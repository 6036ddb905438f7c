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
import { useTripComponentsText } from './text';

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
  const t = useTripComponentsText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('cancel.title', { count: trips.length })}>
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
  const t = useTripComponentsText();
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
  const count = trips.length;

  const onSubmit = handleSubmit(({ reason }) =>
    send(async () => {
      await cancel.mutateAsync({ tripIds: trips.map((trip) => trip.id), reason });
      notifySuccess(t('cancel.done', { count, names }));
      onCancelled();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('cancel.body', { count, names })}</Text>
        <ReasonField maxLength={MAX_TRIP_TEXT} error={errors.reason?.message} {...register('reason')} />
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          cancelLabel={t('cancel.keep', { count })}
          submitLabel={t('cancel.submit', { count })}
          destructive
        />
      </Stack>
    </form>
  );
}
