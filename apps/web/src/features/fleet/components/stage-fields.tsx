import { Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAX_TRUCK_CAPACITY_TONNES, TRUCK_DOCUMENT_KINDS, TRUCK_TYPES } from '@freightlane/domain';
import { LOCALE_NAMES, LOCALES } from '@freightlane/domain/i18n';
import { Controller, useFormContext } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import { FormDateInput, FormPhoneField, FormTextInput } from '../../../components/form-inputs';
import { useFieldError } from '../../../components/use-field-error';
import { useLabels } from '../../../i18n/labels/labels';
import { usePhoneCode } from '../../profile';
import { useFleetText } from '../text';

/** The fields of each wizard stage; the wizard and the edit page's sections share them. */

// Examples of a make and a model as written on the trucks themselves: the same in every language.
const EXAMPLE_MAKE = 'MAN';
const EXAMPLE_MODEL = 'TGS 33.400';

export function TruckDetailsFields() {
  const t = useFleetText();
  const label = useLabels();
  const { control } = useFormContext();
  const error = useFieldError();
  const typeOptions = TRUCK_TYPES.map((type) => ({ value: type, label: label('truckType', type) }));
  return (
    <Stack gap="md">
      <FormTextInput
        name="registrationNumber"
        label={t('fields.registrationNumber')}
        description={t('fields.registrationNumberHint')}
        autoCapitalize="characters"
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="make" label={t('fields.make')} placeholder={EXAMPLE_MAKE} required />
        <FormTextInput name="model" label={t('fields.model')} placeholder={EXAMPLE_MODEL} required />
        <FormTextInput name="year" label={t('fields.year')} inputMode="numeric" placeholder="2019" required />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              label={t('fields.truckType')}
              required
              placeholder={t('fields.chooseType')}
              data={typeOptions}
              value={(field.value as string) || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={error('type')}
            />
          )}
        />
        <FormTextInput
          name="capacityTonnes"
          label={t('fields.capacity')}
          description={t('fields.capacityHint', { max: MAX_TRUCK_CAPACITY_TONNES })}
          inputMode="decimal"
          placeholder="30"
          required
        />
      </SimpleGrid>
    </Stack>
  );
}

export function TruckDocumentsFields() {
  const t = useFleetText();
  const label = useLabels();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('fields.documentsIntro')}
      </Text>
      {TRUCK_DOCUMENT_KINDS.map((kind) => {
        const document = label('truckDocument', kind);
        return (
          <Fieldset key={kind} legend={document} variant="filled" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FormTextInput
                name={`documents.${kind}.number`}
                label={t('fields.documentNumber', { document })}
              />
              <FormDateInput
                name={`documents.${kind}.expiresOn`}
                label={t('fields.documentExpiresOn', { document })}
              />
            </SimpleGrid>
          </Fieldset>
        );
      })}
    </Stack>
  );
}

/** The language a driver reads the SMS, the USSD menu and the phone page in; none chosen is English. */
function DriverLanguageField() {
  const t = useFleetText();
  const { control } = useFormContext();
  const error = useFieldError();
  const languages = LOCALES.map((locale) => ({
    value: locale,
    label: locale === 'en-NG' ? t('common.englishNigeria') : LOCALE_NAMES[locale],
  }));
  return (
    <Controller
      control={control}
      name="language"
      render={({ field }) => (
        <Select
          label={t('fields.language')}
          description={t('fields.languageHint')}
          data={languages}
          value={(field.value as string | null) ?? 'en-NG'}
          onChange={(value) => field.onChange(value ?? null)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          allowDeselect={false}
          error={error('language')}
        />
      )}
    />
  );
}

/** A driver's details: a person's, and the language the driver reads. */
export function DriverDetailsFields() {
  return <PersonDetailsFields withLanguage />;
}

/** Name, phone and home address; a fleet manager also has an e-mail, where the invitation goes. */
export function PersonDetailsFields({
  withEmail = false,
  withLanguage = false,
}: {
  withEmail?: boolean;
  withLanguage?: boolean;
}) {
  const t = useFleetText();
  const phoneCode = usePhoneCode();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="firstName" label={t('fields.firstName')} autoComplete="off" required />
        <FormTextInput name="lastName" label={t('fields.lastName')} autoComplete="off" required />
        <FormPhoneField name="phoneNumber" phoneCode={phoneCode} autoComplete="off" required />
        {withEmail ? (
          <FormTextInput
            name="email"
            label={t('fields.email')}
            description={t('fields.emailHint')}
            type="email"
            autoComplete="off"
            required
          />
        ) : null}
        {withLanguage ? <DriverLanguageField /> : null}
      </SimpleGrid>
      <Fieldset legend={t('fields.homeAddress')} variant="unstyled">
        <AddressFields name="address" />
      </Fieldset>
    </Stack>
  );
}

export function ManagerDetailsFields() {
  return <PersonDetailsFields withEmail />;
}

export function LicenceFields() {
  const t = useFleetText();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <FormTextInput
        name="licenceNumber"
        label={t('fields.licenceNumber')}
        description={t('fields.licenceNumberHint')}
        autoCapitalize="characters"
        required
      />
      <FormDateInput name="licenceExpiresOn" label={t('fields.licenceExpiresOn')} required />
    </SimpleGrid>
  );
}

export function NextOfKinFields() {
  const t = useFleetText();
  const phoneCode = usePhoneCode();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <FormTextInput name="nextOfKin.name" label={t('fields.nextOfKinName')} autoComplete="off" required />
      <FormTextInput
        name="nextOfKin.relationship"
        label={t('fields.relationship')}
        placeholder={t('fields.relationshipExample')}
        required
      />
      <FormPhoneField
        name="nextOfKin.phoneNumber"
        phoneCode={phoneCode}
        label={t('fields.nextOfKinPhone')}
        autoComplete="off"
        required
      />
    </SimpleGrid>
  );
}

export function GuarantorFields() {
  const t = useFleetText();
  const phoneCode = usePhoneCode();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="guarantor.name" label={t('fields.guarantorName')} autoComplete="off" required />
        <FormPhoneField
          name="guarantor.phoneNumber"
          phoneCode={phoneCode}
          label={t('fields.guarantorPhone')}
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <Fieldset legend={t('fields.guarantorAddress')} variant="unstyled">
        <AddressFields name="guarantor.address" />
      </Fieldset>
    </Stack>
  );
}
