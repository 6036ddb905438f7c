import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  VERIFICATION_STATUSES,
  type AdminCompanySummary,
  type CompanyType,
  type VerificationStatus,
} from '@freightlane/domain';
import { IconBuildingWarehouse, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { useBreakpoint } from '../../../lib/use-breakpoint';
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

function documentsText(company: AdminCompanySummary): string {
  return company.documentCount === 1 ? '1 document' : `${company.documentCount} documents`;
}

function CompanyCards({ companies }: { companies: AdminCompanySummary[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {companies.map((company) => (
        <Card key={company.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={PATHS.adminCompany(company.id)} fw={700} style={{ minWidth: 0 }}>
              {company.name}
            </Anchor>
            <Group gap={6} wrap="nowrap">
              <SuspendedBadge company={company} />
              <VerificationBadge status={company.verificationStatus} />
            </Group>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {COMPANY_TYPE_LABELS[company.type]} · {documentsText(company)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {company.ownerEmail ?? 'No users'}
          </Text>
          <Text size="xs" c="dimmed">
            Last change {formatDateTime(company.updatedAt)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function CompanyTable({ companies }: { companies: AdminCompanySummary[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Companies">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th ta="right">Documents</Table.Th>
            <Table.Th>Last change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((company) => (
            <Table.Tr key={company.id}>
              <Table.Td>
                <Anchor component={Link} to={PATHS.adminCompany(company.id)} fw={600} size="sm">
                  {company.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{COMPANY_TYPE_LABELS[company.type]}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <VerificationBadge status={company.verificationStatus} />
                  <SuspendedBadge company={company} />
                </Group>
              </Table.Td>
              <Table.Td>{company.ownerEmail ?? '—'}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {company.documentCount}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(company.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/companies: companies to review, filtered by status (awaiting review first) and searchable. */
export function AdminCompaniesPage() {
  usePageTitle('Companies');
  const isWide = useBreakpoint('md');
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

        {companies.isPending ? (
          <ListSkeleton label="Loading companies" rows={5} height={52} />
        ) : companies.isError ? (
          <QueryError
            error={companies.error}
            onRetry={() => void companies.refetch()}
            title="Could not load the companies"
          />
        ) : companies.data.content.length === 0 ? (
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
              No companies are waiting for review. A company appears here once it has sent in its details and
              documents.
            </EmptyList>
          ) : (
            <EmptyList
              icon={IconBuildingWarehouse}
              action={status || suspended !== null ? showAll : undefined}
            >
              No companies with this filter.
            </EmptyList>
          )
        ) : (
          <Stack gap="md" aria-busy={companies.isPlaceholderData}>
            {isWide ? (
              <CompanyTable companies={companies.data.content} />
            ) : (
              <CompanyCards companies={companies.data.content} />
            )}
            <ListPagination page={companies.data} noun={['company', 'companies']} onChange={list.setPage} />
          </Stack>
        )}
      </Stack>
    </>
  );
}
