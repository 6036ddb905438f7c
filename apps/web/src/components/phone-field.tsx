import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { NIGERIA_PHONE_CODE } from '@freightlane/domain';
import type { Ref } from 'react';

/** A Nigerian phone number: the +234 prefix is shown; the person types the national number. */
export function PhoneField({
  ref,
  label = 'Phone number',
  description = 'The 10 digits after +234, or 11 digits starting with 0',
  ...props
}: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      ref={ref}
      label={label}
      description={description}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="803 123 4567"
      leftSection={
        <Text size="sm" c="gray.8" fw={500} aria-hidden>
          {NIGERIA_PHONE_CODE}
        </Text>
      }
      leftSectionWidth={52}
      leftSectionPointerEvents="none"
      {...props}
    />
  );
}
