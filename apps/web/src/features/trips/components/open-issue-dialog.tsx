import { Select, Stack, Textarea } from '@mantine/core';
import {
  lagosDateTimeInput,
  lagosIsoDateTime,
  MAX_TRIP_TEXT,
  TRIP_ISSUE_TYPES,
  openTripIssueRequest,
  type OpenTripIssueRequest,
  type TripDetail,
} from '@freightlane/domain';
import { useMemo } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { FormDateTimeInput } from '../../../components/form-inputs';
import { useLabels } from '../../../i18n/labels/labels';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useOpenTripIssue } from '../api/trip-issues-api';
import { useTripComponentsText, type TripComponentsText } from './text';
import {
  EMPTY_TRIP_LOCATION,
  fileIssue,
  TripLocationFormField,
  tripLocationRequest,
  type TripLocationValue,
} from './trip-location-fields';

interface IssueFormValues {
  issueType: string;
  description: string;
  openedAt: string;
  location: TripLocationValue;
}

const issueResolver =
  (t: TripComponentsText): Resolver<IssueFormValues, unknown, OpenTripIssueRequest> =>
  (values) => {
    const errors: Record<string, unknown> = {};
    const openingTimeStamp = lagosIsoDateTime(values.openedAt) ?? undefined;
    if (!openingTimeStamp) errors.openedAt = { type: 'format', message: t('openIssue.enterWhen') };
    // A minute's grace: the clock of the phone and the server's rarely agree to the second.
    else if (Date.parse(openingTimeStamp) > Date.now() + 60_000)
      errors.openedAt = { type: 'future', message: t('openIssue.notInFuture') };
    const parsed = openTripIssueRequest.safeParse({
      issueType: values.issueType || undefined,
      description: values.description,
      openingTimeStamp,
      location: tripLocationRequest(values.location),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fileIssue(errors, issue, { openingTimeStamp: 'openedAt' });
    }
    if (Object.keys(errors).length > 0 || !parsed.success)
      return { values: {}, errors: errors as FieldErrors<IssueFormValues> };
    return { values: parsed.data, errors: {} };
  };

/** Reports what is holding the trip up; everyone on the trip sees it and the trip shows as delayed. */
export function OpenIssueDialog({ trip, opened, onClose }: { trip: TripDetail } & DialogProps) {
  const t = useTripComponentsText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('openIssue.title')} size="lg">
      {(onBusy) => <IssueForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function IssueForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const t = useTripComponentsText();
  const label = useLabels();
  const resolver = useMemo(() => issueResolver(t), [t]);
  const open = useOpenTripIssue(trip.id);
  const send = useDialogSubmit(onBusy);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IssueFormValues, unknown, OpenTripIssueRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      issueType: '',
      description: '',
      openedAt: lagosDateTimeInput(),
      location: EMPTY_TRIP_LOCATION,
    },
  });

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await open.mutateAsync(body);
        notifySuccess(t('openIssue.reported', { tripNumber: trip.tripNumber }));
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['issueType', 'description']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="issueType"
          render={({ field }) => (
            <Select
              label={t('openIssue.whatHappened')}
              withAsterisk
              placeholder={t('openIssue.chooseOne')}
              data={TRIP_ISSUE_TYPES.map((type) => ({ value: type, label: label('tripIssueType', type) }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={errors.issueType?.message}
              data-autofocus
            />
          )}
        />
        <Textarea
          label={t('openIssue.description')}
          withAsterisk
          autosize
          minRows={3}
          maxLength={MAX_TRIP_TEXT}
          placeholder={t('openIssue.descriptionExample')}
          error={errors.description?.message}
          {...register('description')}
        />
        <FormDateTimeInput
          control={control}
          name="openedAt"
          label={t('openIssue.when')}
          description={t('openIssue.whenHint')}
        />
        <TripLocationFormField control={control} name="location" legend={t('openIssue.where')} />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('openIssue.submit')} />
      </Stack>
    </form>
  );
}
