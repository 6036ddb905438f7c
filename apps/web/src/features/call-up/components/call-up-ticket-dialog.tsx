import { Alert, Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  callUpTicketRequest,
  formatMoney,
  lagosIsoDateTime,
  MAX_CALL_UP_AHEAD_DAYS,
  MAX_CALL_UP_COST_KOBO,
  MAX_CALL_UP_PAST_DAYS,
  MAX_CALL_UP_WINDOW_HOURS,
  type CallUpTicketRequest,
  type TripCallUp,
} from '@freightlane/domain';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../components/form-dialog';
import { FormDateTimeInput } from '../../../components/form-inputs';
import { ApiError } from '../../../lib/api';
import { applyServerFieldErrors, withFormFieldNames } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { nairaField } from '../../trip-cash';
import { useRecordCallUpTicket } from '../api/call-up-api';
import { useCallUpText, type CallUpText } from '../text';

interface TicketFormValues {
  ticketNumber: string;
  holdingBayId: string;
  /** YYYY-MM-DDTHH:mm, Lagos wall clock. */
  validFrom: string;
  validUntil: string;
  /** Naira as typed. */
  cost: string;
  paidByDriver: boolean;
}
type TicketField = keyof TicketFormValues;

const FIELDS: readonly TicketField[] = ['ticketNumber', 'holdingBayId', 'validFrom', 'validUntil', 'cost'];

/** The API names the cost in kobo and its fields under `body.`; the form holds naira. */
const FORM_FIELD_NAMES: Record<string, string> = Object.fromEntries(
  [...FIELDS, 'paidByDriver', 'costKobo'].flatMap((field) => {
    const name = field === 'costKobo' ? 'cost' : field;
    return [
      [field, name],
      [`body.${field}`, name],
    ];
  }),
);

const HOUR_MS = 3_600_000;

/**
 * The domain's check decides what is wrong; the words are the reader's language. Its custom checks of the
 * window are told apart by the values they refused.
 */
function problemText(
  t: CallUpText,
  issue: z.core.$ZodIssue,
  request: { validFrom?: string; validUntil?: string },
): { field: TicketField; message: string } | null {
  const field = String(issue.path[0] ?? '');
  switch (field) {
    case 'ticketNumber':
      if (issue.code === 'too_big')
        return { field, message: t('form.ticketTooLong', { max: Number(issue.maximum) }) };
      if (issue.code === 'invalid_format') return { field, message: t('form.ticketCharacters') };
      return { field, message: t('form.ticketMissing') };
    case 'holdingBayId':
      return { field, message: t('form.chooseBay') };
    case 'validFrom':
      return issue.code === 'custom'
        ? { field, message: t('form.tooFarAhead', { days: MAX_CALL_UP_AHEAD_DAYS }) }
        : { field, message: t('form.enterWhen') };
    case 'validUntil': {
      if (issue.code !== 'custom') return { field, message: t('form.enterWhen') };
      const from = Date.parse(request.validFrom ?? '');
      const until = Date.parse(request.validUntil ?? '');
      if (until <= from) return { field, message: t('form.closeAfterOpen') };
      if (until - from > MAX_CALL_UP_WINDOW_HOURS * HOUR_MS)
        return { field, message: t('form.windowTooLong', { hours: MAX_CALL_UP_WINDOW_HOURS }) };
      return { field, message: t('form.closedLongAgo', { days: MAX_CALL_UP_PAST_DAYS }) };
    }
    case 'costKobo':
      return issue.code === 'too_big'
        ? { field: 'cost', message: t('form.costTooHigh', { max: formatMoney(MAX_CALL_UP_COST_KOBO) }) }
        : { field: 'cost', message: t('form.costUnreadable') };
    default:
      return null;
  }
}

