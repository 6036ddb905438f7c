import { Anchor, Divider, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { unitLabel, type CargoType } from '@freightlane/domain';
import { useId } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormDateInput } from '../../../components/form-inputs';
import { PATHS } from '../../../lib/paths';
import { lagosToday } from '../../../lib/format';
import { usePreferredPartners } from '../../partners';
import type { OrderDraftValues } from '../order-draft';
import { PlaceFields } from './place-fields';
import { QuoteDocumentField } from './quote-document-field';

function PreferredPartnersSwitch() {
  const { control } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const partners = usePreferredPartners();
  const hasPartners = (partners.data?.length ?? 0) > 0;
  const none = partners.isSuccess && !hasPartners;
  const hintId = useId();

  return (
    <Controller
      control={control}
      name="preferredPartnersOnly"
      render={({ field }) => (
        <Stack gap={4}>
          <Switch
            label="Only my preferred partners may bid"
            checked={field.value}
            // With no partners nobody could bid, so the switch only turns off.
            disabled={!field.value && !hasPartners}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            aria-describedby={hintId}
            error={errors.preferredPartnersOnly?.message}
          />
          <Text id={hintId} size="sm" c="dimmed" pl={54}>
            {none ? (
              <>
                You have no preferred partners yet.{' '}
                <Anchor component={Link} to={PATHS.partners}>
                  Add preferred partners
                </Anchor>{' '}
                to keep an order among transporters you trust. Your draft is kept.
              </>
            ) : (
              'Leave this off to let every verified transporter bid on the order.'
            )}
          </Text>
        </Stack>
      )}
    />
  );
}

/** Step 4: where the cargo goes, and how bidding runs. */
export function DeliveryStep() {
  const { control, register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const cargoType = useWatch({ control, name: 'cargoType' });
  const unit = cargoType ? unitLabel(cargoType as CargoType) : 'container';
  const bidErrors = errors.bidDetails;

  return (
    <Stack gap="lg">
      <PlaceFields name="recipient" noun="Delivery" />

      <Divider />
      <Title order={3} fz="md">
        Bidding
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormDateInput<OrderDraftValues>
          name="bidDetails.closingDate"
          label="Bidding closes on"
          description="On or before the pickup date"
          minDate={lagosToday()}
        />
        <TextInput
          type="time"
          label="Bidding closes at"
          description="Lagos time"
          error={bidErrors?.closingTime?.message}
          {...register('bidDetails.closingTime')}
        />
        <TextInput
          label={`Target price per ${unit} (optional)`}
          description="In naira. Transporters see it as a guide."
          inputMode="decimal"
          leftSection={<Text size="sm">₦</Text>}
          placeholder="450,000"
          error={bidErrors?.targetPrice?.message}
          {...register('bidDetails.targetPrice')}
        />
      </SimpleGrid>
      <PreferredPartnersSwitch />

      <Divider />
      <Controller
        control={control}
        name="quoteDocument"
        render={({ field }) => (
          <QuoteDocumentField
            value={field.value}
            onChange={field.onChange}
            error={errors.quoteDocument?.message}
          />
        )}
      />
    </Stack>
  );
}
