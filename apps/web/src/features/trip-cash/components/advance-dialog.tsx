import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, TextInput } from '@mantine/core';
import { CASH_METHODS, formatMoney, type TripMoney } from '@freightlane/domain';
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
import { applyServerFieldErrors, withFormFieldNames } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useGiveAdvance } from '../api/trip-cash-api';
import { useTripCashText, type TripCashText } from '../text';
import { ChoiceField, useCashMethodChoices } from './choice-field';
import { nairaField } from './naira-field';

function advanceFormOf(t: TripCashText) {
  return z
    .object({
      method: z.enum(CASH_METHODS),
      amount: nairaField({
        missing: t('advanceForm.amountMissing'),
        unreadable: t('advanceForm.amountUnreadable'),
      }),
      reference: z.string().trim().max(100),
    })
    .superRefine((value, ctx) => {
      if (value.method === 'TRANSFER' && !value.reference) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: t('advanceForm.referenceHint') });
      }
    });
}
type AdvanceForm = ReturnType<typeof advanceFormOf>;

/** Cash or a transfer given to the trip's driver. */
export function AdvanceDialog({ money, opened, onClose }: { money: TripMoney } & DialogProps) {
  const t = useTripCashText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('advanceForm.title')}>
      {(onBusy) => <AdvanceFormBody money={money} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function AdvanceFormBody({ money, onBusy, onDone }: { money: TripMoney } & DialogFormProps) {
  const t = useTripCashText();
  const methods = useCashMethodChoices();
  const schema = useMemo(() => advanceFormOf(t), [t]);
  const give = useGiveAdvance(money.trip.id);
  const send = useDialogSubmit(onBusy);
  const driver = money.driver?.name ?? '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<AdvanceForm>, unknown, z.output<AdvanceForm>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { method: 'CASH', amount: '', reference: '' },
  });
  const onSubmit = handleSubmit(({ method, amount, reference }) =>
    send(
      async () => {
        await give.mutateAsync({ method, amountKobo: amount, reference: reference || undefined });
        notifySuccess(t('advanceForm.given', { amount: formatMoney(amount), driver }));
        onDone();
      },
      (error) =>
        applyServerFieldErrors(withFormFieldNames(error, { amountKobo: 'amount' }), setError, [
          'amount',
          'reference',
        ]),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('advanceForm.intro', { driver })}</Text>
        <ChoiceField control={control} name="method" label={t('advanceForm.method')} choices={methods} />
        <TextInput
          label={t('advanceForm.amount')}
          inputMode="decimal"
          leftSection="₦"
          required
          data-autofocus
          error={errors.amount?.message}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          {...register('amount')}
        />
        <TextInput
          label={t('advanceForm.reference')}
          description={t('advanceForm.referenceHint')}
          maxLength={100}
          error={errors.reference?.message}
          {...register('reference')}
        />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('advanceForm.submit')} />
      </Stack>
    </form>
  );
}
