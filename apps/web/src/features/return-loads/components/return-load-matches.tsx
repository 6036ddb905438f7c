import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  RETURN_LOAD_WINDOW_DAYS,
  addCalendarDays,
  isContainerCargo,
  type ReturnLoadMatch,
  type ReturnLoadTrip,
} from '@freightlane/domain';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useReturnLoadsText, type ReturnLoadsText } from '../text';
import { ReturnLoadsWelcomeBadge } from './return-loads-welcome-badge';

function columns(t: ReturnLoadsText, label: Label): DataColumn<ReturnLoadMatch>[] {
  return [
    {
      key: 'order',
      header: t('match.order'),
      cell: (match) => (
        <Stack gap={4} align="flex-start">
          {/* The market's page of the order, where the bid form is. */}
          <Anchor
            component={Link}
            to={PATHS.marketOrder(match.orderId)}
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
          >
            {match.orderNumber}
          </Anchor>
          {match.returnLoadsWelcome || match.alreadyBid ? (
            <Group gap={4}>
              {match.returnLoadsWelcome ? <ReturnLoadsWelcomeBadge /> : null}
              {match.alreadyBid ? (
                <Badge variant="light" color="blue" radius="sm">
                  {t('match.youBid')}
                </Badge>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ),
    },
    { key: 'customer', header: t('match.customer'), cell: (match) => match.customerName },
    {
      key: 'cargo',
      header: t('match.cargo'),
      cell: (match) =>
        t('match.cargoCount', {
          cargo: label('cargoType', match.cargoType),
          unit: isContainerCargo(match.cargoType) ? 'container' : 'truckLoad',
          count: match.itemCount,
        }),
    },
    {
      key: 'route',
      header: t('match.route'),
      cell: (match) =>
        t('match.routeText', {
          place: match.pickup.name,
          state: match.pickup.state,
          deliveryState: match.delivery.state,
        }),
    },
    {
      key: 'pickupDate',
      header: t('match.pickupDate'),
      keep: true,
      cell: (match) => formatCalendarDate(match.pickupDate),
    },
    {
      key: 'distance',
      header: t('match.distance'),
      align: 'right',
      keep: true,
      cell: (match) => (
        <Text span inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('match.distanceAway', { km: match.distanceKm })}
        </Text>
      ),
    },
  ];
}

/**
 * A truck's return loads: the open orders picking up near where it delivers, each linked to the market's
 * page of the order to bid on it; a table on a laptop, a card per order on a phone. With none, it says what
 * was searched: the radius around the delivery place and the days from when the truck is free.
 */
export function ReturnLoadMatches({ trip, radiusKm }: { trip: ReturnLoadTrip; radiusKm: number }) {
  const t = useReturnLoadsText();
  const label = useLabels();
  if (trip.matches.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('match.none', {
          radius: radiusKm,
          place: trip.delivery.name,
          state: trip.delivery.state,
          from: formatCalendarDate(trip.freeOn),
          to: formatCalendarDate(addCalendarDays(trip.freeOn, RETURN_LOAD_WINDOW_DAYS)),
        })}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <DataTable
        label={t('match.tableLabel', { tripNumber: trip.tripNumber })}
        columns={columns(t, label)}
        rows={trip.matches}
        rowKey={(match) => match.orderId}
        tableFrom="md"
      />
      {trip.matchCount > trip.matches.length ? (
        <Text size="xs" c="dimmed">
          {t('match.showing', { shown: trip.matches.length, count: trip.matchCount })}
        </Text>
      ) : null}
    </Stack>
  );
}
