import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  DEPOSIT_STATUSES,
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
import { useLabels } from '../../../i18n/labels/labels';
import { useUpdateFreeTime } from '../api/free-time-api';
import { useFreeTimeText, type FreeTimeText } from '../text';

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
  t: FreeTimeText,
): Resolver<FreeTimeFormValues, unknown, UpdateContainerFreeTimeRequest> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const request = requestOf(values, freeTime, linerOwned);
    // An amount that cannot be read is the person's typing, not a missing deposit.
    if (linerOwned && values.depositKobo.trim() !== '' && request.depositKobo === null) {
      errors.depositKobo = { type: 'format', message: t('dialog.depositUnreadable') };
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
  const t = useFreeTimeText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('dialog.title')} size="lg">
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
  const t = useFreeTimeText();
  const label = useLabels();
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
    resolver: freeTimeResolver(freeTime, linerOwned, t),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const refunded = watch('depositStatus') === 'REFUNDED';

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await update.mutateAsync(body);
        notifySuccess(t('dialog.saved', { tripNumber: trip.tripNumber }));
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
            label={t('dialog.dischargeDate')}
            description={t('dialog.dischargeDateHint')}
            data-autofocus
          />
          {linerOwned ? (
            <FormDateInput
              control={control}
              name="expectedEmptyReturnDate"
              label={t('dialog.emptyReturn')}
              description={t('dialog.emptyReturnHint')}
            />
          ) : null}
          {linerOwned ? (
            <>
              <TextInput
                label={t('dialog.deposit')}
                inputMode="decimal"
                placeholder={t('dialog.depositPlaceholder')}
                error={errors.depositKobo?.message}
                {...register('depositKobo')}
              />
              <Controller
                control={control}
                name="depositStatus"
                render={({ field }) => (
                  <Select
                    label={t('dialog.depositStatus')}
                    data={DEPOSIT_STATUSES.map((status) => ({
                      value: status,
                      label: label('depositStatus', status),
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
                  label={t('dialog.refundedOn')}
                  description={t('dialog.refundedOnHint')}
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
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('dialog.save')} />
      </Stack>
    </form>
  );
}
