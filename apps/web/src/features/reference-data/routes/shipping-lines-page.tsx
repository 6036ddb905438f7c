import { Anchor, Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CONTAINER_SIZES, type AdminShippingLineSummary } from '@freightlane/domain';
import { IconPlus, IconSearch, IconShip } from '@tabler/icons-react';
import { useState } from 'react';
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
import { useAdminShippingLines } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';
import { NewShippingLineDialog } from '../components/shipping-line-dialog';
import { STATUS_LABELS, STATUS_OPTIONS, StatusBadge, statusFrom } from '../components/status-badge';

function tariffText(line: AdminShippingLineSummary): string {
  if (line.tariffCount === 0) return 'No tariffs yet';
  return `${line.tariffCount} of ${CONTAINER_SIZES.length} sizes`;
}

const COLUMNS: DataColumn<AdminShippingLineSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (line) => (
      <Anchor component={Link} to={PATHS.adminShippingLine(line.id)} fw={600} size="sm">
        {line.name}
      </Anchor>
    ),
  },
  { key: 'code', header: 'Code', keep: true, cell: (line) => line.code },
  { key: 'tariffs', header: 'Tariffs', cell: tariffText },
  {
    key: 'status',
    header: 'Status',
    keep: true,
    card: 'corner',
    cell: (line) => <StatusBadge active={line.active} />,
  },
];

/** /admin/reference/shipping-lines: every line, searchable, with Add a shipping line. */
export function ShippingLinesPage() {
  usePageTitle('Shipping lines');
  const list = useListParams();
  const { params, page, update } = list;
  const status = statusFrom(params.get('status'));
  const q = params.get('q') ?? '';
  const { search, setSearch } = useListSearch(list);
  const [adding, setAdding] = useState(false);
  const lines = useAdminShippingLines({ q, status, page });

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
      Add a shipping line
    </Button>
  );

  return (
    <>
      <ReferenceNav current="Shipping lines" />
      <PageHeader
        title="Shipping lines"
        description="Retired lines are not offered for new orders; orders and trips that name them keep them."
        action={addButton}
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Search"
            placeholder="Name or code"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            type="search"
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? 'ALL'}
            onChange={(value) => update({ status: value === 'ALL' ? null : value })}
            allowDeselect={false}
          />
        </SimpleGrid>

        <QueryList
          query={lines}
          skeleton={<ListSkeleton label="Loading shipping lines" rows={5} height={52} />}
          failure="Could not load the shipping lines"
          empty={
            q ? (
              <EmptyList
                icon={IconShip}
                action={
                  <Button
                    variant="default"
                    onClick={() => {
                      setSearch('');
                      update({ q: null });
                    }}
                  >
                    Clear search
                  </Button>
                }
              >
                No shipping line matches “{q}”. Search by the line&apos;s name or code, or add it.
              </EmptyList>
            ) : status ? (
              <EmptyList
                icon={IconShip}
                action={
                  <Button variant="default" onClick={() => update({ status: null })}>
                    Show all shipping lines
                  </Button>
                }
              >
                No {STATUS_LABELS[status].toLowerCase()} shipping lines.
              </EmptyList>
            ) : (
              <EmptyList icon={IconShip} action={addButton}>
                No shipping lines yet. Add the lines your customers&apos; containers come on.
              </EmptyList>
            )
          }
        >
          {(rows, page) => (
            <Stack gap="md">
              <DataTable
                label="Shipping lines"
                columns={COLUMNS}
                rows={rows}
                rowKey={(line) => line.id}
                tableFrom="md"
              />
              <ListPagination
                page={page}
                noun={['shipping line', 'shipping lines']}
                onChange={list.setPage}
              />
            </Stack>
          )}
        </QueryList>
      </Stack>
      <NewShippingLineDialog opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
