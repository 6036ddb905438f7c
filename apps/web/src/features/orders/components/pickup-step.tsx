import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useFormContext, useFormState } from 'react-hook-form';
import { lagosToday } from '../../../lib/format';
import type { OrderDraftValues } from '../order-draft';
import { PlaceFields } from './place-fields';

/** Step 3: where the trucks collect the cargo, and on which day. */
export function PickupStep() {
  const { register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  return (
    <Stack gap="lg">
      <PlaceFields name="pickup" noun="Pickup" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="date"
          label="Pickup date"
          description="The day the trucks should collect the cargo"
          min={lagosToday()}
          error={errors.bidDetails?.pickupDate?.message}
          {...register('bidDetails.pickupDate')}
        />
      </SimpleGrid>
    </Stack>
  );
}
