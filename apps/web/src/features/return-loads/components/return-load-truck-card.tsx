import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReturnLoadTrip } from '@freightlane/domain';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useReturnLoadsText } from '../text';
import { ReturnLoadMatches } from './return-load-matches';

/** One truck on a live trip: its trip, where and when it will be free, and the orders it could carry back. */
export function ReturnLoadTruckCard({ trip, radiusKm }: { trip: ReturnLoadTrip; radiusKm: number }) {
  const t = useReturnLoadsText();
  const headingId = `return-loads-${trip.tripId}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id={headingId}>
            <Anchor component={Link} to={PATHS.trip(trip.tripId)} inherit>
              {trip.tripNumber}
            </Anchor>
            {' · '}
            <Text span inherit c="dimmed" fw={500}>
              {t('truck.plate', { plate: trip.truckRegistration })}
            </Text>
          </Title>
          <Text size="sm">
            {t('truck.freeNear', {
              place: trip.delivery.name,
              state: trip.delivery.state,
              date: formatCalendarDate(trip.freeOn),
            })}
          </Text>
        </Stack>
        <Badge variant="light" size="lg" radius="sm" style={{ flexShrink: 0 }}>
          {t('truck.matchCount', { count: trip.matchCount })}
        </Badge>
      </Group>
      <ReturnLoadMatches trip={trip} radiusKm={radiusKm} />
    </Card>
  );
}
