import { SimpleGrid, Stack } from '@mantine/core';
import { FormTextInput } from './form-inputs';
import { StateLgaFormFields } from './state-lga-fields';
import { useComponentsText } from './text';

/**
 * A Nigerian address under `name` in the surrounding react-hook-form form: street, neighbourhood, city,
 * and the state with an LGA of that state. The company details and the fleet's people share it.
 */
export function AddressFields({ name }: { name: string }) {
  const t = useComponentsText();
  return (
    <Stack gap="md">
      <FormTextInput
        name={`${name}.street`}
        label={t('addressFields.street')}
        autoComplete="address-line1"
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name={`${name}.neighborhood`} label={t('addressFields.neighbourhood')} />
        <FormTextInput
          name={`${name}.city`}
          label={t('addressFields.city')}
          autoComplete="address-level2"
          required
        />
        <StateLgaFormFields name={name} required />
      </SimpleGrid>
    </Stack>
  );
}
