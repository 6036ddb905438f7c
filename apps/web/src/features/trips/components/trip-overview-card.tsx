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

/** Who, what, from where to where and when: the facts of the trip. */
export function TripOverviewCard({ trip, isCustomer }: { trip: TripDetail; isCustomer: boolean }) {
  const [settingDate, setSettingDate] = useState(false);
  const canSetDate = trip.actions.includes('SET_EXPECTED_DELIVERY');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="overview-title">
      <Title order={2} fz="lg" id="overview-title" mb="sm">
        Trip details
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <DescriptionField label="Order number">
          {isCustomer ? (
            <Anchor component={Link} to={PATHS.order(trip.orderId)} size="sm">
              {trip.orderNumber}
            </Anchor>
          ) : (
            trip.orderNumber
          )}
        </DescriptionField>
        <DescriptionField label="Client">{trip.clientName}</DescriptionField>
        <DescriptionField label="Reference">{trip.reference || '—'}</DescriptionField>
        <DescriptionField label="Customer">{trip.customerName}</DescriptionField>
        <DescriptionField label="Transporter">{trip.transporterName}</DescriptionField>
        <DescriptionField label="Amount">
          <Money kobo={trip.amountKobo} size="sm" />
        </DescriptionField>
        <DescriptionField label="Pickup">
          <PlaceText location={trip.pickup} size="sm" />
        </DescriptionField>
        <DescriptionField label="Delivery">
          <PlaceText location={trip.recipient} size="sm" />
        </DescriptionField>
        <DescriptionField label="Pickup date">{formatCalendarDate(trip.pickupDate)}</DescriptionField>
        <DescriptionField label="Expected delivery">
          <Group gap="xs" component="span">
            <span>
              {trip.expectedDeliveryDate ? formatCalendarDate(trip.expectedDeliveryDate) : 'Not set'}
            </span>
            {canSetDate ? (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconCalendarEvent size={12} aria-hidden />}
                onClick={() => setSettingDate(true)}
                aria-label={
                  trip.expectedDeliveryDate
                    ? 'Change the expected delivery date'
                    : 'Set the expected delivery date'
                }
              >
                {trip.expectedDeliveryDate ? 'Change' : 'Set'}
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
