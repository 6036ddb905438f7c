import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { sideOfRole, type TripDetail } from '@freightlane/domain';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { ReturnLoadMatches, useTripReturnLoads } from '../../return-loads';
import { useTripComponentsText } from './text';

/** The section's id: a return-load notification links to /trips/{id}#return-loads. */
const RETURN_LOADS_SECTION_ID = 'return-loads';

/**
 * For the trip's transporter (its owner account and fleet managers) while the trip is live: the open
 * orders its truck could carry back from near the delivery. Only that side is asked (the API answers
 * anyone else 404), and nothing shows when the API finds no truck, live trip or known delivery place.
 */
export function TripReturnLoadsCard({ trip }: { trip: TripDetail }) {
  const t = useTripComponentsText();
  const role = useRole();
  const { hash } = useLocation();
  const asked =
    sideOfRole(role) === 'TRANSPORTER' && !trip.cancelled && !trip.completed && trip.resources.truck !== null;
  const loads = useTripReturnLoads(trip.id, asked);
  const found = asked ? (loads.data?.trip ?? null) : null;
  const section = useRef<HTMLElement>(null);
  const shown = found !== null;

  // The section loads after the page, so the browser's own jump to #return-loads finds nothing to jump to.
  useEffect(() => {
    if (shown && hash === `#${RETURN_LOADS_SECTION_ID}`) section.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);

  if (!found || !loads.data) return null;
  return (
    <Card
      ref={section}
      id={RETURN_LOADS_SECTION_ID}
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="trip-return-loads-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="lg" id="trip-return-loads-title">
              {t('returnLoads.title')}
            </Title>
            <Badge variant="light" radius="sm">
              {t('returnLoads.count', { count: found.matchCount })}
            </Badge>
          </Group>
          <Anchor component={Link} to={PATHS.returnLoads} size="sm" fw={600}>
            {t('returnLoads.all')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t('returnLoads.intro', {
            radius: loads.data.radiusKm,
            place: found.delivery.name,
            state: found.delivery.state,
            date: formatCalendarDate(found.freeOn),
          })}
        </Text>
        <ReturnLoadMatches trip={found} radiusKm={loads.data.radiusKm} />
      </Stack>
    </Card>
  );
}
