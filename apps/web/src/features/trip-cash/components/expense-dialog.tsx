import { zodResolver } from '@hookform/resolvers/zod';
import { FileInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  EXPENSE_KINDS,
  MAX_DIESEL_LITRES,
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_TYPES,
  dieselAmountKobo,
  formatMoney,
  type ExpenseKind,
} from '@freightlane/domain';
import { IconPaperclip } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../components/form-dialog';
import { UploadStatus } from '../../../components/upload-status';
import { useLabels } from '../../../i18n/labels/labels';
import { applyServerFieldErrors, withFormFieldNames } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { fileProblem } from '../../../lib/upload-file';
import { useRecordExpense } from '../api/trip-cash-api';
import { useTripCashText, type TripCashText } from '../text';
import { nairaField } from './naira-field';

const RECEIPT_RULE = {
  mimeTypes: TRIP_DOCUMENT_TYPES,
  extensions: ['.pdf', '.jpg', '.jpeg', '.png', '.webp'],
  maxBytes: MAX_TRIP_DOCUMENT_BYTES,
  kinds: 'a PDF, JPEG, PNG or WebP file',
  noun: 'file',
};

/** Litres as typed ("150" or "150.5"), two decimals at most. */
function litresOf(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const litres = Number(text);
  return litres > 0 && litres <= MAX_DIESEL_LITRES ? litres : null;
}

function expenseFormOf(t: TripCashText) {
  const money = { missing: t('advanceForm.amountMissing'), unreadable: t('advanceForm.amountUnreadable') };
  return z
    .object({
      kind: z.enum(EXPENSE_KINDS, { error: t('expenseForm.chooseKind') }),
      amount: z.string(),
      litres: z.string(),
      price: z.string(),
      note: z.string().trim().max(500),
      receipt: z.custom<File | null>(),
    })
    .superRefine((value, ctx) => {
      const check = (path: 'amount' | 'price', text: string) => {
        const parsed = nairaField(money).safeParse(text);
        if (!parsed.success)
          ctx.addIssue({ code: 'custom', path: [path], message: parsed.error.issues[0]!.message });
      };
      if (value.kind === 'DIESEL') {
        if (litresOf(value.litres) === null) {
          ctx.addIssue({ code: 'custom', path: ['litres'], message: t('expenseForm.litresError') });
        }
        check('price', value.price);
      } else {
        check('amount', value.amount);
      }
      if (value.receipt && fileProblem(value.receipt, RECEIPT_RULE) !== null) {
        ctx.addIssue({ code: 'custom', path: ['receipt'], message: t('expenseForm.receiptProblem') });
      }
    });
}
type ExpenseForm = z.input<ReturnType<typeof expenseFormOf>>;

/** The API's fields for the form: diesel as litres and the price a litre in kobo, else the amount. */
function fieldsOf(form: ExpenseForm): { fields: Record<string, string>; amountKobo: number } {
  if (form.kind === 'DIESEL') {
    const litres = litresOf(form.litres)!;
    const price = nairaField({ missing: '', unreadable: '' }).parse(form.price);
    return {
      fields: { kind: 'DIESEL', litres: String(litres), pricePerLitreKobo: String(price), note: form.note },
      amountKobo: dieselAmountKobo(litres, price),
    };
  }
  const amount = nairaField({ missing: '', unreadable: '' }).parse(form.amount);
  return { fields: { kind: form.kind!, amountKobo: String(amount), note: form.note }, amountKobo: amount };
}

/** An expense the office paid for the driver: approved as it is recorded. */
export function ExpenseDialog({ tripId, opened, onClose }: { tripId: string } & DialogProps) {
  const t = useTripCashText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('expenseForm.title')}>
      {(onBusy) => <ExpenseFormBody tripId={tripId} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function ExpenseFormBody({ tripId, onBusy, onDone }: { tripId: string } & DialogFormProps) {
  const t = useTripCashText();
  const label = useLabels();
  const schema = useMemo(() => expenseFormOf(t), [t]);
  const record = useRecordExpense(tripId);
  const send = useDialogSubmit(onBusy);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ExpenseForm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { kind: undefined, amount: '', litres: '', price: '', note: '', receipt: null },
  });
  const [kind, litres, price] = useWatch({ control, name: ['kind', 'litres', 'price'] });
  const dieselTotal = useMemo(() => {
    const l = litresOf(litres ?? '');
    const p = nairaField({ missing: '', unreadable: '' }).safeParse(price ?? '');
    return l !== null && p.success ? dieselAmountKobo(l, p.data) : null;
  }, [litres, price]);

  const onSubmit = handleSubmit((form) =>
    send(
      async () => {
        const { fields, amountKobo } = fieldsOf(form);
        setProgress(0);
        try {
          await record.mutateAsync({ fields, receipt: form.receipt ?? null, onProgress: setProgress });
        } finally {
          setProgress(null);
        }
        notifySuccess(
          t('expenseForm.recorded', {
            kind: label('expenseKind', form.kind!),
            amount: formatMoney(amountKobo),
          }),
        );
        onDone();
      },
      (error) =>
        applyServerFieldErrors(
          withFormFieldNames(error, { amountKobo: 'amount', pricePerLitreKobo: 'price', file: 'receipt' }),
          setError,
          ['kind', 'amount', 'litres', 'price', 'note', 'receipt'],
        ),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('expenseForm.intro')}</Text>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Select
              label={t('expenseForm.kind')}
              placeholder={t('expenseForm.chooseKind')}
              required
              data-autofocus
              data={EXPENSE_KINDS.map((k) => ({ value: k, label: label('expenseKind', k) }))}
              value={field.value ?? null}
              onChange={(value) => field.onChange((value as ExpenseKind | null) ?? undefined)}
              onBlur={field.onBlur}
              error={errors.kind?.message}
              allowDeselect={false}
            />
          )}
        />
        {kind === 'DIESEL' ? (
          <>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label={t('expenseForm.litres')}
                inputMode="decimal"
                required
                error={errors.litres?.message}
                {...register('litres')}
              />
              <TextInput
                label={t('expenseForm.price')}
                inputMode="decimal"
                leftSection="₦"
                required
                error={errors.price?.message}
                {...register('price')}
              />
            </SimpleGrid>
            {dieselTotal !== null ? (
              <Text size="sm" fw={600}>
                {t('expenseForm.total', { amount: formatMoney(dieselTotal) })}
              </Text>
            ) : null}
          </>
        ) : (
          <TextInput
            label={t('expenseForm.amount')}
            inputMode="decimal"
            leftSection="₦"
            required
            error={errors.amount?.message}
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
            {...register('amount')}
          />
        )}
        <Textarea
          label={t('expenseForm.note')}
          autosize
          minRows={2}
          maxLength={500}
          error={errors.note?.message}
          {...register('note')}
        />
        <Controller
          control={control}
          name="receipt"
          render={({ field }) => (
            <FileInput
              label={t('expenseForm.receipt')}
              description={t('expenseForm.receiptHint')}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              accept={[...RECEIPT_RULE.mimeTypes, ...RECEIPT_RULE.extensions].join(',')}
              clearable
              value={field.value ?? null}
              onChange={field.onChange}
              error={errors.receipt?.message as string | undefined}
            />
          )}
        />
        <UploadStatus progress={progress} label={t('expenseForm.uploading')} problem={null} />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('expenseForm.submit')} />
      </Stack>
    </form>
  );
}
