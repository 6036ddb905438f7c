import { Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  VERIFICATION_STATUSES,
  type AdminCompanySummary,
  type CompanyType,
  type VerificationStatus,
} from '@freightlane/domain';
import { IconBuildingWarehouse, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { VERIFICATION_STATUS_LABELS } from '../../company';
import { useAdminCompanies } from '../api/admin-companies-api';
import { COMPANY_TYPE_LABELS, VerificationBadge } from '../components/company-labels';

const ALL = 'ALL';
const PAGE_SIZE = 20;

const STATUS_OPTIONS = [
  ...VERIFICATION_STATUSES.map((status) => ({
    value: status,
    label: VERIFICATION_STATUS_LABELS[status].label,
  })),
  { value: ALL, label: 'All statuses' },
];
const SUSPENSION_OPTIONS = [
  { value: ALL, label: 'Suspended or not' },
  { value: 'true', label: 'Suspended only' },
  { value: 'false', label: 'Not suspended' },
];
const TYPE_OPTIONS = [
  { value: ALL, label: 'Customers and transporters' },
  { value: 'CUSTOMER', label: 'Customers' },
  { value: 'TRANSPORTER', label: 'Transporters' },
];

/** The review queue is what an admin opens this page for, so it is the default. */
function statusFrom(value: string | null): VerificationStatus | null {
  if (value === ALL) return null;
  return (VERIFICATION_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as VerificationStatus)
    : 'PENDING_REVIEW';
}

function typeFrom(value: string | null): CompanyType | null {
  return value === 'CUSTOMER' || value === 'TRANSPORTER' ? value : null;
}

function suspendedFrom(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

function SuspendedBadge({ company }: { company: AdminCompanySummary }) {
  if (!company.suspendedAt) return null;
  return (
    <Badge variant="filled" color="red" style={{ flexShrink: 0 }}>
      Suspended
    </Badge>
  );
}

const COLUMNS: DataColumn<AdminCompanySummary>[] = [
  {
    key: 'company',
    header: 'Company',
    cell: (company) => (
      <Anchor component={Link} to={PATHS.adminCompany(company.id)} fw={600} size="sm">
        {company.name}
      </Anchor>
    ),
  },
  { key: 'type', header: 'Type', cell: (company) => COMPANY_TYPE_LABELS[company.type] },
  {
    key: 'status',
    header: 'Status',
    keep: true,
    card: 'corner',
    cell: (company) => (
      <Group gap={6}>
        <VerificationBadge status={company.verificationStatus} />
        <SuspendedBadge company={company} />
      </Group>
    ),
  },
  {
    key: 'owner',
    header: 'Owner',
    cell: (company) => (company.ownerEmail ? <EmailText email={company.ownerEmail} /> : 'No users'),
  },
  // Left-aligned: on a phone's card the count sits in the left-hand column, beside the last change.
  {
    key: 'documents',
    header: 'Documents',
    keep: true,
    cell: (company) => company.documentCount,
  },
  { key: 'updated', header: 'Last change', keep: true, cell: (company) => formatDateTime(company.updatedAt) },
];

/** /admin/companies: companies to review, filtered by status (awaiting review first) and searchable. */
export function AdminCompaniesPage() {
  usePageTitle('Companies');
  const list = useListParams();
  const { params, page, update } = list;
  const status = statusFrom(params.get('status'));
  const type = typeFrom(params.get('type'));
  const q = params.get('q') ?? '';
  const suspended = suspendedFrom(params.get('suspended'));
  const { search, setSearch } = useListSearch(list);

  const companies = useAdminCompanies({ status, type, q, suspended, page, size: PAGE_SIZE });

  const showAll = (
    <Button variant="default" onClick={() => update({ status: ALL, suspended: null })}>
      Show all companies
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Companies"
        description="Check company details and documents, then verify or reject."
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? ALL}
            onChange={(value) => update({ status: value === 'PENDING_REVIEW' ? null : value })}
            allowDeselect={false}
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type ?? ALL}
            onChange={(value) => update({ type: value === ALL ? null : value })}
            allowDeselect={false}
          />
          <Select
            label="Suspension"
            data={SUSPENSION_OPTIONS}
            value={suspended === null ? ALL : String(suspended)}
            onChange={(value) => update({ suspended: value === ALL ? null : value })}
            allowDeselect={false}
          />
          <TextInput
            label="Search"
            placeholder="Name, CAC number, TIN or e-mail"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            type="search"
          />
        </SimpleGrid>

        <QueryList
          query={companies}
          skeleton={<ListSkeleton label="Loading companies" rows={5} height={52} />}
          failure="Could not load the companies"
          empty={
            q ? (
              <EmptyList
                icon={IconBuildingWarehouse}
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
                No company matches “{q}”. Search by company name, CAC number, TIN or the owner&apos;s e-mail.
              </EmptyList>
            ) : status === 'PENDING_REVIEW' ? (
              <EmptyList icon={IconBuildingWarehouse} action={showAll}>
                No companies are waiting for review. A company appears here once it has sent in its details
                and documents.
              </EmptyList>
            ) : (
              <EmptyList
                icon={IconBuildingWarehouse}
                action={status || suspended !== null ? showAll : undefined}
              >
                No companies with this filter.
              </EmptyList>
            )
          }
        >
          {(rows, page) => (
            <Stack gap="md">
              <DataTable
                label="Companies"
                columns={COLUMNS}
                rows={rows}
                rowKey={(company) => company.id}
                tableFrom="md"
              />
              <ListPagination page={page} noun={['company', 'companies']} onChange={list.setPage} />
            </Stack>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
