import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CARGO_TYPES, CARGO_TYPE_HINTS, CARGO_TYPE_LABELS } from '@freightlane/domain';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import type { OrderDraftValues } from '../order-draft';

/** Step 1: what is being moved, for which client, under which reference. */
export function CargoTypeStep() {
  const { control, register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();

  return (
    <Stack gap="lg">
      <Controller
        control={control}
        name="cargoType"
        render={({ field }) => (
          <Radio.Group
            label="Cargo type"
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
                      <Text fw={600}>{CARGO_TYPE_LABELS[cargoType]}</Text>
                      <Text size="sm" c="dimmed">
                        {CARGO_TYPE_HINTS[cargoType]}
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
          label="Client name"
          description="Whose cargo this is, as your team knows them"
          autoComplete="off"
          error={errors.clientName?.message}
          {...register('clientName')}
        />
        <TextInput
          label="Reference (optional)"
          description="Your own reference, e.g. a bill of lading or PO number"
          autoComplete="off"
          error={errors.reference?.message}
          {...register('reference')}
        />
      </SimpleGrid>
    </Stack>
  );
}
