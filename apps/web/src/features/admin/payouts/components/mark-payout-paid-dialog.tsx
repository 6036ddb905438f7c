import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, markPayoutPaidRequest, type Earning } from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { notifySuccess } from '../../../../lib/notify';
import { useMarkPayoutPaid } from '../api/admin-payouts-api';

type Input = z.input<typeof markPayoutPaidRequest>;
type Output = z.output<typeof markPayoutPaidRequest>;

/** Once the transfer to the transporter is made, its reference marks the payout paid; the transporter is told. */
export function MarkPayoutPaidDialog({ earning, opened, onClose }: { earning: Earning } & DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Mark the payout paid">
      {(onBusy) => <MarkPaidForm earning={earning} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function MarkPaidForm({ earning, onBusy, onDone }: { earning: Earning } & DialogFormProps) {
  const markPaid = useMarkPayoutPaid();
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(markPayoutPaidRequest),
    mode: 'onTouched',
    defaultValues: { reference: '' },
  });
  const net = formatMoney(earning.payout.netKobo);

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await markPaid.mutateAsync({ payoutId: earning.payout.id, body });
        notifySuccess(`The payout of ${net} to ${earning.transporterName} is marked paid. They are told.`);
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['reference']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Transfer {net} to {earning.transporterName} for trip {earning.trip.tripNumber} (invoice{' '}
          {earning.invoiceNumber}), then enter the transfer&apos;s reference from the bank.
        </Text>
        <TextInput
          label="Transfer reference"
          description="As the bank gives it for the transfer to the transporter"
          required
          maxLength={60}
          error={errors.reference?.message}
          data-autofocus
          {...register('reference')}
        />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Mark paid" />
      </Stack>
    </form>
  );
}
