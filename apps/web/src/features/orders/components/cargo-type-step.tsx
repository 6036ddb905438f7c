import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CARGO_TYPES } from '@freightlane/domain';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { useLabels } from '../../../i18n/labels/labels';
import type { OrderDraftValues } from '../order-draft';
import { useOrdersText } from '../text';

/** Step 1: what is being moved, for which client, under which reference. */
export function CargoTypeStep() {
  const t = useOrdersText();
  const label = useLabels();
  const { control, register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();

  return (
    <Stack gap="lg">
      <Controller
        control={control}
        name="cargoType"
        render={({ field }) => (
          <Radio.Group
            label={t('cargoStep.cargoType')}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              field.onBlur();
            }}
            name={field.name}
            error={errors.cargoType?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mt="xs">
              {CARGO_TYPES.map((cargoType, index) => (
                <Radio.Card
                  key={cargoType}
                  value={cargoType}
                  radius="md"
                  p="md"
                  ref={index === 0 ? field.ref : undefined}
                  style={{ height: '100%' }}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} />
                    <Stack gap={2}>
                      <Text fw={600}>{label('cargoType', cargoType)}</Text>
                      <Text size="sm" c="dimmed">
                        {label('cargoTypeHint', cargoType)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('cargoStep.clientName')}
          description={t('cargoStep.clientNameHint')}
          autoComplete="off"
          error={errors.clientName?.message}
          {...register('clientName')}
        />
        <TextInput
          label={t('cargoStep.reference')}
          description={t('cargoStep.referenceHint')}
          autoComplete="off"
          error={errors.reference?.message}
          {...register('reference')}
        />
      </SimpleGrid>
    </Stack>
  );
}
