import { Anchor, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  TERMINAL_KIND_LABELS,
  TERMINAL_KINDS,
  type AdminTerminal,
  type TerminalKind,
} from '@freightlane/domain';
import { IconBuildingWarehouse, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTerminals } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';
import { STATUS_OPTIONS, StatusBadge, statusFrom } from '../components/status-badge';

const ALL = 'ALL';
const KIND_OPTIONS = [
  { value: ALL, label: 'Every kind' },
  ...TERMINAL_KINDS.map((kind) => ({ value: kind, label: TERMINAL_KIND_LABELS[kind] })),
];

function kindFrom(value: string | null): TerminalKind | null {
  return (TERMINAL_KINDS as readonly string[]).includes(value ?? '') ? (value as TerminalKind) : null;
}

/** The gate's position as an admin checks it against a map, or why there is none. */
export function positionText(terminal: Pick<AdminTerminal, 'latitude' | 'longitude'>): string {
  if (terminal.latitude === null || terminal.longitude === null) return 'Not set';
  return `${terminal.latitude}, ${terminal.longitude}`;
}

const COLUMNS: DataColumn<AdminTerminal>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (terminal) => (
      <>
        <Anchor component={Link} to={PATHS.adminTerminal(terminal.id)} fw={600} size="sm">
          {terminal.name}
        </Anchor>
        <Text size="xs" c="dimmed" fw={400}>
          {terminal.code}
        </Text>
      </>
    ),
  },
  { key: 'kind', header: 'Kind', cell: (terminal) => TERMINAL_KIND_LABELS[terminal.kind] },
  { key: 'operator', header: 'Operator', cell: (terminal) => terminal.operator },
  { key: 'port', header: 'Port', cell: (terminal) => terminal.port },
  { key: 'place', header: 'LGA, state', cell: (terminal) => `${terminal.lga}, ${terminal.state}` },
  { key: 'gate', header: 'Gate', keep: true, cell: positionText },
  {
    key: 'status',
    header: 'Status',
    keep: true,
    card: 'corner',
    cell: (terminal) => <StatusBadge active={terminal.active} />,
  },
];

/** /admin/reference/terminals: terminals, holding bays and depots, filtered by kind and status. */
export function TerminalsPage() {
  usePageTitle('Terminals');
  const list = useListParams();
  const { params, page, update } = list;
  const kind = kindFrom(params.get('kind'));
  const status = statusFrom(params.get('status'));
  const q = params.get('q') ?? '';
  const { search, setSearch } = useListSearch(list);
  const terminals = useAdminTerminals({ q, kind, status, page });
  const filtered = Boolean(q || kind || status);

  const addButton = (
    <Button component={Link} to={PATHS.adminNewTerminal} leftSection={<IconPlus size={16} aria-hidden />}>
      Add a terminal
    </Button>
  );

  return (
    <>
      <ReferenceNav current="Terminals" />
      <PageHeader
        title="Terminals"
        description="Port terminals, holding bays and inland depots. Retired ones are not offered for new orders; orders and trips that name them keep them."
        action={addButton}
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Search"
            placeholder="Name, code, operator, port, LGA or state"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            type="search"
          />
          <Select
            label="Kind"
            data={KIND_OPTIONS}
            value={kind ?? ALL}
            onChange={(value) => update({ kind: value === ALL ? null : value })}
            allowDeselect={false}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? ALL}
            onChange={(value) => update({ status: value === ALL ? null : value })}
            allowDeselect={false}
          />
        </SimpleGrid>

        <QueryList
          query={terminals}
          skeleton={<ListSkeleton label="Loading terminals" rows={5} height={52} />}
          failure="Could not load the terminals"
          empty={
            filtered ? (
              <EmptyList
                icon={IconBuildingWarehouse}
                action={
                  <Button
                    variant="default"
                    onClick={() => {
                      setSearch('');
                      update({ q: null, kind: null, status: null });
                    }}
                  >
                    Show every terminal
                  </Button>
                }
              >
                {q ? `No terminal matches “${q}” with these filters.` : 'No terminals with these filters.'}{' '}
                Add it if it is missing.
              </EmptyList>
            ) : (
              <EmptyList icon={IconBuildingWarehouse} action={addButton}>
                No terminals yet. Add the terminals, holding bays and depots your customers move containers
                between.
              </EmptyList>
            )
          }
        >
          {(rows, page) => (
            <Stack gap="md">
              <DataTable
                label="Terminals"
                columns={COLUMNS}
                rows={rows}
                rowKey={(terminal) => terminal.id}
                tableFrom="md"
              />
              <ListPagination page={page} noun={['terminal', 'terminals']} onChange={list.setPage} />
            </Stack>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
