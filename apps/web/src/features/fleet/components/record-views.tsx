import { Group, Stack, Text } from '@mantine/core';
import {
  expiringWithin,
  formatNigerianPhone,
  TRUCK_DOCUMENT_KINDS,
  TRUCK_DOCUMENT_LABELS,
  TRUCK_TYPE_LABELS,
  type Address,
  type Driver,
  type Guarantor,
  type NextOfKin,
  type Truck,
} from '@freightlane/domain';
import { LOCALE_NAMES, type Locale } from '@freightlane/domain/i18n';
import { formatCalendarDate } from '../../../lib/format';
import { DetailList } from './edit-section';
import { ExpiryBadge, truckDocumentStatus } from './fleet-badges';

/** What each edit section shows while it is not being edited. */

export function addressText(address: Address): string {
  return [address.street, address.neighborhood, address.city, `${address.lga} LGA`, address.state]
    .filter((part) => part && part.trim())
    .join(', ');
}

export function TruckDetailsView({ truck }: { truck: Truck }) {
  return (
    <DetailList
      items={[
        { label: 'Registration number', value: truck.registrationNumber },
        { label: 'Truck type', value: TRUCK_TYPE_LABELS[truck.type] },
        { label: 'Make', value: truck.make },
        { label: 'Model', value: truck.model },
        { label: 'Year of manufacture', value: truck.year },
        { label: 'Capacity', value: `${truck.capacityTonnes} tonnes` },
      ]}
    />
  );
}

export function TruckDocumentsView({ truck }: { truck: Truck }) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {TRUCK_DOCUMENT_KINDS.map((kind) => {
        const document = truck.documents[kind];
        return (
          <Group
            key={kind}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {TRUCK_DOCUMENT_LABELS[kind]}
              </Text>
              <Text size="xs" c="dimmed">
                {document
                  ? `${document.number ? `No. ${document.number} · ` : ''}Expires ${formatCalendarDate(document.expiresOn)}`
                  : 'Not entered yet'}
              </Text>
            </div>
            <ExpiryBadge status={truckDocumentStatus(truck, kind)} />
          </Group>
        );
      })}
    </Stack>
  );
}

export function PersonDetailsView({
  person,
}: {
  person: {
    firstName: string;
    lastName: string;
    phoneNumber: string;
    address: Address;
    email?: string;
    /** A driver's language (null: English); others have none. */
    language?: Locale | null;
  };
}) {
  return (
    <DetailList
      items={[
        { label: 'First name', value: person.firstName },
        { label: 'Last name', value: person.lastName },
        { label: 'Phone number', value: formatNigerianPhone(person.phoneNumber) },
        ...(person.email === undefined ? [] : [{ label: 'Email', value: person.email }]),
        { label: 'Home address', value: addressText(person.address) },
        ...(person.language === undefined
          ? []
          : [
              {
                label: 'Language',
                value:
                  person.language && person.language !== 'en-NG'
                    ? LOCALE_NAMES[person.language]
                    : 'English (Nigeria)',
              },
            ]),
      ]}
    />
  );
}

export function LicenceView({ driver }: { driver: Driver }) {
  return (
    <DetailList
      items={[
        { label: 'Licence number', value: driver.licenceNumber },
        {
          label: 'Expires on',
          value: (
            <Group gap="xs" component="span">
              {formatCalendarDate(driver.licenceExpiresOn)}
              <ExpiryBadge status={expiringWithin(driver.licenceExpiresOn)} />
            </Group>
          ),
        },
      ]}
    />
  );
}

export function NextOfKinView({ nextOfKin }: { nextOfKin: NextOfKin }) {
  return (
    <DetailList
      items={[
        { label: 'Name', value: nextOfKin.name },
        { label: 'Relationship', value: nextOfKin.relationship },
        { label: 'Phone number', value: formatNigerianPhone(nextOfKin.phoneNumber) },
      ]}
    />
  );
}

export function GuarantorView({ guarantor }: { guarantor: Guarantor }) {
  return (
    <DetailList
      items={[
        { label: 'Name', value: guarantor.name },
        { label: 'Phone number', value: formatNigerianPhone(guarantor.phoneNumber) },
        { label: 'Address', value: addressText(guarantor.address) },
      ]}
    />
  );
}
