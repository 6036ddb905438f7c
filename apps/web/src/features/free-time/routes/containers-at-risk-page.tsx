import { Anchor, Card, Text } from '@mantine/core';
import { CONTAINER_SIZE_LABELS, type ContainerAtRisk, type ContainersAtRiskPage } from '@freightlane/domain';
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
import { useContainersAtRisk } from '../api/free-time-api';
import { chargeDaysText, DepositText } from '../components/free-time-card';
import { FreeTimeBadge } from '../components/free-time-badge';

const MONO = { fontFamily: 'var(--mantine-font-family-monospace)' };

const COLUMNS: DataColumn<ContainerAtRisk>[] = [
  {
    key: 'container',
    header: 'Container',
    cell: (row) => (
      <>
        <Text size="sm" fw={600} style={MONO}>
          {row.containerNumber ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          {row.containerSize ? CONTAINER_SIZE_LABELS[row.containerSize] : 'Size not given'}
          {' · '}
          {row.linerName ?? 'Line not given'}
        </Text>
      </>
    ),
  },
  {
    key: 'trip',
    header: 'Trip',
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
    header: 'Last free day',
    keep: true,
    cell: (row) => (row.freeTime.lastFreeDay ? formatCalendarDate(row.freeTime.lastFreeDay) : 'Not known'),
  },
  {
    key: 'days-left',
    header: 'Days left',
    keep: true,
    card: 'corner',
    cell: (row) => <FreeTimeBadge freeTime={row.freeTime} />,
  },
  {
    key: 'projected',
    header: 'Projected charges',
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
          {chargeDaysText(row.freeTime)}
        </Text>
      </>
    ),
  },
  { key: 'deposit', header: 'Deposit', cell: (row) => <DepositText deposit={row.freeTime.deposit} /> },
  {
    key: 'at-stake',
    header: 'At stake',
    align: 'right',
    keep: true,
    cell: (row) => <Money kobo={row.freeTime.atStakeKobo} size="sm" fw={700} />,
  },
];

/** The naira the customer stands to lose across every container listed, above the list. */
function TotalAtStake({ page }: { page: ContainersAtRiskPage }) {
  const count = page.totalElements;
  return (
    <Card withBorder radius="md" padding="lg" mb="md" component="section" aria-labelledby="at-stake-title">
      <Text size="sm" c="dimmed" fw={500} id="at-stake-title">
        Total at stake
      </Text>
      <Money kobo={page.totalAtStakeKobo} fz={28} fw={700} display="block" />
      <Text size="sm" c="dimmed">
        Projected charges and deposits still held by the lines, across{' '}
        {count === 1 ? '1 container' : `${count} containers`}
      </Text>
    </Card>
  );
}

/** /containers/at-risk: the customer's import containers whose free time still runs, the fewest days left first. */
export function ContainersAtRiskPage() {
  usePageTitle('Containers at risk');
  const list = useListParams();
  const containers = useContainersAtRisk(list.page);

  return (
    <>
      <PageHeader
        title="Containers at risk"
        description="Your import containers still counting free time, the fewest days left first."
      />
      <QueryList
        query={containers}
        skeleton={<ListSkeleton label="Loading the containers" height={72} />}
        failure="Could not load the containers"
        empty={
          <EmptyList
            icon={IconContainer}
            action={
              <Anchor component={Link} to={PATHS.trips} size="sm">
                See your trips
              </Anchor>
            }
          >
            No containers are running out of free time.
          </EmptyList>
        }
      >
        {(rows, page) => (
          <>
            <TotalAtStake page={page} />
            <DataTable
              label="Containers at risk"
              columns={COLUMNS}
              rows={rows}
              rowKey={(row) => row.trip.id}
              tableFrom="md"
            />
          </>
        )}
      </QueryList>
      {containers.data ? (
        <ListPagination page={containers.data} noun={['container', 'containers']} onChange={list.setPage} />
      ) : null}
    </>
  );
}
