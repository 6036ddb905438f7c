import { Select } from '@mantine/core';
import { lgasOf, NIGERIAN_STATES } from '@freightlane/domain';
import type { Ref } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useComponentsText } from './text';

export interface StateLga {
  state: string;
  lga: string;
}

/** What a form library hands a field so it can focus it on an error and mark it touched. */
interface FieldBinding {
  name: string;
  ref: Ref<HTMLInputElement>;
  onBlur: () => void;
}

export interface StateLgaFieldsProps {
  value: StateLga;
  onChange: (value: StateLga) => void;
  errors?: { state?: string; lga?: string };
  required?: boolean;
  /** Lets the state be emptied, for a place that is optional as a whole. */
  clearable?: boolean;
  lgaDescription?: string;
  stateField?: FieldBinding;
  lgaField?: FieldBinding;
}

/**
 * A Nigerian state and an LGA of that state, both searchable. The two selects stand side by side in
 * the caller's grid. Choosing another state empties the LGA: an LGA belongs to one state.
 */
export function StateLgaFields({
  value,
  onChange,
  errors = {},
  required = false,
  clearable = false,
  lgaDescription,
  stateField,
  lgaField,
}: StateLgaFieldsProps) {
  const t = useComponentsText();
  return (
    <>
      <Select
        label={t('stateLga.state')}
        required={required}
        searchable
        clearable={clearable}
        placeholder={t('stateLga.chooseState')}
        data={[...NIGERIAN_STATES]}
        value={value.state || null}
        onChange={(state) => onChange({ state: state ?? '', lga: '' })}
        error={errors.state}
        nothingFoundMessage={t('stateLga.noState')}
        {...stateField}
      />
      <Select
        label={t('stateLga.lga')}
        description={lgaDescription}
        required={required}
        searchable
        disabled={!value.state}
        placeholder={value.state ? t('stateLga.chooseLga') : t('stateLga.chooseStateFirst')}
        data={[...lgasOf(value.state)]}
        value={value.lga || null}
        onChange={(lga) => onChange({ ...value, lga: lga ?? '' })}
        error={errors.lga}
        nothingFoundMessage={t('stateLga.noLga')}
        {...lgaField}
      />
    </>
  );
}

/** The state and LGA at `${name}.state` and `${name}.lga` of the surrounding react-hook-form form. */
export function StateLgaFormFields({ name, required = false }: { name: string; required?: boolean }) {
  const t = useComponentsText();
  const { control, setValue } = useFormContext();
  const { field: state, fieldState: stateStatus } = useController({ control, name: `${name}.state` });
  const { field: lga, fieldState: lgaStatus } = useController({ control, name: `${name}.lga` });
  const value = {
    state: (state.value as string | undefined) ?? '',
    lga: (lga.value as string | undefined) ?? '',
  };

  return (
    <StateLgaFields
      value={value}
      onChange={(next) => {
        if (next.state === value.state) {
          lga.onChange(next.lga);
          return;
        }
        state.onChange(next.state);
        // Emptied quietly: the new state's LGA is asked for on submit, not flagged at once.
        setValue(lga.name, next.lga, { shouldDirty: true });
      }}
      errors={{ state: stateStatus.error?.message, lga: lgaStatus.error?.message }}
      required={required}
      lgaDescription={t('stateLga.lgaDescription')}
      stateField={{ name: state.name, ref: state.ref, onBlur: state.onBlur }}
      lgaField={{ name: lga.name, ref: lga.ref, onBlur: lga.onBlur }}
    />
  );
}
