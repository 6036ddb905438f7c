import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, type ReactNode, type RefObject } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldError } from '../../../lib/api';
import { isFleetKey, useFleetText, type FleetText } from '../text';

/** The form's errors with each message that is a fleet catalog key said in the app's language. */
function saidErrors<T>(errors: T, t: FleetText): T {
  if (Array.isArray(errors)) return errors.map((error: unknown) => saidErrors(error, t)) as T;
  if (!errors || typeof errors !== 'object') return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [
      key,
      // A field's ref is its element: handed on as it is.
      key === 'ref'
        ? value
        : key === 'message' && typeof value === 'string'
          ? isFleetKey(value)
            ? t(value)
            : value
          : saidErrors(value, t),
    ]),
  ) as T;
}

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
  const t = useFleetText();
  // The fleet's own messages in the stage schemas are catalog keys; the domain's are said as they are.
  const resolver = useMemo<Resolver<FieldValues, unknown, FieldValues>>(() => {
    const check = zodResolver(schema);
    return async (values, context, options) => {
      const result = await check(values, context, options);
      return Object.keys(result.errors).length === 0
        ? result
        : { values: {}, errors: saidErrors(result.errors, t) };
    };
  }, [schema, t]);
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver,
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
