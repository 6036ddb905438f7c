import { TextInput, type TextInputProps } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
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
