import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import {
  MAX_TRIP_TEXT,
  previousTripStatus,
  undoTripStatusRequest,
  type TripDetail,
} from '@freightlane/domain';
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
import { useUndoTripStatus } from '../api/trip-detail-api';
import { useTripComponentsText } from './text';
import { useTripStatusLabel } from './trip-status';

type Input = z.input<typeof undoTripStatusRequest>;
type Output = z.output<typeof undoTripStatusRequest>;

/** Admin only: takes the trip's last step back (a status recorded by mistake), with a reason for the audit. */
export function TripUndoStatusDialog({ trip, opened, onClose }: { trip: TripDetail } & DialogProps) {
  const t = useTripComponentsText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('undo.title')}>
      {(onBusy) => <UndoForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function UndoForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const t = useTripComponentsText();
  const statusLabel = useTripStatusLabel();
  const undo = useUndoTripStatus(trip.id);
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(undoTripStatusRequest),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const latest = trip.latestTripStatus?.tripStatus ?? null;
  const previous = previousTripStatus(trip.cargoType, latest);

  const onSubmit = handleSubmit(({ reason }) =>
    send(async () => {
      await undo.mutateAsync(reason);
      notifySuccess(t('undo.done', { tripNumber: trip.tripNumber }));
      onDone();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {latest ? (
          <Text size="sm">
            {previous
              ? t('undo.backToStatus', {
                  from: statusLabel(trip.cargoType, latest),
                  to: statusLabel(trip.cargoType, previous),
                })
              : t('undo.backToStart', { from: statusLabel(trip.cargoType, latest) })}
          </Text>
        ) : null}
        <ReasonField maxLength={MAX_TRIP_TEXT} error={errors.reason?.message} {...register('reason')} />
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          cancelLabel={t('undo.keep')}
          submitLabel={t('undo.submit')}
          destructive
        />
      </Stack>
    </form>
  );
}
