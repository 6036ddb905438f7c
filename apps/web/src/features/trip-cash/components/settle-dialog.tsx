import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CASH_METHODS,
  SETTLEMENT_DIRECTIONS,
  formatMoney,
  koboToNairaInput,
  type TripMoney,
} from '@freightlane/domain';
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
import { useSettleTrip } from '../api/trip-cash-api';
import { useTripCashText, type TripCashText } from '../text';
import { ChoiceField, useCashMethodChoices } from './choice-field';
import { nairaField } from './naira-field';

function settleFormOf(t: TripCashText) {
  return z
    .object({
      direction: z.enum(SETTLEMENT_DIRECTIONS),
      amount: nairaField(
        { missing: t('advanceForm.amountMissing'), unreadable: t('advanceForm.amountUnreadable') },
        true,
      ),
      method: z.enum(CASH_METHODS),
      reference: z.string().trim().max(100),
      note: z.string().trim().max(500),
    })
    .superRefine((value, ctx) => {
      if (value.method === 'TRANSFER' && value.amount > 0 && !value.reference) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: t('advanceForm.referenceHint') });
      }
    });
}
type SettleForm = ReturnType<typeof settleFormOf>;

/** Closes the trip's cash with the driver: what is paid now, and the rest carried to the running balance. */
export function SettleDialog({ money, opened, onClose }: { money: TripMoney } & DialogProps) {
  const t = useTripCashText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('settleForm.title')}>
      {(onBusy) => <SettleFormBody money={money} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function SettleFormBody({ money, onBusy, onDone }: { money: TripMoney } & DialogFormProps) {
  const t = useTripCashText();
  const methods = useCashMethodChoices();
  const schema = useMemo(() => settleFormOf(t), [t]);
  const settle = useSettleTrip(money.trip.id);
  const send = useDialogSubmit(onBusy);
  const balance = money.totals.balanceKobo;
  const driver = money.driver?.name ?? '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<SettleForm>, unknown, z.output<SettleForm>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      direction: balance < 0 ? 'FROM_DRIVER' : 'TO_DRIVER',
      amount: koboToNairaInput(Math.abs(balance)),
      method: 'CASH',
      reference: '',
      note: '',
    },
  });
  const onSubmit = handleSubmit(({ direction, amount, method, reference, note }) =>
    send(
      async () => {
        await settle.mutateAsync({
          direction,
          amountKobo: amount,
          method,
          reference: reference || undefined,
          note: note || undefined,
        });
        notifySuccess(t('settleForm.settled', { tripNumber: money.trip.tripNumber }));
        onDone();
      },
      (error) =>
        applyServerFieldErrors(withFormFieldNames(error, { amountKobo: 'amount' }), setError, [
          'amount',
          'reference',
          'note',
        ]),
    ),
  );
  const summary =
    balance > 0
      ? t('settleForm.balanceOwed', { driver, amount: formatMoney(balance) })
      : balance < 0
        ? t('settleForm.balanceHeld', { driver, amount: formatMoney(-balance) })
        : t('settleForm.balanceEven');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {summary}
        </Text>
        <ChoiceField
          control={control}
          name="direction"
          label={t('settleForm.direction')}
          choices={[
            { value: 'TO_DRIVER', label: t('settleForm.toDriver') },
            { value: 'FROM_DRIVER', label: t('settleForm.fromDriver') },
          ]}
        />
        <TextInput
          label={t('settleForm.amount')}
          description={t('settleForm.amountHint')}
          inputMode="decimal"
          leftSection="₦"
          required
          error={errors.amount?.message}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          {...register('amount')}
        />
        <ChoiceField control={control} name="method" label={t('settleForm.method')} choices={methods} />
        <TextInput
          label={t('settleForm.reference')}
          maxLength={100}
          error={errors.reference?.message}
          {...register('reference')}
        />
        <Textarea
          label={t('settleForm.note')}
          autosize
          minRows={2}
          maxLength={500}
          error={errors.note?.message}
          {...register('note')}
        />
        <Alert color="orange" variant="light">
          <Text size="sm">{t('settleForm.warning')}</Text>
        </Alert>
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('settleForm.submit')} />
      </Stack>
    </form>
  );
}
