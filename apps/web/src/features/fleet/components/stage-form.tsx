import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode, type RefObject } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldError } from '../../../lib/api';

/**
 * One stage's form, checked with that stage's schema only: the wizard shows one per screen and the
 * edit page one per section. The server's messages for its fields appear under them.
 */
export function StageForm({
  schema,
  defaultValues,
  serverErrors,
  onSave,
  valuesRef,
  actions,
  children,
  labelledBy,
}: {
  schema: z.ZodType<FieldValues, FieldValues>;
  defaultValues: FieldValues;
  serverErrors?: readonly FieldError[];
  /** Receives the checked values (what the API takes) and the values as typed. */
  onSave: (output: FieldValues, input: FieldValues) => Promise<void> | void;
  /** Where the caller reads the values as typed, e.g. to keep them when going back a stage. */
  valuesRef?: RefObject<(() => FieldValues) | null>;
  actions: (state: { saving: boolean }) => ReactNode;
  children: ReactNode;
  labelledBy?: string;
}) {
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const { setError, getValues, handleSubmit } = form;

  useEffect(() => {
    if (valuesRef) valuesRef.current = getValues;
  }, [valuesRef, getValues]);

  useEffect(() => {
    serverErrors?.forEach(({ field, message }, index) =>
      setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
  }, [serverErrors, setError]);

  const submit = handleSubmit((output) => onSave(output, getValues()));

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={labelledBy}>
        {children}
        {actions({ saving: form.formState.isSubmitting })}
      </form>
    </FormProvider>
  );
}
