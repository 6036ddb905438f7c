import { Select, Stack, Textarea } from '@mantine/core';
import {
  lagosDateTimeInput,
  lagosIsoDateTime,
  MAX_TRIP_TEXT,
  TRIP_ISSUE_TYPES,
  TRIP_ISSUE_TYPE_LABELS,
  openTripIssueRequest,
  type OpenTripIssueRequest,
  type TripDetail,
} from '@freightlane/domain';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { FormDateTimeInput } from '../../../components/form-inputs';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useOpenTripIssue } from '../api/trip-issues-api';
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

const issueResolver: Resolver<IssueFormValues, unknown, OpenTripIssueRequest> = (values) => {
  const errors: Record<string, unknown> = {};
  const openingTimeStamp = lagosIsoDateTime(values.openedAt) ?? undefined;
  if (!openingTimeStamp) errors.openedAt = { type: 'format', message: 'Enter when it happened' };
  // A minute's grace: the clock of the phone and the server's rarely agree to the second.
  else if (Date.parse(openingTimeStamp) > Date.now() + 60_000)
    errors.openedAt = { type: 'future', message: 'The time cannot be in the future' };
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
  return (
    <FormDialog opened={opened} onClose={onClose} title="Report an issue" size="lg">
      {(onBusy) => <IssueForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function IssueForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const open = useOpenTripIssue(trip.id);
  const send = useDialogSubmit(onBusy);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IssueFormValues, unknown, OpenTripIssueRequest>({
    resolver: issueResolver,
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
        notifySuccess(`Issue reported on trip ${trip.tripNumber}.`);
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
              label="What happened?"
              withAsterisk
              placeholder="Choose one"
              data={TRIP_ISSUE_TYPES.map((type) => ({ value: type, label: TRIP_ISSUE_TYPE_LABELS[type] }))}
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
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          maxLength={MAX_TRIP_TEXT}
          placeholder="e.g. Tyre burst after Kara bridge; mechanic on the way"
          error={errors.description?.message}
          {...register('description')}
        />
        <FormDateTimeInput
          control={control}
          name="openedAt"
          label="When did it happen?"
          description="Lagos time; now unless you change it."
        />
        <TripLocationFormField control={control} name="location" legend="Where? (optional)" />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Report issue" />
      </Stack>
    </form>
  );
}
