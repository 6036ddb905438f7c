import { Alert, Checkbox, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  HANDOVER_CODE_LENGTH,
  MAX_TRIP_TEXT,
  changeTripStatusRequest,
  type ChangeTripStatusRequest,
  type TripDetail,
} from '@freightlane/domain';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
} from '../../../components/form-dialog';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useChangeTripStatus } from '../api/trip-detail-api';
import { useTripComponentsText } from './text';
import {
  EMPTY_TRIP_LOCATION,
  fileIssue,
  TripLocationFormField,
  tripLocationRequest,
  type TripLocationValue,
} from './trip-location-fields';
import { useTripStatusLabel } from './trip-status';

interface StatusFormValues {
  tripStatus: string;
  location: TripLocationValue;
  note: string;
  handoverCode: string;
  /** Admin only: record DELIVERED without the code, with a reason. */
  override: boolean;
  overrideReason: string;
}

function toRequest(values: StatusFormValues): unknown {
  const delivered = values.tripStatus === 'DELIVERED';
  return {
    tripStatus: values.tripStatus || undefined,
    location: tripLocationRequest(values.location),
    note: values.note,
    handoverCode: delivered && !values.override ? values.handoverCode.trim() : undefined,
    overrideReason: delivered && values.override ? values.overrideReason : undefined,
  };
}

/** The domain's request schema checks the form; its messages land under the fields they name. */
const statusResolver: Resolver<StatusFormValues, unknown, ChangeTripStatusRequest> = (values) => {
  const parsed = changeTripStatusRequest.safeParse(toRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) fileIssue(errors, issue);
  return { values: {}, errors: errors as FieldErrors<StatusFormValues> };
};

function defaults(trip: TripDetail): StatusFormValues {
  return {
    tripStatus: trip.allowedNextStatuses[0] ?? '',
    location: EMPTY_TRIP_LOCATION,
    note: '',
    handoverCode: '',
    override: false,
    overrideReason: '',
  };
}

/**
 * Moves the trip one step on: the next status is chosen already; where the truck is and a note are
 * optional; DELIVERED takes the consignee's 6-digit handover code (an admin may give a reason instead).
 */
export function TripStatusDialog({
  trip,
  isAdmin,
  opened,
  onClose,
}: { trip: TripDetail; isAdmin: boolean } & DialogProps) {
  const t = useTripComponentsText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('statusDialog.title')} size="lg">
      {(onBusy) => <StatusForm trip={trip} isAdmin={isAdmin} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function StatusForm({
  trip,
  isAdmin,
  onDone,
  onBusy,
}: { trip: TripDetail; isAdmin: boolean } & DialogFormProps) {
  const t = useTripComponentsText();
  const statusLabel = useTripStatusLabel();
  const change = useChangeTripStatus(trip.id);
  const [serverError, setServerError] = useState<unknown>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StatusFormValues, unknown, ChangeTripStatusRequest>({
    resolver: statusResolver,
    mode: 'onTouched',
    defaultValues: defaults(trip),
  });
  const tripStatus = useWatch({ control, name: 'tripStatus' });
  const override = useWatch({ control, name: 'override' });

  useEffect(() => onBusy(isSubmitting), [isSubmitting, onBusy]);

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await change.mutateAsync(body);
      notifySuccess(
        t('statusDialog.done', {
          tripNumber: trip.tripNumber,
          status: statusLabel(trip.cargoType, body.tripStatus),
        }),
      );
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['tripStatus', 'note', 'handoverCode', 'overrideReason']))
        setServerError(error);
    }
  });

  const delivered = tripStatus === 'DELIVERED';
  const lockedUntil =
    serverError instanceof ApiError && serverError.details.lockedUntil
      ? serverError.details.lockedUntil
      : trip.handover.lockedUntil && Date.parse(trip.handover.lockedUntil) > Date.now()
        ? trip.handover.lockedUntil
        : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="tripStatus"
          render={({ field }) => (
            <Select
              label={t('statusDialog.newStatus')}
              description={t('statusDialog.oneStep')}
              data={trip.allowedNextStatuses.map((status) => ({
                value: status,
                label: statusLabel(trip.cargoType, status),
              }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={errors.tripStatus?.message}
            />
          )}
        />

        {delivered ? (
          <Stack gap="xs">
            {override ? null : (
              <TextInput
                label={t('statusDialog.handoverCode')}
                description={t('statusDialog.handoverCodeHint', { digits: HANDOVER_CODE_LENGTH })}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={HANDOVER_CODE_LENGTH}
                styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
                error={errors.handoverCode?.message}
                data-autofocus
                {...register('handoverCode')}
              />
            )}
            {isAdmin ? (
              <>
                <Checkbox label={t('statusDialog.noCode')} {...register('override')} />
                {override ? (
                  <Textarea
                    label={t('statusDialog.overrideReason')}
                    description={t('statusDialog.overrideReasonHint')}
                    autosize
                    minRows={2}
                    maxLength={MAX_TRIP_TEXT}
                    error={errors.overrideReason?.message}
                    {...register('overrideReason')}
                  />
                ) : null}
              </>
            ) : null}
          </Stack>
        ) : null}

        <TripLocationFormField control={control} name="location" legend={t('statusDialog.where')} />

        <Textarea
          label={t('statusDialog.note')}
          autosize
          minRows={2}
          maxLength={MAX_TRIP_TEXT}
          error={errors.note?.message}
          {...register('note')}
        />

        {serverError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title={t('statusDialog.notUpdated')}
          >
            {errorMessage(serverError)}
          </Alert>
        ) : null}
        {delivered && lockedUntil ? (
          <Alert color="orange" icon={<IconLock aria-hidden />}>
            <Text size="sm">{t('statusDialog.locked', { time: formatDateTime(lockedUntil) })}</Text>
          </Alert>
        ) : null}

        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('statusDialog.submit')} />
      </Stack>
    </form>
  );
}
