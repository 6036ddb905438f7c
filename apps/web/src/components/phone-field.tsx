import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useComponentsText } from './text';

export interface PhoneFieldProps extends TextInputProps {
  ref?: Ref<HTMLInputElement>;
  /** The phone code shown before the number: the person's country's, e.g. "+234". */
  phoneCode: string;
}

/** A phone number typed after its country's phone code, which is shown beside the input. */
export function PhoneField({ ref, phoneCode, label, description, ...props }: PhoneFieldProps) {
  const t = useComponentsText();
  return (
    <TextInput
      ref={ref}
      label={label === undefined ? t('phoneField.label') : label}
      description={description === undefined ? t('phoneField.description', { phoneCode }) : description}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="803 123 4567"
      leftSection={
        <Text size="sm" c="gray.8" fw={500} aria-hidden>
          {phoneCode}
        </Text>
      }
      leftSectionWidth={52}
      leftSectionPointerEvents="none"
      {...props}
    />
  );
}
