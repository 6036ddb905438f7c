import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { TRUCK_TYPES, type TruckType } from '@freightlane/domain';
import { IconEdit, IconSearch, type Icon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryList } from '../../../components/query-list';
import { TableFrame } from '../../../components/table-frame';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { useFleetList, type FleetRecordOf } from '../api/fleet-api';
import type { FleetKind, FleetListParams } from '../api/fleet-keys';
import { StatusBadges } from './fleet-badges';
import { SetActiveButton } from './set-active-button';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useLabels } from '../../../i18n/labels/labels';
import { useFleetText } from '../text';

export interface FleetColumn<R> {
  header: string;
  cell: (record: R) => ReactNode;
  /** Kept on one line in the table: a phone number, a capacity, a badge. */
  keep?: boolean;
}

/** The list's filters as the address holds them (status=active|inactive, expiring=1, type, q, page). */
function filtersFrom(params: URLSearchParams) {
  const status = params.get('status');
  const type = params.get('type');
  return {
    status: status === 'active' || status === 'inactive' ? status : 'all',
    expiring: params.get('expiring') === '1',
    type: (TRUCK_TYPES as readonly string[]).includes(type ?? '') ? (type as TruckType) : undefined,
  } as const;
}

interface RecordBase {
  id: string;
  active: boolean;
  invitationStatus?: 'PENDING' | 'ACCEPTED';
}

/**
 * One fleet list: search, active/inactive filter (and expiring documents, truck type where they
 * apply), a card per record on phones and a table from 600 px, each with its edit link and the
 * Deactivate/Reactivate action.
 */
