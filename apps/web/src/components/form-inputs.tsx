import { TextInput, type TextInputProps } from '@mantine/core';
import {
  useController,
  useFormContext,
  type Control,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { DateField, DateTimeField, type DateFieldProps, type DateTimeFieldProps } from './date-field';
import { PhoneField, type PhoneFieldProps } from './phone-field';
import { useFieldError } from './use-field-error';

type BoundProps = Omit<TextInputProps, 'name' | 'error'> & {
  /** The field's dotted path in the surrounding react-hook-form form, e.g. guarantor.address.city. */
  name: string;
};

/** A text input bound by name to the surrounding form, showing that field's error under it. */
export function FormTextInput({ name, ...props }: BoundProps) {
  const { register } = useFormContext();
  const error = useFieldError();
  return <TextInput {...props} error={error(name)} {...register(name)} />;
}

/** A phone field bound by name to the surrounding form, showing that field's error under it. */
export function FormPhoneField({ name, ...props }: BoundProps & Pick<PhoneFieldProps, 'phoneCode'>) {
  const { register } = useFormContext();
  const error = useFieldError();
  return <PhoneField {...props} error={error(name)} {...register(name)} />;
}

/**
 * Binds a field by name: to the surrounding form (a FormProvider), or to the form whose `control` is
 * given, for dialogs that use useForm without a provider.
 */
interface Bound<T extends FieldValues, TOut> {
  name: FieldPath<T>;
  control?: Control<T, unknown, TOut>;
}

/** The day-first date field bound to a form; the form keeps YYYY-MM-DD, and the field's error shows under it. */
export function FormDateInput<T extends FieldValues = FieldValues, TOut = T>({
  name,
  control,
  ...props
}: Bound<T, TOut> & Omit<DateFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <DateField
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={field.disabled ?? props.disabled}
      error={fieldState.error?.message}
    />
  );
}

/** The date-and-time field bound to a form, which keeps YYYY-MM-DDTHH:mm (Lagos wall clock). */
export function FormDateTimeInput<T extends FieldValues = FieldValues, TOut = T>({
  name,
  control,
  ...props
}: Bound<T, TOut> & Omit<DateTimeFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <DateTimeField
      {...props}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
