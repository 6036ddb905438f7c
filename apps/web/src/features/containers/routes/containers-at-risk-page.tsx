import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { CONTAINER_SIZE_LABELS, type ContainerAtRisk, type ContainersAtRiskPage } from '@freightlane/domain';
import { IconContainer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { Money } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useListParams } from '../../../components/use-list-params';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { usePageTitle } from '../../../lib/use-page-title';
import { useContainersAtRisk } from '../api/containers-api';
import { chargeDaysText, DepositText } from '../components/free-time-card';
import { FreeTimeBadge } from '../components/free-time-badge';

const MONO = { fontFamily: 'var(--mantine-font-family-monospace)' };

/** "MSKU1234565 · 40 FT", or what is known of it. */
function containerText(row: ContainerAtRisk): string {
  const size = row.containerSize ? CONTAINER_SIZE_LABELS[row.containerSize] : null;
  return [row.containerNumber ?? 'Container number not given', size].filter(Boolean).join(' · ');
}

function TripLink({ row }: { row: ContainerAtRisk }) {
  return (
    <Anchor component={Link} to={PATHS.trip(row.trip.id)} size="sm">
      {row.trip.tripNumber}
    </Anchor>
  );
}

function LastFreeDay({ row }: { row: ContainerAtRisk }) {
  return <>{row.freeTime.lastFreeDay ? formatCalendarDate(row.freeTime.lastFreeDay) : 'Not known'}</>;
}

function Projected({ row, align }: { row: ContainerAtRisk; align?: 'right' }) {
  return (
    <Stack gap={0} align={align === 'right' ? 'flex-end' : 'flex-start'}>
      <Money kobo={row.freeTime.projectedChargesKobo} size="sm" />
      <Text size="xs" c="dimmed">
        {chargeDaysText(row.freeTime)}
      </Text>
    </Stack>
  );
}

function AtRiskTable({ rows }: { rows: ContainerAtRisk[] }) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table
        verticalSpacing="sm"
        aria-label="Containers at risk"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Container</Table.Th>
            <Table.Th scope="col">Trip</Table.Th>
            <Table.Th scope="col">Last free day</Table.Th>
            <Table.Th scope="col">Days left</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Projected charges
            </Table.Th>
            <Table.Th scope="col">Deposit</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              At stake
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.trip.id}>
              <Table.Td>
                <Text size="sm" fw={600} style={MONO}>
                  {row.containerNumber ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.containerSize ? CONTAINER_SIZE_LABELS[row.containerSize] : 'Size not given'}
                  {' · '}
                  {row.linerName ?? 'Line not given'}
                </Text>
              </Table.Td>
              <Table.Td>
                <TripLink row={row} />
                <Text size="xs" c="dimmed">
                  {row.transporterName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <LastFreeDay row={row} />
                </Text>
              </Table.Td>
              <Table.Td>
                <FreeTimeBadge freeTime={row.freeTime} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Projected row={row} align="right" />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DepositText deposit={row.freeTime.deposit} />
                </Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Money kobo={row.freeTime.atStakeKobo} size="sm" fw={700} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AtRiskCards({ rows }: { rows: ContainerAtRisk[] }) {
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label="Containers at risk"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {rows.map((row) => (
        <Card key={row.trip.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6} gap="xs">
            <Text size="sm" fw={600} style={{ ...MONO, minWidth: 0, overflowWrap: 'anywhere' }}>
              {containerText(row)}
            </Text>
            <FreeTimeBadge freeTime={row.freeTime} />
          </Group>
          <Text size="sm">
            {row.linerName ?? 'Line not given'} · Trip <TripLink row={row} />
          </Text>
          <Text size="xs" c="dimmed">
            {row.transporterName}
          </Text>
          <Text size="sm" mt={6}>
            Last free day: <LastFreeDay row={row} />
          </Text>
          <Group justify="space-between" align="flex-start" mt={6} gap="xs" wrap="nowrap">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Projected charges
              </Text>
              <Projected row={row} />
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                At stake
              </Text>
              <Money kobo={row.freeTime.atStakeKobo} fw={700} />
            </Stack>
          </Group>
          <Text size="sm" mt={6}>
            Deposit: <DepositText deposit={row.freeTime.deposit} />
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

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
  const isDesktop = useBreakpoint('md');
  const containers = useContainersAtRisk(list.page);

  let content;
  if (containers.isPending) content = <ListSkeleton label="Loading the containers" height={72} />;
  else if (containers.isError)
    content = (
      <QueryError
        error={containers.error}
        onRetry={() => void containers.refetch()}
        title="Could not load the containers"
      />
    );
  else if (containers.data.content.length === 0)
    content = (
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
    );
  else
    content = (
      <>
        <TotalAtStake page={containers.data} />
        {isDesktop ? (
          <Card withBorder radius="md" padding={0}>
            <AtRiskTable rows={containers.data.content} />
          </Card>
        ) : (
          <AtRiskCards rows={containers.data.content} />
        )}
      </>
    );

  return (
    <>
      <PageHeader
        title="Containers at risk"
        description="Your import containers still counting free time, the fewest days left first."
      />
      {content}
      {containers.data ? (
        <ListPagination page={containers.data} noun={['container', 'containers']} onChange={list.setPage} />
      ) : null}
    </>
  );
}
