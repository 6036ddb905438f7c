import { SimpleGrid, Stack } from '@mantine/core';
import { FormDateInput } from '../../../components/form-inputs';
import { lagosToday } from '../../../lib/format';
import type { OrderDraftValues } from '../order-draft';
import { useOrdersText } from '../text';
import { PlaceFields } from './place-fields';

/** Step 3: where the trucks collect the cargo, and on which day. */
export function PickupStep() {
  const t = useOrdersText();
  return (
    <Stack gap="lg">
      <PlaceFields name="pickup" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormDateInput<OrderDraftValues>
          name="bidDetails.pickupDate"
          label={t('pickupStep.date')}
          description={t('pickupStep.dateHint')}
          minDate={lagosToday()}
        />
      </SimpleGrid>
    </Stack>
  );
}