/** The typed form read into the API's request, checked by the domain's own schema. */
const ticketResolver =
  (t: CallUpText): Resolver<TicketFormValues, unknown, CallUpTicketRequest> =>
  (values) => {
    const errors: Partial<Record<TicketField, { type: string; message: string }>> = {};
    const validFrom = lagosIsoDateTime(values.validFrom) ?? undefined;
    const validUntil = lagosIsoDateTime(values.validUntil) ?? undefined;
    if (!validFrom) errors.validFrom = { type: 'format', message: t('form.enterWhen') };
    if (!validUntil) errors.validUntil = { type: 'format', message: t('form.enterWhen') };
    const cost = nairaField(
      { missing: t('form.costMissing'), unreadable: t('form.costUnreadable') },
      true,
    ).safeParse(values.cost);
    if (!cost.success) errors.cost = { type: 'format', message: cost.error.issues[0]!.message };
    const request = {
      ticketNumber: values.ticketNumber,
      holdingBayId: values.holdingBayId || undefined,
      validFrom,
      validUntil,
      costKobo: cost.success ? cost.data : undefined,
      paidByDriver: values.paidByDriver,
    };
    const parsed = callUpTicketRequest.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const problem = problemText(t, issue, request);
        if (problem) errors[problem.field] ??= { type: issue.code, message: problem.message };
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success)
      return { values: {}, errors: errors as FieldErrors<TicketFormValues> };
    return { values: parsed.data, errors: {} };
  };

/** The ticket Eto issued for the trip's pickup: its number, holding bay, window and cost. */
export function CallUpTicketDialog({
  tripId,
  callUp,
  opened,
  onClose,
}: { tripId: string; callUp: TripCallUp } & DialogProps) {
  const t = useCallUpText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('form.title')} size="lg">
      {(onBusy) => <TicketForm tripId={tripId} callUp={callUp} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function TicketForm({
  tripId,
  callUp,
  onBusy,
  onDone,
}: { tripId: string; callUp: TripCallUp } & DialogFormProps) {
  const t = useCallUpText();
  const resolver = useMemo(() => ticketResolver(t), [t]);
  const record = useRecordCallUpTicket(tripId);
  const send = useDialogSubmit(onBusy);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TicketFormValues, unknown, CallUpTicketRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      ticketNumber: '',
      holdingBayId: '',
      validFrom: '',
      validUntil: '',
      cost: '',
      paidByDriver: false,
    },
  });

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        setRefusal(null);
        await record.mutateAsync(body);
        notifySuccess(t('form.recorded', { number: body.ticketNumber }));
        onDone();
      },
      (error) => {
        if (applyServerFieldErrors(withFormFieldNames(error, FORM_FIELD_NAMES), setError, FIELDS))
          return true;
        // A refusal of the trip's state (not a call-up port, settled, no driver) is read where it was asked.
        if (error instanceof ApiError && error.status === 409) {
          setRefusal(error.message);
          return true;
        }
        return false;
      },
    ),
  );

  const terminal = callUp.terminal?.name ?? callUp.tickets[0]?.terminal.name ?? '';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('form.intro', { terminal })}</Text>
        {refusal ? (
          <Alert color="red" title={t('form.refused')} role="alert">
            <Text size="sm">{refusal}</Text>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('form.ticketNumber')}
            required
            autoComplete="off"
            data-autofocus
            error={errors.ticketNumber?.message}
            {...register('ticketNumber')}
          />
          <Controller
            control={control}
            name="holdingBayId"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={t('form.holdingBay')}
                placeholder={t('form.chooseBay')}
                required
                data={callUp.holdingBays.map((bay) => ({ value: bay.id, label: bay.name }))}
                nothingFoundMessage={t('form.noBay')}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={errors.holdingBayId?.message}
              />
            )}
          />
        </SimpleGrid>
        <FormDateTimeInput control={control} name="validFrom" label={t('form.validFrom')} />
        <FormDateTimeInput control={control} name="validUntil" label={t('form.validUntil')} />
        <TextInput
          label={t('form.cost')}
          inputMode="decimal"
          leftSection="₦"
          required
          error={errors.cost?.message}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          {...register('cost')}
        />
        <Checkbox label={t('form.paidByDriver')} {...register('paidByDriver')} />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('form.submit')} />
      </Stack>
    </form>
  );
}
