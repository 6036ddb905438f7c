import { SimpleGrid, Stack } from '@mantine/core';
import { FormDateInput } from '../../../components/form-inputs';
import { lagosToday } from '../../../lib/format';
import type { OrderDraftValues } from '../order-draft';
import { PlaceFields } from './place-fields';

/** Step 3: where the trucks collect the cargo, and on which day. */
export function PickupStep() {
  return (
    <Stack gap="lg">
      <PlaceFields name="pickup" noun="Pickup" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormDateInput<OrderDraftValues>
          name="bidDetails.pickupDate"
          label="Pickup date"
          description="The day the trucks should collect the cargo"
          minDate={lagosToday()}
        />
      </SimpleGrid>
    </Stack>
  );
}
