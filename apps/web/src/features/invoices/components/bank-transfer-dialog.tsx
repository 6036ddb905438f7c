import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatMoney, lagosToday, recordBankTransferRequest, type InvoiceDetail } from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../components/form-dialog';
import { FormDateInput } from '../../../components/form-inputs';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useRecordBankTransfer } from '../api/invoices-api';

const NOTE_MAX = 500;

/** The contract's request, with a blank note left out and a day in the future refused before sending. */
const transferForm = recordBankTransferRequest
  .extend({
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters`)
      .transform((note) => note || undefined),
  })
  .refine((values) => values.receivedOn <= lagosToday(), {
    path: ['receivedOn'],
    message: 'The day the money arrived cannot be in the future',
  });
type Input = z.input<typeof transferForm>;
type Output = z.output<typeof transferForm>;

/** An admin records a transfer seen on the bank statement; the amount is the invoice's. */
export function BankTransferDialog({ invoice, opened, onClose }: { invoice: InvoiceDetail } & DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Record a bank transfer">
      {(onBusy) => <TransferForm invoice={invoice} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function TransferForm({ invoice, onBusy, onDone }: { invoice: InvoiceDetail } & DialogFormProps) {
  const record = useRecordBankTransfer(invoice.id);
  const send = useDialogSubmit(onBusy);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(transferForm),
    mode: 'onTouched',
    defaultValues: { reference: '', receivedOn: lagosToday(), note: '' },
  });

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await record.mutateAsync(body);
        notifySuccess(`${invoice.invoiceNumber} is paid by bank transfer. Both companies are told.`);
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['reference', 'receivedOn', 'note']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {invoice.customerName} paid {formatMoney(invoice.amountKobo)} for {invoice.invoiceNumber}. The
          invoice is marked paid and the transporter&apos;s payout is raised.
        </Text>
        <TextInput
          label="Transfer reference"
          description="As it appears on the bank statement"
          required
          maxLength={60}
          error={errors.reference?.message}
          data-autofocus
          {...register('reference')}
        />
        <FormDateInput
          control={control}
          name="receivedOn"
          label="Day the money arrived"
          maxDate={lagosToday()}
          required
        />
        <Textarea
          label="Note"
          description={`Optional, at most ${NOTE_MAX} characters`}
          autosize
          minRows={2}
          maxLength={NOTE_MAX}
          error={errors.note?.message}
          {...register('note')}
        />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Record the payment" />
      </Stack>
    </form>
  );
}