export function FleetList<K extends FleetKind>({
  kind,
  searchPlaceholder,
  nameOf,
  linkTo,
  columns,
  keepName = false,
  expiringFilter = false,
  typeFilter = false,
  emptyIcon,
  emptyText,
  addAction,
}: {
  kind: K;
  searchPlaceholder: string;
  nameOf: (record: FleetRecordOf[K]) => string;
  linkTo: (id: string) => string;
  columns: FleetColumn<FleetRecordOf[K]>[];
  /** The name is a plate, read as one piece, rather than a person's name that may wrap. */
  keepName?: boolean;
  expiringFilter?: boolean;
  typeFilter?: boolean;
  emptyIcon: Icon;
  emptyText: string;
  /** The create button for the empty list; absent when the person may not create one. */
  addAction?: ReactNode;
}) {
  const t = useFleetText();
  const label = useLabels();
  const list = useListParams();
  const { search, setSearch, settled } = useListSearch(list);
  const filters = filtersFrom(list.params);
  const isWide = useBreakpoint('sm');
  const statusLabelId = useId();
  const params: FleetListParams = {
    q: settled || undefined,
    active: filters.status === 'all' ? undefined : filters.status === 'active',
    expiring: expiringFilter && filters.expiring ? true : undefined,
    type: typeFilter ? filters.type : undefined,
    page: list.page,
  };
  const records = useFleetList(kind, params);
  const filtered = settled !== '' || params.active !== undefined || !!params.expiring || !!params.type;
  const listName = t('list.name', { kind });
  const statusFilters = [
    { value: 'all', label: t('list.all') },
    { value: 'active', label: t('common.active') },
    { value: 'inactive', label: t('common.inactive') },
  ];
  const typeOptions = [
    { value: 'all', label: t('list.allTypes') },
    ...TRUCK_TYPES.map((type) => ({ value: type, label: label('truckType', type) })),
  ];

  function clearFilters() {
    setSearch('');
    list.update({ q: null, status: null, expiring: null, type: null });
  }

  const table = (items: FleetRecordOf[K][]) => (
    <TableFrame label={listName}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('list.nameHeader')}</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.header} scope="col">
              {column.header}
            </Table.Th>
          ))}
          <Table.Th scope="col">{t('list.statusHeader')}</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>{t('list.actionsHeader')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((record) => {
          const base = record as RecordBase;
          const name = nameOf(record);
          return (
            <Table.Tr key={base.id}>
              <Table.Td data-keep={keepName || undefined}>
                <Anchor component={Link} to={linkTo(base.id)} fw={600} size="sm">
                  {name}
                </Anchor>
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.header} data-keep={column.keep || undefined}>
                  {column.cell(record)}
                </Table.Td>
              ))}
              <Table.Td data-keep>
                <StatusBadges active={base.active} invitation={base.invitationStatus} />
              </Table.Td>
              <Table.Td data-keep>
                <RowActions kind={kind} record={base} name={name} to={linkTo(base.id)} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableFrame>
  );

  const cards = (items: FleetRecordOf[K][]) => (
    <Stack gap="sm" component="ul" aria-label={listName} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((record) => {
        const base = record as RecordBase;
        const name = nameOf(record);
        return (
          <Card key={base.id} withBorder radius="md" padding="md" component="li">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
              <Anchor component={Link} to={linkTo(base.id)} fw={700} style={{ minWidth: 0 }}>
                {name}
              </Anchor>
              <StatusBadges active={base.active} invitation={base.invitationStatus} />
            </Group>
            <Stack gap={6} component="dl" m={0}>
              {columns.map((column) => (
                <Group key={column.header} justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text component="dt" size="sm" c="dimmed">
                    {column.header}
                  </Text>
                  <Text component="dd" size="sm" m={0} ta="right" style={{ minWidth: 0 }}>
                    {column.cell(record)}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Group mt="sm" justify="flex-end">
              <RowActions kind={kind} record={base} name={name} to={linkTo(base.id)} />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="md">
          <Stack gap={4}>
            <Text id={statusLabelId} size="sm" fw={500}>
              {t('list.show')}
            </Text>
            <SegmentedControl
              aria-labelledby={statusLabelId}
              data={statusFilters}
              value={filters.status}
              onChange={(value) => list.update({ status: value === 'all' ? null : value })}
            />
          </Stack>
          {typeFilter ? (
            <Select
              label={t('list.type')}
              data={typeOptions}
              value={filters.type ?? 'all'}
              onChange={(value) => list.update({ type: value === 'all' ? null : value })}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
          ) : null}
          {expiringFilter ? (
            <Checkbox
              label={t('list.expiring')}
              description={t('list.expiringHint')}
              checked={filters.expiring}
              onChange={(event) => list.update({ expiring: event.currentTarget.checked ? '1' : null })}
            />
          ) : null}
        </Group>
        <TextInput
          label={t('list.search')}
          type="search"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 300 }}
        />
      </Group>

      <QueryList
        query={records}
        skeleton={<ListSkeleton label={t('list.loading', { kind })} rows={4} height={isWide ? 52 : 150} />}
        failure={t('list.failure', { kind })}
        empty={
          filtered ? (
            <EmptyList
              icon={emptyIcon}
              action={
                <Button variant="default" onClick={clearFilters}>
                  {t('list.clearFilters')}
                </Button>
              }
            >
              {t('list.noMatch', { kind })}
            </EmptyList>
          ) : (
            <EmptyList icon={emptyIcon} action={addAction}>
              {emptyText}
            </EmptyList>
          )
        }
      >
        {(rows, page) => {
          // The noun in the form its count takes, whichever of the two the pagination picks.
          const noun = t('list.countNoun', { kind, count: page.totalElements });
          return (
            <Stack gap="md">
              {isWide ? table(rows) : cards(rows)}
              <ListPagination page={page} noun={[noun, noun]} onChange={list.setPage} />
            </Stack>
          );
        }}
      </QueryList>
    </Stack>
  );
}

function RowActions({
  kind,
  record,
  name,
  to,
}: {
  kind: FleetKind;
  record: RecordBase;
  name: string;
  to: string;
}) {
  const t = useFleetText();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        component={Link}
        to={to}
        size="xs"
        variant="subtle"
        leftSection={<IconEdit size={14} aria-hidden />}
        aria-label={t('list.editAria', { name })}
      >
        {t('common.edit')}
      </Button>
      <SetActiveButton kind={kind} id={record.id} active={record.active} name={name} size="xs" />
    </Group>
  );
}
