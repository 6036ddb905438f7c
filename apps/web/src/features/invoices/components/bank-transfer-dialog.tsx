import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatMoney, lagosToday, recordBankTransferRequest, type InvoiceDetail } from '@freightlane/domain';
import { useMemo } from 'react';
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
import { useInvoicesText, type InvoicesText } from '../text';

const NOTE_MAX = 500;

/** The contract's request, with a blank note left out and a day in the future refused before sending. */
function transferFormOf(t: InvoicesText) {
  return recordBankTransferRequest
    .extend({
      note: z
        .string()
        .trim()
        .max(NOTE_MAX, t('transfer.noteTooLong', { max: String(NOTE_MAX) }))
        .transform((note) => note || undefined),
    })
    .refine((values) => values.receivedOn <= lagosToday(), {
      path: ['receivedOn'],
      message: t('transfer.futureDay'),
    });
}
type TransferForm = ReturnType<typeof transferFormOf>;
type Input = z.input<TransferForm>;
type Output = z.output<TransferForm>;

/** An admin records a transfer seen on the bank statement; the amount is the invoice's. */
export function BankTransferDialog({ invoice, opened, onClose }: { invoice: InvoiceDetail } & DialogProps) {
  const t = useInvoicesText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('transfer.title')}>
      {(onBusy) => <TransferForm invoice={invoice} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function TransferForm({ invoice, onBusy, onDone }: { invoice: InvoiceDetail } & DialogFormProps) {
  const t = useInvoicesText();
  const transferForm = useMemo(() => transferFormOf(t), [t]);
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
        notifySuccess(t('transfer.done', { invoiceNumber: invoice.invoiceNumber }));
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['reference', 'receivedOn', 'note']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('transfer.intro', {
            customer: invoice.customerName,
            amount: formatMoney(invoice.amountKobo),
            invoiceNumber: invoice.invoiceNumber,
          })}
        </Text>
        <TextInput
          label={t('transfer.reference')}
          description={t('transfer.referenceHint')}
          required
          maxLength={60}
          error={errors.reference?.message}
          data-autofocus
          {...register('reference')}
        />
        <FormDateInput
          control={control}
          name="receivedOn"
          label={t('transfer.receivedOn')}
          maxDate={lagosToday()}
          required
        />
        <Textarea
          label={t('transfer.note')}
          description={t('transfer.noteHint', { max: String(NOTE_MAX) })}
          autosize
          minRows={2}
          maxLength={NOTE_MAX}
          error={errors.note?.message}
          {...register('note')}
        />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('transfer.submit')} />
      </Stack>
    </form>
  );
}
