import {
  Anchor,
  Badge,
  Button,
  Card,
  CloseButton,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AUDIT_ENTITY_TYPE_LABELS,
  auditActionLabel,
  auditEntityTypeLabel,
  isCalendarDate,
  type AuditLogEntry,
} from '@freightlane/domain';
import { IconChevronDown, IconChevronRight, IconHistory, IconSearch } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../../components/date-field';
import { EmailText } from '../../../../components/email-text';
import { ShortId } from '../../../../components/short-id';
import { TableFrame } from '../../../../components/table-frame';
import { EmptyList } from '../../../../components/empty-list';
import { ListPagination } from '../../../../components/list-pagination';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { PageHeader } from '../../../../components/page-header';
import { QueryList } from '../../../../components/query-list';
import { useListParams, useListSearch } from '../../../../components/use-list-params';
import { formatDateTime } from '../../../../lib/format';
import { PATHS } from '../../../../lib/paths';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { usePageTitle } from '../../../../lib/use-page-title';
import type { AuditLogFilter } from '../../api/admin-keys';
import { useAuditLog } from '../api/audit-log-api';
import { AuditDataView } from '../components/audit-data-view';

const ALL = 'ALL';
const PAGE_SIZE = 20;

const ENTITY_TYPE_OPTIONS = [
  { value: ALL, label: 'Everything' },
  ...Object.entries(AUDIT_ENTITY_TYPE_LABELS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

/** The filters of the address that the API reads; names shown on the chips ride along in actor and company. */
const FILTER_KEYS = ['q', 'entityType', 'entityId', 'actorUserId', 'companyId', 'from', 'to'] as const;

/** Where an entity of the log is seen in the back office, when it has a page of its own. */
function entityPath(entry: AuditLogEntry): string | null {
  switch (entry.entityType) {
    case 'company':
      return PATHS.adminCompany(entry.entityId);
    case 'user':
      return PATHS.adminUser(entry.entityId);
    case 'trip':
      return PATHS.trip(entry.entityId);
    default:
      return null;
  }
}

interface Filters {
  onActor: (entry: AuditLogEntry) => void;
  onEntity: (entry: AuditLogEntry) => void;
  onCompany: (entry: AuditLogEntry) => void;
}

function Actor({ entry, onActor }: { entry: AuditLogEntry; onActor: Filters['onActor'] }) {
  const { actor } = entry;
  if (actor.kind !== 'USER') {
    return (
      <Text size="sm" c={actor.kind === 'SYSTEM' ? 'dimmed' : undefined}>
        {actor.name}
      </Text>
    );
  }
  return (
    <Stack gap={0} align="flex-start">
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        onClick={() => onActor(entry)}
        aria-label={`Show changes by ${actor.name}`}
        ta="left"
      >
        {actor.name}
      </Anchor>
      {actor.email ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <EmailText email={actor.email} />
        </Text>
      ) : null}
    </Stack>
  );
}

function Entity({ entry, onEntity }: { entry: AuditLogEntry; onEntity: Filters['onEntity'] }) {
  const path = entityPath(entry);
  const label = auditEntityTypeLabel(entry.entityType);
  const tripNumber = typeof entry.data?.tripNumber === 'string' ? entry.data.tripNumber : null;
  return (
    <Stack gap={0} align="flex-start">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => onEntity(entry)}
        aria-label={`Show every change to this ${label.toLowerCase()}`}
        ta="left"
      >
        {label}
        {tripNumber ? (
          <>
            {' '}
            <span style={{ whiteSpace: 'nowrap' }}>{tripNumber}</span>
          </>
        ) : null}
      </Anchor>
      <Group gap={6} wrap="nowrap">
        <ShortId id={entry.entityId} />
        {path ? (
          <Anchor component={Link} to={path} size="xs" aria-label={`Open this ${label.toLowerCase()}`}>
            Open
          </Anchor>
        ) : null}
      </Group>
    </Stack>
  );
}

function Company({ entry, onCompany }: { entry: AuditLogEntry; onCompany: Filters['onCompany'] }) {
  if (!entry.company) return <Text size="sm">—</Text>;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => onCompany(entry)}
      aria-label={`Show changes for ${entry.company.name}`}
      ta="left"
    >
      {entry.company.name}
    </Anchor>
  );
}

