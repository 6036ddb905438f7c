import {
  Anchor,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ADMIN_USER_STATUS_LABELS,
  ADMIN_USER_STATUSES,
  formatNigerianPhone,
  ROLES,
  type AdminUserStatus,
  type AdminUserSummary,
  type Role,
} from '@freightlane/domain';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmailText } from '../../../../components/email-text';
import { TableFrame } from '../../../../components/table-frame';
import { EmptyList } from '../../../../components/empty-list';
import { ListPagination } from '../../../../components/list-pagination';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { PageHeader } from '../../../../components/page-header';
import { QueryList } from '../../../../components/query-list';
import { useListParams, useListSearch } from '../../../../components/use-list-params';
import { formatDateTime } from '../../../../lib/format';
import { PATHS } from '../../../../lib/paths';
import { ROLE_LABELS } from '../../../../lib/role-labels';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { usePageTitle } from '../../../../lib/use-page-title';
import { VerificationBadge } from '../../components/company-labels';
import { useAdminUsers } from '../api/admin-users-api';
import { fullName } from '../components/user-name';
import { UserStatusBadge } from '../components/user-status-badge';

const ALL = 'ALL';
const PAGE_SIZE = 20;

const ROLE_OPTIONS = [
  { value: ALL, label: 'All roles' },
  ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: 'All accounts' },
  ...ADMIN_USER_STATUSES.map((s) => ({ value: s, label: ADMIN_USER_STATUS_LABELS[s] })),
];

function roleFrom(value: string | null): Role | null {
  return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : null;
}

function statusFrom(value: string | null): AdminUserStatus | null {
  return (ADMIN_USER_STATUSES as readonly string[]).includes(value ?? '') ? (value as AdminUserStatus) : null;
}

function CompanyLink({ user }: { user: AdminUserSummary }) {
  // The platform's own company has no review page.
  if (user.company.type === 'PLATFORM') return <Text size="sm">{user.company.name}</Text>;
  return (
    <Anchor component={Link} to={PATHS.adminCompany(user.company.id)} size="sm">
      {user.company.name}
    </Anchor>
  );
}

function lastSignIn(user: AdminUserSummary): string {
  return user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never';
}

function UserTable({ users }: { users: AdminUserSummary[] }) {
  return (
    <TableFrame label="Users">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">E-mail</Table.Th>
          <Table.Th scope="col">Phone</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">Company</Table.Th>
          <Table.Th scope="col">Account</Table.Th>
          <Table.Th scope="col">Last sign-in</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td>
              <Anchor component={Link} to={PATHS.adminUser(user.id)} fw={600} size="sm">
                {fullName(user)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <EmailText email={user.email} />
            </Table.Td>
            <Table.Td data-keep>{formatNigerianPhone(user.phoneNumber)}</Table.Td>
            <Table.Td>{ROLE_LABELS[user.role]}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <CompanyLink user={user} />
                <VerificationBadge status={user.company.verificationStatus} />
              </Stack>
            </Table.Td>
            <Table.Td>
              <UserStatusBadge status={user.status} />
            </Table.Td>
            <Table.Td data-keep>{lastSignIn(user)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

function UserCards({ users }: { users: AdminUserSummary[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Users">
      {users.map((user) => (
        <Card key={user.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Anchor component={Link} to={PATHS.adminUser(user.id)} fw={700} style={{ minWidth: 0 }}>
              {fullName(user)}
            </Anchor>
            <UserStatusBadge status={user.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {ROLE_LABELS[user.role]}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <EmailText email={user.email} />
          </Text>
          <Text size="sm">{formatNigerianPhone(user.phoneNumber)}</Text>
          <Group gap="xs" mt={6}>
            <CompanyLink user={user} />
            <VerificationBadge status={user.company.verificationStatus} />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Last sign-in: {lastSignIn(user)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** /admin/users: every account, searchable by name, e-mail or phone and filtered by role, status and company. */
export function AdminUsersPage() {
  usePageTitle('Users');
  const isWide = useBreakpoint('md');
  const list = useListParams();
  const { params, page, update } = list;
  const { search, setSearch } = useListSearch(list);
  const q = params.get('q') ?? '';
  const role = roleFrom(params.get('role'));
  const status = statusFrom(params.get('status'));
  const companyId = params.get('companyId');
  const users = useAdminUsers({ q, role, status, companyId, page, size: PAGE_SIZE });
  const filtered = q !== '' || role !== null || status !== null || companyId !== null;

  return (
    <>
      <PageHeader
        title="Users"
        description="Find anyone by name, e-mail or phone number, then open their account to deactivate it, reactivate it or resend the activation link."
      />
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-label="Filters">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Search"
              placeholder="Name, e-mail or phone, e.g. 0803 123 4567"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={100}
              type="search"
            />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={role ?? ALL}
              onChange={(value) => update({ role: value === ALL ? null : value })}
              allowDeselect={false}
            />
            <Select
              label="Account"
              data={STATUS_OPTIONS}
              value={status ?? ALL}
              onChange={(value) => update({ status: value === ALL ? null : value })}
              allowDeselect={false}
            />
          </SimpleGrid>
          {companyId ? (
            <Group gap="xs">
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                tt="none"
                fw={500}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label="Show users of every company"
                    onClick={() => update({ companyId: null, company: null })}
                  />
                }
              >
                Company: {params.get('company') || companyId}
              </Badge>
            </Group>
          ) : null}
        </Stack>

        <QueryList
          query={users}
          skeleton={<ListSkeleton label="Loading users" rows={5} height={isWide ? 56 : 170} />}
          failure="Could not load the users"
          empty={
            <EmptyList
              icon={IconUserSearch}
              action={
                filtered ? (
                  <Button
                    variant="default"
                    onClick={() => {
                      setSearch('');
                      update({ q: null, role: null, status: null, companyId: null, company: null });
                    }}
                  >
                    Clear filters
                  </Button>
                ) : undefined
              }
            >
              {q
                ? `No user matches “${q}”. Search by first or last name, e-mail, or phone number with or without the 0.`
                : filtered
                  ? 'No user matches these filters.'
                  : 'No users yet. People appear here once they sign up or are invited by their company.'}
            </EmptyList>
          }
        >
          {(rows, page) => (
            <Stack gap="md">
              {isWide ? (
                <Card withBorder radius="md" padding={0}>
                  <UserTable users={rows} />
                </Card>
              ) : (
                <UserCards users={rows} />
              )}
              <ListPagination page={page} noun={['user', 'users']} onChange={list.setPage} />
            </Stack>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
