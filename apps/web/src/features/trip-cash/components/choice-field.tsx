import { SegmentedControl, Stack, Text } from '@mantine/core';
import { CASH_METHODS } from '@freightlane/domain';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useLabels } from '../../../i18n/labels/labels';

/** A labelled choice of a few values as one row of buttons, bound to a form field. */
export function ChoiceField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  choices,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  choices: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={id}>
            {label}
          </Text>
          <SegmentedControl
            aria-labelledby={id}
            value={field.value}
            onChange={field.onChange}
            data={choices}
          />
        </Stack>
      )}
    />
  );
}

/** Cash or transfer, in the reader's words. */
export function useCashMethodChoices() {
  const label = useLabels();
  return CASH_METHODS.map((m) => ({ value: m, label: label('cashMethod', m) }));
}