function What({ entry }: { entry: AuditLogEntry }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {auditActionLabel(entry.action)}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {entry.action}
      </Text>
    </Stack>
  );
}

function DetailsToggle({ id, open, onToggle }: { id: string; open: boolean; onToggle: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={
        open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
      }
      aria-expanded={open}
      aria-controls={open ? id : undefined}
      onClick={onToggle}
    >
      {open ? 'Hide changes' : 'Show changes'}
    </Button>
  );
}

function AuditTable({ entries, ...filters }: { entries: AuditLogEntry[] } & Filters) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <TableFrame label="Audit log" highlightOnHover={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">Who</Table.Th>
          <Table.Th scope="col">What</Table.Th>
          <Table.Th scope="col">Changed</Table.Th>
          <Table.Th scope="col">Company</Table.Th>
          <Table.Th scope="col">IP address</Table.Th>
          <Table.Th scope="col">Before → after</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => {
          const detailsId = `audit-details-${entry.id}`;
          const isOpen = open.has(entry.id);
          return (
            <Fragment key={entry.id}>
              <Table.Tr>
                <Table.Td data-keep>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>
                  <Actor entry={entry} onActor={filters.onActor} />
                </Table.Td>
                <Table.Td>
                  <What entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Entity entry={entry} onEntity={filters.onEntity} />
                </Table.Td>
                <Table.Td>
                  <Company entry={entry} onCompany={filters.onCompany} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {entry.ipAddress ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DetailsToggle id={detailsId} open={isOpen} onToggle={() => toggle(entry.id)} />
                </Table.Td>
              </Table.Tr>
              {isOpen ? (
                <Table.Tr id={detailsId}>
                  <Table.Td colSpan={7} bg="var(--mantine-color-gray-0)">
                    <AuditDataView data={entry.data} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </TableFrame>
  );
}

function AuditCard({ entry, ...filters }: { entry: AuditLogEntry } & Filters) {
  const [open, setOpen] = useState(false);
  const detailsId = `audit-details-${entry.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <What entry={entry} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.at)}
        </Text>
      </Group>
      <Stack gap={6} mt="xs">
        <Actor entry={entry} onActor={filters.onActor} />
        <Entity entry={entry} onEntity={filters.onEntity} />
        <Group gap="xs">
          <Company entry={entry} onCompany={filters.onCompany} />
          {entry.ipAddress ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {entry.ipAddress}
            </Text>
          ) : null}
        </Group>
      </Stack>
      <Group mt="xs">
        <DetailsToggle id={detailsId} open={open} onToggle={() => setOpen(!open)} />
      </Group>
      <Collapse in={open} id={detailsId}>
        <div style={{ paddingTop: 8 }}>{open ? <AuditDataView data={entry.data} /> : null}</div>
      </Collapse>
    </Card>
  );
}

function FilterChip({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <Badge
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      fw={500}
      rightSection={<CloseButton size="xs" aria-label={`Remove the filter ${label}`} onClick={onClear} />}
    >
      {label}
    </Badge>
  );
}

/** The date inputs of the range: applied once each is a real date and `to` is not before `from`. */
function useDateRange(from: string, to: string, apply: (range: { from: string; to: string }) => void) {
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const error = draft.from && draft.to && draft.to < draft.from ? 'To must not be before From' : null;
  function change(next: { from: string; to: string }) {
    setDraft(next);
    const valid = (v: string) => v === '' || isCalendarDate(v);
    if (valid(next.from) && valid(next.to) && !(next.from && next.to && next.to < next.from)) apply(next);
  }
  return { draft, error, change };
}

/** /admin/audit-log: every change made by anyone, newest first, searchable; nothing on it can be changed. */
export function AdminAuditLogPage() {
  usePageTitle('Audit log');
  const isWide = useBreakpoint('lg');
  const list = useListParams();
  const { params, page, update } = list;
  const { search, setSearch } = useListSearch(list);
  const value = (key: (typeof FILTER_KEYS)[number]) => params.get(key) ?? '';
  const filter: AuditLogFilter = {
    q: value('q'),
    entityType: value('entityType'),
    entityId: value('entityId'),
    actorUserId: value('actorUserId'),
    companyId: value('companyId'),
    from: value('from'),
    to: value('to'),
    page,
    size: PAGE_SIZE,
  };
  const log = useAuditLog(filter);
  const range = useDateRange(filter.from, filter.to, (next) => update(next));

  const filters: Filters = {
    onActor: (entry) => update({ actorUserId: entry.actor.userId, actor: entry.actor.name }),
    onEntity: (entry) =>
      update({
        entityType: entry.entityType,
        entityId: entry.entityId,
        entity: `${auditEntityTypeLabel(entry.entityType)} ${String(entry.data?.tripNumber ?? entry.entityId)}`,
      }),
    onCompany: (entry) =>
      update({ companyId: entry.company?.id ?? null, company: entry.company?.name ?? null }),
  };

  const chips = [
    filter.actorUserId
      ? {
          label: `By ${params.get('actor') || 'one user'}`,
          clear: () => update({ actorUserId: null, actor: null }),
        }
      : null,
    filter.companyId
      ? {
          label: `Company: ${params.get('company') || filter.companyId}`,
          clear: () => update({ companyId: null, company: null }),
        }
      : null,
    filter.entityId
      ? {
          label: params.get('entity') || `${auditEntityTypeLabel(filter.entityType)} ${filter.entityId}`,
          clear: () => update({ entityId: null, entity: null }),
        }
      : null,
  ].filter((chip) => chip !== null);
  const filtered = FILTER_KEYS.some((key) => filter[key] !== '');
  const clearAll = () => {
    setSearch('');
    update(Object.fromEntries([...FILTER_KEYS, 'actor', 'company', 'entity'].map((key) => [key, null])));
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made on Freightlane: who made it, when, and what it was before. Entries are never changed or deleted."
      />
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-label="Filters">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <TextInput
              label="Search"
              placeholder="Action, type or id, e.g. suspended"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={100}
              type="search"
            />
            <Select
              label="Changed"
              data={ENTITY_TYPE_OPTIONS}
              value={filter.entityType || ALL}
              onChange={(next) =>
                update({ entityType: next === ALL ? null : next, entityId: null, entity: null })
              }
              allowDeselect={false}
            />
            <DateField
              label="From"
              value={range.draft.from}
              onChange={(from) => range.change({ ...range.draft, from })}
            />
            <DateField
              label="To"
              value={range.draft.to}
              onChange={(to) => range.change({ ...range.draft, to })}
              error={range.error}
            />
          </SimpleGrid>
          {chips.length > 0 ? (
            <Group gap="xs">
              {chips.map((chip) => (
                <FilterChip key={chip.label} label={chip.label} onClear={chip.clear} />
              ))}
            </Group>
          ) : null}
        </Stack>

        <QueryList
          query={log}
          skeleton={<ListSkeleton label="Loading the audit log" rows={6} height={isWide ? 56 : 150} />}
          failure="Could not load the audit log"
          empty={
            filtered ? (
              <EmptyList
                icon={IconHistory}
                action={
                  <Button variant="default" onClick={clearAll}>
                    Clear filters
                  </Button>
                }
              >
                No change matches these filters. Widen the dates or clear the filters to see every change.
              </EmptyList>
            ) : (
              <EmptyList
                icon={IconHistory}
                action={
                  <Button component={Link} to={PATHS.adminCompanies} variant="default">
                    Review companies
                  </Button>
                }
              >
                No changes recorded yet. Every sign-up, verification, order, bid and trip update appears here
                as it happens.
              </EmptyList>
            )
          }
        >
          {(rows, page) => (
            <Stack gap="md">
              {isWide ? (
                <Card withBorder radius="md" padding={0}>
                  <AuditTable entries={rows} {...filters} />
                </Card>
              ) : (
                <Stack
                  gap="sm"
                  component="ul"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  aria-label="Audit log"
                >
                  {rows.map((entry) => (
                    <AuditCard key={entry.id} entry={entry} {...filters} />
                  ))}
                </Stack>
              )}
              <ListPagination page={page} noun={['change', 'changes']} onChange={list.setPage} />
            </Stack>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
