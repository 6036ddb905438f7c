import { Group, Stack, Text } from '@mantine/core';
import {
  expiringWithin,
  formatNigerianPhone,
  TRUCK_DOCUMENT_KINDS,
  type Address,
  type Driver,
  type Guarantor,
  type NextOfKin,
  type Truck,
} from '@freightlane/domain';
import { LOCALE_NAMES, type Locale } from '@freightlane/domain/i18n';
import { useLabels } from '../../../i18n/labels/labels';
import { formatCalendarDate } from '../../../lib/format';
import { useFleetText, type FleetText } from '../text';
import { DetailList } from './edit-section';
import { ExpiryBadge, truckDocumentStatus } from './fleet-badges';

/** What each edit section shows while it is not being edited. */

export function addressText(address: Address, t: FleetText): string {
  return [
    address.street,
    address.neighborhood,
    address.city,
    t('view.lga', { lga: address.lga }),
    address.state,
  ]
    .filter((part) => part && part.trim())
    .join(', ');
}

export function TruckDetailsView({ truck }: { truck: Truck }) {
  const t = useFleetText();
  const label = useLabels();
  return (
    <DetailList
      items={[
        { label: t('view.registrationNumber'), value: truck.registrationNumber },
        { label: t('view.truckType'), value: label('truckType', truck.type) },
        { label: t('view.make'), value: truck.make },
        { label: t('view.model'), value: truck.model },
        { label: t('view.year'), value: truck.year },
        { label: t('view.capacity'), value: t('view.capacityValue', { tonnes: truck.capacityTonnes }) },
      ]}
    />
  );
}

export function TruckDocumentsView({ truck }: { truck: Truck }) {
  const t = useFleetText();
  const label = useLabels();
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
                {label('truckDocument', kind)}
              </Text>
              <Text size="xs" c="dimmed">
                {!document
                  ? t('view.documentNotEntered')
                  : document.number
                    ? t('view.documentNumberAndExpiry', {
                        number: document.number,
                        date: formatCalendarDate(document.expiresOn),
                      })
                    : t('view.documentExpiry', { date: formatCalendarDate(document.expiresOn) })}
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
  const t = useFleetText();
  return (
    <DetailList
      items={[
        { label: t('view.firstName'), value: person.firstName },
        { label: t('view.lastName'), value: person.lastName },
        { label: t('view.phoneNumber'), value: formatNigerianPhone(person.phoneNumber) },
        ...(person.email === undefined ? [] : [{ label: t('view.email'), value: person.email }]),
        { label: t('view.homeAddress'), value: addressText(person.address, t) },
        ...(person.language === undefined
          ? []
          : [
              {
                label: t('view.language'),
                value:
                  person.language && person.language !== 'en-NG'
                    ? LOCALE_NAMES[person.language]
                    : t('common.englishNigeria'),
              },
            ]),
      ]}
    />
  );
}

export function LicenceView({ driver }: { driver: Driver }) {
  const t = useFleetText();
  return (
    <DetailList
      items={[
        { label: t('view.licenceNumber'), value: driver.licenceNumber },
        {
          label: t('view.expiresOn'),
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
  const t = useFleetText();
  return (
    <DetailList
      items={[
        { label: t('view.name'), value: nextOfKin.name },
        { label: t('view.relationship'), value: nextOfKin.relationship },
        { label: t('view.phoneNumber'), value: formatNigerianPhone(nextOfKin.phoneNumber) },
      ]}
    />
  );
}

export function GuarantorView({ guarantor }: { guarantor: Guarantor }) {
  const t = useFleetText();
  return (
    <DetailList
      items={[
        { label: t('view.name'), value: guarantor.name },
        { label: t('view.phoneNumber'), value: formatNigerianPhone(guarantor.phoneNumber) },
        { label: t('view.address'), value: addressText(guarantor.address, t) },
      ]}
    />
  );
}
