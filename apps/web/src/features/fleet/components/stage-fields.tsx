import { Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  MAX_TRUCK_CAPACITY_TONNES,
  TRUCK_DOCUMENT_KINDS,
  TRUCK_DOCUMENT_LABELS,
  TRUCK_TYPE_LABELS,
  TRUCK_TYPES,
} from '@freightlane/domain';
import { LOCALE_NAMES, LOCALES } from '@freightlane/domain/i18n';
import { Controller, useFormContext } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import { FormDateInput, FormPhoneField, FormTextInput } from '../../../components/form-inputs';
import { useFieldError } from '../../../components/use-field-error';
import { usePhoneCode } from '../../profile';

/** The fields of each wizard stage; the wizard and the edit page's sections share them. */

const TRUCK_TYPE_OPTIONS = TRUCK_TYPES.map((type) => ({ value: type, label: TRUCK_TYPE_LABELS[type] }));

export function TruckDetailsFields() {
  const { control } = useFormContext();
  const error = useFieldError();
  return (
    <Stack gap="md">
      <FormTextInput
        name="registrationNumber"
        label="Registration number"
        description="As on the plate, e.g. LSR 123 XY"
        autoCapitalize="characters"
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="make" label="Make" placeholder="MAN" required />
        <FormTextInput name="model" label="Model" placeholder="TGS 33.400" required />
        <FormTextInput
          name="year"
          label="Year of manufacture"
          inputMode="numeric"
          placeholder="2019"
          required
        />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              label="Truck type"
              required
              placeholder="Choose a type"
              data={TRUCK_TYPE_OPTIONS}
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
          label="Capacity (tonnes)"
          description={`Up to ${MAX_TRUCK_CAPACITY_TONNES} tonnes, one decimal`}
          inputMode="decimal"
          placeholder="30"
          required
        />
      </SimpleGrid>
    </Stack>
  );
}

export function TruckDocumentsFields() {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Leave out a document you do not have yet; you can add it later. We warn you 30 days before one
        expires.
      </Text>
      {TRUCK_DOCUMENT_KINDS.map((kind) => {
        const label = TRUCK_DOCUMENT_LABELS[kind];
        return (
          <Fieldset key={kind} legend={label} variant="filled" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FormTextInput name={`documents.${kind}.number`} label={`${label} number (optional)`} />
              <FormDateInput name={`documents.${kind}.expiresOn`} label={`${label} expires on`} />
            </SimpleGrid>
          </Fieldset>
        );
      })}
    </Stack>
  );
}

const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({
  value: locale,
  label: locale === 'en-NG' ? 'English (Nigeria)' : LOCALE_NAMES[locale],
}));

/** The language a driver reads the SMS, the USSD menu and the phone page in; none chosen is English. */
function DriverLanguageField() {
  const { control } = useFormContext();
  const error = useFieldError();
  return (
    <Controller
      control={control}
      name="language"
      render={({ field }) => (
        <Select
          label="Language"
          description="For the driver’s SMS, USSD menu and phone page"
          data={LANGUAGE_OPTIONS}
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
  const phoneCode = usePhoneCode();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="firstName" label="First name" autoComplete="off" required />
        <FormTextInput name="lastName" label="Last name" autoComplete="off" required />
        <FormPhoneField name="phoneNumber" phoneCode={phoneCode} autoComplete="off" required />
        {withEmail ? (
          <FormTextInput
            name="email"
            label="Email"
            description="The invitation to sign in goes here"
            type="email"
            autoComplete="off"
            required
          />
        ) : null}
        {withLanguage ? <DriverLanguageField /> : null}
      </SimpleGrid>
      <Fieldset legend="Home address" variant="unstyled">
        <AddressFields name="address" />
      </Fieldset>
    </Stack>
  );
}

export function ManagerDetailsFields() {
  return <PersonDetailsFields withEmail />;
}

export function LicenceFields() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <FormTextInput
        name="licenceNumber"
        label="Licence number"
        description="As on the FRSC licence, e.g. LAG12345AA01"
        autoCapitalize="characters"
        required
      />
      <FormDateInput name="licenceExpiresOn" label="Licence expires on" required />
    </SimpleGrid>
  );
}

export function NextOfKinFields() {
  const phoneCode = usePhoneCode();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <FormTextInput name="nextOfKin.name" label="Next of kin name" autoComplete="off" required />
      <FormTextInput
        name="nextOfKin.relationship"
        label="Relationship"
        placeholder="Wife, brother, uncle"
        required
      />
      <FormPhoneField
        name="nextOfKin.phoneNumber"
        phoneCode={phoneCode}
        label="Next of kin phone number"
        autoComplete="off"
        required
      />
    </SimpleGrid>
  );
}

export function GuarantorFields() {
  const phoneCode = usePhoneCode();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="guarantor.name" label="Guarantor name" autoComplete="off" required />
        <FormPhoneField
          name="guarantor.phoneNumber"
          phoneCode={phoneCode}
          label="Guarantor phone number"
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <Fieldset legend="Guarantor's address" variant="unstyled">
        <AddressFields name="guarantor.address" />
      </Fieldset>
    </Stack>
  );
}
