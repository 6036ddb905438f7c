import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  DEPOSIT_STATUSES,
  DEPOSIT_STATUS_LABELS,
  koboToNairaInput,
  nairaToKobo,
  returnsEmpty,
  updateContainerFreeTimeRequest,
  type ContainerFreeTime,
  type TripDetail,
  type UpdateContainerFreeTimeRequest,
} from '@freightlane/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { FormDateInput } from '../../../components/form-inputs';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateFreeTime } from '../api/free-time-api';

/** The form holds what is typed; the deposit in naira, under the request's own field name. */
interface FreeTimeFormValues {
  dischargeDate: string;
  expectedEmptyReturnDate: string;
  depositKobo: string;
  depositStatus: string;
  depositRefundedOn: string;
}

const FIELDS = [
  'dischargeDate',
  'expectedEmptyReturnDate',
  'depositKobo',
  'depositStatus',
  'depositRefundedOn',
] as const;

/** The fields the form shows: a shipper-owned container's only date, or all, the refund day when refunded. */
function shownFields(linerOwned: boolean, refunded: boolean): (typeof FIELDS)[number][] {
  if (!linerOwned) return ['dischargeDate'];
  return FIELDS.filter((field) => refunded || field !== 'depositRefundedOn');
}

function valuesOf(freeTime: ContainerFreeTime): FreeTimeFormValues {
  return {
    dischargeDate: freeTime.dischargeDate ?? '',
    expectedEmptyReturnDate: freeTime.expectedEmptyReturnDate ?? '',
    depositKobo: koboToNairaInput(freeTime.deposit.amountKobo),
    depositStatus: freeTime.deposit.status,
    depositRefundedOn: freeTime.deposit.refundedOn ?? '',
  };
}

/**
 * The request from the form. A shipper-owned container has no empty to return and no deposit, so the
 * form does not ask for them and what is kept is sent back unchanged.
 */
function requestOf(values: FreeTimeFormValues, freeTime: ContainerFreeTime, linerOwned: boolean) {
  const deposit = values.depositKobo.trim();
  return {
    dischargeDate: values.dischargeDate.trim() || null,
    expectedEmptyReturnDate: linerOwned
      ? values.expectedEmptyReturnDate.trim() || null
      : freeTime.expectedEmptyReturnDate,
    depositKobo: linerOwned ? (deposit === '' ? null : nairaToKobo(deposit)) : freeTime.deposit.amountKobo,
    depositStatus: linerOwned ? values.depositStatus : freeTime.deposit.status,
    depositRefundedOn: !linerOwned
      ? freeTime.deposit.refundedOn
      : values.depositStatus === 'REFUNDED'
        ? values.depositRefundedOn.trim() || null
        : null,
  };
}

function freeTimeResolver(
  freeTime: ContainerFreeTime,
  linerOwned: boolean,
): Resolver<FreeTimeFormValues, unknown, UpdateContainerFreeTimeRequest> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const request = requestOf(values, freeTime, linerOwned);
    // An amount that cannot be read is the person's typing, not a missing deposit.
    if (linerOwned && values.depositKobo.trim() !== '' && request.depositKobo === null) {
      errors.depositKobo = { type: 'format', message: 'Enter the deposit in naira, e.g. 250,000.00' };
    }
    const parsed = updateContainerFreeTimeRequest.safeParse(request);
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    const shown: readonly string[] = shownFields(linerOwned, values.depositStatus === 'REFUNDED');
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path.length > 0 ? String(issue.path[0]) : 'root';
      const key = shown.includes(field) ? field : 'root';
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<FreeTimeFormValues> };
  };
}

/** The customer's facts about its import container: when the ship discharged it, the empty's return, the deposit. */
export function EditFreeTimeDialog({
  trip,
  freeTime,
  opened,
  onClose,
}: { trip: TripDetail; freeTime: ContainerFreeTime } & DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Free time and deposit" size="lg">
      {(onBusy) => <FreeTimeForm trip={trip} freeTime={freeTime} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function FreeTimeForm({
  trip,
  freeTime,
  onDone,
  onBusy,
}: { trip: TripDetail; freeTime: ContainerFreeTime } & DialogFormProps) {
  const linerOwned = returnsEmpty(trip.cargoType);
  const [initial] = useState(() => valuesOf(freeTime));
  const update = useUpdateFreeTime(trip.id);
  const send = useDialogSubmit(onBusy);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FreeTimeFormValues, unknown, UpdateContainerFreeTimeRequest>({
    resolver: freeTimeResolver(freeTime, linerOwned),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const refunded = watch('depositStatus') === 'REFUNDED';

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await update.mutateAsync(body);
        notifySuccess(`Trip ${trip.tripNumber}: the free time and deposit are updated.`);
        onDone();
      },
      // Only fields on screen take a message; any other refusal goes to the error dialog.
      (error) => applyServerFieldErrors(error, setError, shownFields(linerOwned, refunded)),
    ),
  );

  const rootError = (errors as FieldErrors<FreeTimeFormValues> & { root?: { message?: string } }).root
    ?.message;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <FormDateInput
            control={control}
            name="dischargeDate"
            label="Discharge date"
            description="The day the ship discharged the container: free day 1"
            data-autofocus
          />
          {linerOwned ? (
            <FormDateInput
              control={control}
              name="expectedEmptyReturnDate"
              label="Expected empty return"
              description="Leave empty to count from the expected delivery"
            />
          ) : null}
          {linerOwned ? (
            <>
              <TextInput
                label="Deposit paid to the line (₦)"
                inputMode="decimal"
                placeholder="e.g. 250,000.00"
                error={errors.depositKobo?.message}
                {...register('depositKobo')}
              />
              <Controller
                control={control}
                name="depositStatus"
                render={({ field }) => (
                  <Select
                    label="Deposit status"
                    data={DEPOSIT_STATUSES.map((status) => ({
                      value: status,
                      label: DEPOSIT_STATUS_LABELS[status],
                    }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.depositStatus?.message}
                  />
                )}
              />
              {refunded ? (
                <FormDateInput
                  control={control}
                  name="depositRefundedOn"
                  label="Refunded on"
                  description="The day the refund reached your account"
                />
              ) : null}
            </>
          ) : null}
        </SimpleGrid>
        {rootError ? (
          <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
            {rootError}
          </Alert>
        ) : null}
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Save changes" />
      </Stack>
    </form>
  );
}
