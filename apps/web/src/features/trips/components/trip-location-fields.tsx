import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import type { TripLocationInput } from '@freightlane/domain';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { StateLgaFields } from '../../../components/state-lga-fields';
import { useTripComponentsText } from './text';

/** The form's view of a place on the road: all text, empty when not given. */
export interface TripLocationValue {
  state: string;
  lga: string;
  description: string;
}

export const EMPTY_TRIP_LOCATION: TripLocationValue = { state: '', lga: '', description: '' };

export interface TripLocationErrors {
  state?: string;
  lga?: string;
  description?: string;
}

/** The request's location, or undefined when no state was chosen (the location is optional). */
export function tripLocationRequest(value: TripLocationValue): TripLocationInput | undefined {
  if (!value.state) return undefined;
  return {
    state: value.state as TripLocationInput['state'],
    lga: value.lga,
    description: value.description.trim() || undefined,
  };
}

/**
 * Where the truck is: state, then an LGA of that state, and a landmark. Optional as a whole; once a
 * state is chosen the LGA is needed.
 */
export function TripLocationFields({
  legend,
  value,
  onChange,
  errors = {},
  disabled = false,
}: {
  legend: string;
  value: TripLocationValue;
  onChange: (value: TripLocationValue) => void;
  errors?: TripLocationErrors;
  disabled?: boolean;
}) {
  const t = useTripComponentsText();
  return (
    <Fieldset legend={legend} variant="filled" disabled={disabled} p="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <StateLgaFields
          value={value}
          onChange={(place) => onChange({ ...value, ...place })}
          errors={errors}
          clearable
        />
      </SimpleGrid>
      <TextInput
        mt="sm"
        label={t('location.landmark')}
        placeholder={t('location.landmarkExample')}
        maxLength={200}
        disabled={!value.state}
        value={value.description}
        onChange={(event) => onChange({ ...value, description: event.currentTarget.value })}
        error={errors.description}
      />
    </Fieldset>
  );
}

/**
 * Files an issue of a refused request under its form field: a location's under its part (its state when
 * the location as a whole is refused), the rest under the first segment of their path, renamed where the
 * form calls the field otherwise. The first message of a field stays.
 */
export function fileIssue(
  errors: Record<string, unknown>,
  issue: { path: readonly PropertyKey[]; code: string; message: string },
  rename: Record<string, string> = {},
): void {
  const [head, child] = issue.path.map(String);
  if (!head) return;
  const error = { type: issue.code, message: issue.message };
  if (head === 'location') {
    const location = (errors.location ?? {}) as Record<string, unknown>;
    location[child ?? 'state'] ??= error;
    errors.location = location;
  } else {
    errors[rename[head] ?? head] ??= error;
  }
}

/** TripLocationFields bound to the location field of a react-hook-form form, with its parts' errors. */
export function TripLocationFormField<T extends FieldValues, TTransformed>({
  control,
  name,
  legend,
}: {
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
  legend: string;
}) {
  const { field, fieldState } = useController({ control, name });
  // A location is refused part by part: its error holds one per part (see fileIssue).
  const parts = fieldState.error as
    Partial<Record<keyof TripLocationErrors, { message?: string }>> | undefined;
  return (
    <TripLocationFields
      legend={legend}
      value={field.value as TripLocationValue}
      onChange={field.onChange}
      errors={{
        state: parts?.state?.message,
        lga: parts?.lga?.message,
        description: parts?.description?.message,
      }}
    />
  );
}
