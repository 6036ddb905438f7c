import { Anchor, Card, Text } from '@mantine/core';
import type { ContainerAtRisk, ContainersAtRiskPage } from '@freightlane/domain';
import { IconContainer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { Money } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { useContainersAtRisk } from '../api/free-time-api';
import { chargeDaysText, DepositText } from '../components/free-time-card';
import { FreeTimeBadge } from '../components/free-time-badge';
import { useFreeTimeText, type FreeTimeText } from '../text';

const MONO = { fontFamily: 'var(--mantine-font-family-monospace)' };

const columnsOf = (t: FreeTimeText, label: Label): DataColumn<ContainerAtRisk>[] => [
  {
    key: 'container',
    header: t('atRisk.column.container'),
    cell: (row) => (
      <>
        <Text size="sm" fw={600} style={MONO}>
          {row.containerNumber ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          {row.containerSize ? label('containerSize', row.containerSize) : t('atRisk.sizeNotGiven')}
          {' · '}
          {row.linerName ?? t('atRisk.lineNotGiven')}
        </Text>
      </>
    ),
  },
  {
    key: 'trip',
    header: t('atRisk.column.trip'),
    keep: true,
    // A line of its own on a phone's card, so the two figures below sit in the right-hand column.
    card: 'line',
    cell: (row) => (
      <>
        <Anchor component={Link} to={PATHS.trip(row.trip.id)} size="sm">
          {row.trip.tripNumber}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.transporterName}
        </Text>
      </>
    ),
  },
  {
    key: 'last-free-day',
    header: t('atRisk.column.lastFreeDay'),
    keep: true,
    cell: (row) =>
      row.freeTime.lastFreeDay ? formatCalendarDate(row.freeTime.lastFreeDay) : t('atRisk.notKnown'),
  },
  {
    key: 'days-left',
    header: t('atRisk.column.daysLeft'),
    keep: true,
    card: 'corner',
    cell: (row) => <FreeTimeBadge freeTime={row.freeTime} />,
  },
  {
    key: 'projected',
    header: t('atRisk.column.projected'),
    align: 'right',
    // The figure stays whole; the days it counts may wrap under it.
    cell: (row) => (
      <>
        <Money
          kobo={row.freeTime.projectedChargesKobo}
          size="sm"
          display="block"
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        />
        <Text size="xs" c="dimmed">
          {chargeDaysText(row.freeTime, t)}
        </Text>
      </>
    ),
  },
  {
    key: 'deposit',
    header: t('atRisk.column.deposit'),
    cell: (row) => <DepositText deposit={row.freeTime.deposit} />,
  },
  {
    key: 'at-stake',
    header: t('atRisk.column.atStake'),
    align: 'right',
    keep: true,
    cell: (row) => <Money kobo={row.freeTime.atStakeKobo} size="sm" fw={700} />,
  },
];

/** The naira the customer stands to lose across every container listed, above the list. */
function TotalAtStake({ page }: { page: ContainersAtRiskPage }) {
  const t = useFreeTimeText();
  const count = page.totalElements;
  return (
    <Card withBorder radius="md" padding="lg" mb="md" component="section" aria-labelledby="at-stake-title">
      <Text size="sm" c="dimmed" fw={500} id="at-stake-title">
        {t('atRisk.totalTitle')}
      </Text>
      <Money kobo={page.totalAtStakeKobo} fz={28} fw={700} display="block" />
      <Text size="sm" c="dimmed">
        {t('atRisk.totalText', { count })}
      </Text>
    </Card>
  );
}

/** /containers/at-risk: the customer's import containers whose free time still runs, the fewest days left first. */
export function ContainersAtRiskPage() {
  const t = useFreeTimeText();
  const label = useLabels();
  usePageTitle(t('atRisk.title'));
  const list = useListParams();
  const containers = useContainersAtRisk(list.page);

  return (
    <>
      <PageHeader title={t('atRisk.title')} description={t('atRisk.description')} />
      <QueryList
        query={containers}
        skeleton={<ListSkeleton label={t('atRisk.loading')} height={72} />}
        failure={t('atRisk.failure')}
        empty={
          <EmptyList
            icon={IconContainer}
            action={
              <Anchor component={Link} to={PATHS.trips} size="sm">
                {t('atRisk.seeTrips')}
              </Anchor>
            }
          >
            {t('atRisk.empty')}
          </EmptyList>
        }
      >
        {(rows, page) => (
          <>
            <TotalAtStake page={page} />
            <DataTable
              label={t('atRisk.tableLabel')}
              columns={columnsOf(t, label)}
              rows={rows}
              rowKey={(row) => row.trip.id}
              tableFrom="md"
            />
          </>
        )}
      </QueryList>
      {containers.data ? (
        <ListPagination
          page={containers.data}
          noun={[t('atRisk.pageNounOne'), t('atRisk.pageNounMany')]}
          onChange={list.setPage}
        />
      ) : null}
    </>
  );
}
