import { Anchor, Badge, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type DriverBalanceTrip } from '@freightlane/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListPagination } from '../../../components/list-pagination';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useDriverBalance } from '../api/trip-cash-api';
import { QueryError } from '../../../components/query-error';
import { useTripCashText } from '../text';

const money = (kobo: number) => formatMoney(kobo);

/**
 * On the fleet's driver page: what the company owes the driver over every trip (or the cash the driver
 * holds), and the trips behind it, the latest first.
 */
export function DriverBalanceCard({ driverId, driverName }: { driverId: string; driverName: string }) {
  const t = useTripCashText();
  const [page, setPage] = useState(0);
  const balance = useDriverBalance(driverId, page);
  const columns: DataColumn<DriverBalanceTrip>[] = [
    {
      key: 'trip',
      header: t('balance.trip'),
      keep: true,
      card: 'title',
      cell: (row) => (
        <Anchor component={Link} to={PATHS.trip(row.tripId)} size="sm">
          {row.tripNumber}
        </Anchor>
      ),
    },
    {
      key: 'state',
      header: t('balance.settled'),
      keep: true,
      card: 'corner',
      cell: (row) =>
        row.settledAt ? (
          <Badge variant="light" color="green" radius="sm">
            {t('balance.settledOn', { when: formatDate(row.settledAt) })}
          </Badge>
        ) : (
          <Badge variant="light" color="orange" radius="sm">
            {t('balance.open')}
          </Badge>
        ),
    },
    {
      key: 'advances',
      header: t('balance.advances'),
      align: 'right',
      keep: true,
      cell: (r) => money(r.advancesKobo),
    },
    {
      key: 'approved',
      header: t('balance.approved'),
      align: 'right',
      keep: true,
      cell: (r) => money(r.approvedKobo),
    },
    { key: 'paid', header: t('balance.paid'), align: 'right', keep: true, cell: (r) => money(r.paidKobo) },
    {
      key: 'balance',
      header: t('balance.tripBalance'),
      align: 'right',
      keep: true,
      cell: (r) => money(r.balanceKobo),
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="driver-balance-title">
      <Title order={2} fz="lg" id="driver-balance-title" mb="sm">
        {t('balance.title')}
      </Title>
      {balance.isPending ? (
        <Skeleton h={80} role="status" aria-label={t('balance.loading')} />
      ) : balance.isError ? (
        <QueryError
          error={balance.error}
          title={t('balance.failed')}
          onRetry={() => void balance.refetch()}
        />
      ) : balance.data.trips.totalElements === 0 ? (
        <Text size="sm" c="dimmed">
          {t('balance.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text
            fw={700}
            size="lg"
            c={
              balance.data.balanceKobo < 0 ? 'blue.9' : balance.data.balanceKobo > 0 ? 'orange.9' : undefined
            }
          >
            {balance.data.balanceKobo > 0
              ? t('balance.owed', { driver: driverName, amount: money(balance.data.balanceKobo) })
              : balance.data.balanceKobo < 0
                ? t('balance.held', { driver: driverName, amount: money(-balance.data.balanceKobo) })
                : t('balance.even', { driver: driverName })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('balance.facts', {
              unsettled: balance.data.unsettledTrips,
              waiting: money(balance.data.waitingKobo),
            })}
          </Text>
          <DataTable
            label={t('balance.tableLabel', { driver: driverName })}
            columns={columns}
            rows={balance.data.trips.content}
            rowKey={(row) => row.tripId}
          />
          <ListPagination
            page={balance.data.trips}
            onChange={setPage}
            noun={[t('balance.tripOne'), t('balance.tripMany')]}
          />
        </Stack>
      )}
    </Card>
  );
}
