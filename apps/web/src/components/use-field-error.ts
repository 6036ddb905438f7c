import { useFormContext, useFormState } from 'react-hook-form';

/** The message under a field of the surrounding form, by its dotted path (e.g. guarantor.address.lga). */
export function useFieldError(): (name: string) => string | undefined {
  const { control, getFieldState } = useFormContext();
  // Subscribes to the errors, so the fields show a message as soon as it is set.
  const formState = useFormState({ control });
  return (name) => getFieldState(name, formState).error?.message;
}
