import { Anchor, Button, Card, Group, SimpleGrid, Title } from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { Money, PlaceText } from '../../../components/marketplace-badges';
import { formatCalendarDate } from '../../../lib/format';
import { TripExpectedDeliveryDialog } from './trip-expected-delivery-dialog';
import { DescriptionField } from '../../../components/description-field';
import { useTripComponentsText } from './text';

/** Who, what, from where to where and when: the facts of the trip. */
export function TripOverviewCard({ trip, isCustomer }: { trip: TripDetail; isCustomer: boolean }) {
  const t = useTripComponentsText();
  const [settingDate, setSettingDate] = useState(false);
  const canSetDate = trip.actions.includes('SET_EXPECTED_DELIVERY');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="overview-title">
      <Title order={2} fz="lg" id="overview-title" mb="sm">
        {t('overview.title')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <DescriptionField label={t('overview.orderNumber')}>
          {isCustomer ? (
            <Anchor component={Link} to={PATHS.order(trip.orderId)} size="sm">
              {trip.orderNumber}
            </Anchor>
          ) : (
            trip.orderNumber
          )}
        </DescriptionField>
        <DescriptionField label={t('overview.client')}>{trip.clientName}</DescriptionField>
        <DescriptionField label={t('overview.reference')}>{trip.reference || '—'}</DescriptionField>
        <DescriptionField label={t('overview.customer')}>{trip.customerName}</DescriptionField>
        <DescriptionField label={t('overview.transporter')}>{trip.transporterName}</DescriptionField>
        <DescriptionField label={t('overview.amount')}>
          <Money kobo={trip.amountKobo} size="sm" />
        </DescriptionField>
        <DescriptionField label={t('overview.pickup')}>
          <PlaceText location={trip.pickup} size="sm" />
        </DescriptionField>
        <DescriptionField label={t('overview.delivery')}>
          <PlaceText location={trip.recipient} size="sm" />
        </DescriptionField>
        <DescriptionField label={t('overview.pickupDate')}>
          {formatCalendarDate(trip.pickupDate)}
        </DescriptionField>
        <DescriptionField label={t('overview.expectedDelivery')}>
          <Group gap="xs" component="span">
            <span>
              {trip.expectedDeliveryDate
                ? formatCalendarDate(trip.expectedDeliveryDate)
                : t('overview.notSet')}
            </span>
            {canSetDate ? (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconCalendarEvent size={12} aria-hidden />}
                onClick={() => setSettingDate(true)}
                aria-label={trip.expectedDeliveryDate ? t('overview.changeDate') : t('overview.setDate')}
              >
                {trip.expectedDeliveryDate ? t('overview.change') : t('overview.set')}
              </Button>
            ) : null}
          </Group>
        </DescriptionField>
      </SimpleGrid>
      {canSetDate ? (
        <TripExpectedDeliveryDialog trip={trip} opened={settingDate} onClose={() => setSettingDate(false)} />
      ) : null}
    </Card>
  );
}
