import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  VERIFICATION_STATUSES,
  type AdminCompanySummary,
  type CompanyType,
  type VerificationStatus,
} from '@freightlane/domain';
import { IconBuildingWarehouse, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { VERIFICATION_STATUS_LABELS } from '../../company';
import { useAdminCompanies } from '../api/admin-companies-api';
import { COMPANY_TYPE_LABELS, VerificationBadge } from '../components/company-labels';

/** Long enough that typing a name sends one search, not one per key. */
export const SEARCH_DEBOUNCE_MS = 400;
const ALL = 'ALL';
const PAGE_SIZE = 20;

const STATUS_OPTIONS = [
  ...VERIFICATION_STATUSES.map((status) => ({
    value: status,
    label: VERIFICATION_STATUS_LABELS[status].label,
  })),
  { value: ALL, label: 'All statuses' },
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
            <VerificationBadge status={company.verificationStatus} />
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
                <VerificationBadge status={company.verificationStatus} />
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

function EmptyCompanies({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconBuildingWarehouse size={26} stroke={1.6} />
        </ThemeIcon>
        <Text maw={460}>{children}</Text>
        {action}
      </Stack>
    </Card>
  );
}

/** /admin/companies: companies to review, filtered by status (awaiting review first) and searchable. */
export function AdminCompaniesPage() {
  usePageTitle('Companies');
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const type = typeFrom(params.get('type'));
  const q = params.get('q') ?? '';
  const page = Math.max(0, Math.trunc(Number(params.get('page')) || 1) - 1);

  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  // Filters live in the address, so Back and a shared link show the same list; each starts at page 1.
  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (debounced !== q) update({ q: debounced });
    // Only a settled search text changes the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const companies = useAdminCompanies({ status, type, q, page, size: PAGE_SIZE });

  const showAll = (
    <Button variant="default" onClick={() => update({ status: ALL })}>
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
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
          <Stack gap="xs" aria-label="Loading companies">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h={52} radius="sm" />
            ))}
          </Stack>
        ) : companies.isError ? (
          <QueryError
            error={companies.error}
            onRetry={() => void companies.refetch()}
            title="Could not load the companies"
          />
        ) : companies.data.content.length === 0 ? (
          q ? (
            <EmptyCompanies
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
            </EmptyCompanies>
          ) : status === 'PENDING_REVIEW' ? (
            <EmptyCompanies action={showAll}>
              No companies are waiting for review. A company appears here once it has sent in its details and
              documents.
            </EmptyCompanies>
          ) : (
            <EmptyCompanies action={status ? showAll : undefined}>
              No companies with this filter.
            </EmptyCompanies>
          )
        ) : (
          <Stack gap="md" aria-busy={companies.isPlaceholderData}>
            {isWide ? (
              <CompanyTable companies={companies.data.content} />
            ) : (
              <CompanyCards companies={companies.data.content} />
            )}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {companies.data.number * companies.data.size + 1}–
                {companies.data.number * companies.data.size + companies.data.content.length} of{' '}
                {companies.data.totalElements} companies
              </Text>
              {companies.data.totalPages > 1 ? (
                <Pagination
                  total={companies.data.totalPages}
                  value={companies.data.number + 1}
                  onChange={(next) => update({ page: next === 1 ? null : String(next) })}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
                  })}
                />
              ) : null}
            </Group>
          </Stack>
        )}
      </Stack>
    </>
  );
}
