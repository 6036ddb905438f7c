import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  MAX_NOTE_LENGTH,
  formatMoney,
  nairaToKobo,
  trucksAvailableField,
  type CargoType,
  type ReviseBidRequest,
} from '@freightlane/domain';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useActionError } from '../../../components/action-error';
import { ApiError } from '../../../lib/api';
import { useBidsText, type BidsText } from '../text';
import { unitCount, unitName } from './order-facts';

/** The form's own checks in the screen's language; the trucks keep the domain's words. */
function bidFormSchema(t: BidsText) {
  return z.object({
    amount: z
      .string()
      .trim()
      .refine((value) => (nairaToKobo(value) ?? 0) > 0, t('bidForm.amountHint')),
    trucksAvailable: z
      .union([z.number(), z.string()])
      .transform((value) => (value === '' ? undefined : Number(value)))
      .pipe(trucksAvailableField),
    note: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, t('bidForm.noteTooLong', { max: MAX_NOTE_LENGTH })),
  });
}
type BidFormSchema = ReturnType<typeof bidFormSchema>;
export type BidFormValues = z.input<BidFormSchema>;
type Output = z.output<BidFormSchema>;

/** The server names the price amountKobo; the form holds it as typed naira. */
const FIELD_OF_SERVER_FIELD: Record<string, keyof BidFormValues> = {
  amountKobo: 'amount',
  trucksAvailable: 'trucksAvailable',
  note: 'note',
};

/**
 * Price per container or truck load (typed in naira, sent in kobo), the trucks the company can
 * commit and a note for the customer. Used to place a bid and to revise one.
 */
export function BidForm({
  cargoType,
  itemCount,
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  cargoType: CargoType;
  itemCount: number;
  defaultValues: BidFormValues;
  submitLabel: string;
  onSubmit: (body: ReviseBidRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const t = useBidsText();
  const showActionError = useActionError();
  const schema = useMemo(() => bidFormSchema(t), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BidFormValues, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const unit = unitName(t, cargoType);
  const amountKobo = nairaToKobo(watch('amount') ?? '');
  const noteLength = (watch('note') ?? '').length;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({
        amountKobo: nairaToKobo(values.amount) ?? 0,
        trucksAvailable: values.trucksAvailable,
        note: values.note,
      });
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError && error.status === 400) {
        for (const { field, message } of error.errors) {
          const name = FIELD_OF_SERVER_FIELD[field];
          if (name) {
            setError(name, { type: 'server', message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) showActionError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('bidForm.pricePer', { unit })}
          description={
            amountKobo && itemCount > 1
              ? t('bidForm.forAll', {
                  units: unitCount(t, cargoType, itemCount),
                  total: formatMoney(amountKobo * itemCount),
                })
              : t('bidForm.inNaira')
          }
          leftSection={
            <Text size="sm" aria-hidden>
              ₦
            </Text>
          }
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Controller
          control={control}
          name="trucksAvailable"
          render={({ field }) => (
            <NumberInput
              label={t('bidForm.trucks')}
              description={t('bidForm.orderHas', { units: unitCount(t, cargoType, itemCount) })}
              min={1}
              max={500}
              allowDecimal={false}
              allowNegative={false}
              required
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.trucksAvailable?.message}
            />
          )}
        />
        <Textarea
          label={t('bidForm.note')}
          description={t('bidForm.noteHint', { length: noteLength, max: MAX_NOTE_LENGTH })}
          autosize
          minRows={2}
          maxRows={6}
          error={errors.note?.message}
          {...register('note')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('bidForm.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
