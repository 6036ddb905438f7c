import { Group, Stack, Text } from '@mantine/core';
import type { LaneServed, TruckTypeCount } from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDate } from '../../../lib/format';
import { useDirectoryText } from '../text';

/** "2 × Flatbed", one line a type, the most first; or that the company has no active truck. */
export function TruckTypeList({ truckTypes }: { truckTypes: TruckTypeCount[] }) {
  const t = useDirectoryText();
  const label = useLabels();
  if (truckTypes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('value.noTrucks')}
      </Text>
    );
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {truckTypes.map((row) => (
        <Text key={row.truckType} component="li" size="sm">
          {t('value.truckType', { count: row.trucks, type: label('truckType', row.truckType) })}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Lanes as "Lagos → Kano" with their trips, the busiest first; or that there were no trips to count. In a
 * list row (`stacked`) the trips go under each lane, so narrow columns and cards read alike.
 */
export function LaneList({ lanes, stacked = false }: { lanes: LaneServed[]; stacked?: boolean }) {
  const t = useDirectoryText();
  if (lanes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('value.noLanes')}
      </Text>
    );
  return (
    <Stack gap={stacked ? 6 : 4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {lanes.map((lane) => {
        const key = `${lane.pickupState}|${lane.deliveryState}`;
        const name = (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('value.lane', { from: lane.pickupState, to: lane.deliveryState })}
          </Text>
        );
        const trips = (
          <Text size={stacked ? 'xs' : 'sm'} c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('value.laneTrips', { count: lane.trips })}
          </Text>
        );
        return stacked ? (
          <Stack key={key} component="li" gap={0}>
            {name}
            {trips}
          </Stack>
        ) : (
          <Group key={key} component="li" gap="xs" justify="space-between" wrap="nowrap">
            {name}
            {trips}
          </Group>
        );
      })}
    </Stack>
  );
}

/** "Lagos · Verified since 12 Mar 2025": where the company is and since when Freightlane vouches for it. */
export function CompanyPlace({
  state,
  verifiedSince,
}: {
  state: string | null;
  verifiedSince: string | null;
}) {
  const t = useDirectoryText();
  const parts = [state, verifiedSince ? t('value.verifiedSince', { date: formatDate(verifiedSince) }) : null];
  const text = parts.filter(Boolean).join(' · ');
  return text ? (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  ) : null;
}
