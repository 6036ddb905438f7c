import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  MAX_NOTE_LENGTH,
  formatMoney,
  nairaToKobo,
  trucksAvailableField,
  unitLabel,
  type CargoType,
  type ReviseBidRequest,
} from '@freightlane/domain';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useActionError } from '../../../components/action-error';
import { ApiError } from '../../../lib/api';
import { unitCount } from './order-facts';

export const AMOUNT_HINT = 'Enter an amount in naira, e.g. 450000';

const bidFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .refine((value) => (nairaToKobo(value) ?? 0) > 0, AMOUNT_HINT),
  trucksAvailable: z
    .union([z.number(), z.string()])
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(trucksAvailableField),
  note: z.string().trim().max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`),
});
export type BidFormValues = z.input<typeof bidFormSchema>;
type Output = z.output<typeof bidFormSchema>;

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
  const showActionError = useActionError();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BidFormValues, unknown, Output>({
    resolver: zodResolver(bidFormSchema),
    mode: 'onTouched',
    defaultValues,
  });
  const unit = unitLabel(cargoType);
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
          label={`Price per ${unit}`}
          description={
            amountKobo && itemCount > 1
              ? `For all ${unitCount(cargoType, itemCount)}: ${formatMoney(amountKobo * itemCount)}`
              : 'In naira, e.g. 450000'
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
              label="Trucks you can commit"
              description={`This order has ${unitCount(cargoType, itemCount)}.`}
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
          label="Note"
          description={`Optional, for the customer: when your trucks can reach pickup, what is included. ${noteLength}/${MAX_NOTE_LENGTH}`}
          autosize
          minRows={2}
          maxRows={6}
          error={errors.note?.message}
          {...register('note')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
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
