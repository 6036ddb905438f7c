import { Anchor, Checkbox, Divider, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { CargoType } from '@freightlane/domain';
import { useId } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormDateInput } from '../../../components/form-inputs';
import { PATHS } from '../../../lib/paths';
import { lagosToday } from '../../../lib/format';
import { usePreferredPartners } from '../../partners';
import type { OrderDraftValues } from '../order-draft';
import { useOrdersText } from '../text';
import { unitWords } from '../unit-count';
import { OrderRateGuidance } from './order-rate-guidance';
import { PlaceFields } from './place-fields';
import { QuoteDocumentField } from './quote-document-field';

function PreferredPartnersSwitch() {
  const t = useOrdersText();
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
            label={t('deliveryStep.partnersOnly')}
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
                {t('deliveryStep.noPartners')}{' '}
                <Anchor component={Link} to={PATHS.partners}>
                  {t('deliveryStep.addPartners')}
                </Anchor>{' '}
                {t('deliveryStep.addPartnersWhy')}
              </>
            ) : (
              t('deliveryStep.everyTransporterHint')
            )}
          </Text>
        </Stack>
      )}
    />
  );
}

/** Trucks delivering near the pickup see the order among their return loads; the customer opts in. */
function ReturnLoadsWelcomeCheckbox() {
  const t = useOrdersText();
  const { control } = useFormContext<OrderDraftValues>();
  return (
    <Controller
      control={control}
      name="returnLoadsWelcome"
      render={({ field }) => (
        <Checkbox
          label={t('deliveryStep.returnLoadsWelcome')}
          description={t('returnLoads.hint')}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
        />
      )}
    />
  );
}

/** Step 4: where the cargo goes, and how bidding runs. */
export function DeliveryStep() {
  const t = useOrdersText();
  const { control, register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const cargoType = useWatch({ control, name: 'cargoType' });
  const unit = cargoType ? unitWords(t, cargoType as CargoType).one : t('unit.container');
  const bidErrors = errors.bidDetails;

  return (
    <Stack gap="lg">
      <PlaceFields name="recipient" />

      <Divider />
      <Title order={3} fz="md">
        {t('deliveryStep.bidding')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormDateInput<OrderDraftValues>
          name="bidDetails.closingDate"
          label={t('deliveryStep.closesOn')}
          description={t('deliveryStep.closesOnHint')}
          minDate={lagosToday()}
        />
        <TextInput
          type="time"
          label={t('deliveryStep.closesAt')}
          description={t('deliveryStep.lagosTime')}
          error={bidErrors?.closingTime?.message}
          {...register('bidDetails.closingTime')}
        />
        <TextInput
          label={t('deliveryStep.targetPrice', { unit })}
          description={t('deliveryStep.targetPriceHint')}
          inputMode="decimal"
          leftSection={<Text size="sm">₦</Text>}
          placeholder="450,000"
          error={bidErrors?.targetPrice?.message}
          {...register('bidDetails.targetPrice')}
        />
        {/* Beside the target price: what trucks on the lane were paid lately. */}
        <OrderRateGuidance headingOrder={4} />
      </SimpleGrid>
      <PreferredPartnersSwitch />
      <ReturnLoadsWelcomeCheckbox />

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
