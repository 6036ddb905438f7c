import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  formatNigerianPhone,
  USER_SEARCH_PHONE_MESSAGE,
  userSearchPhone,
  type AdminUser,
} from '@freightlane/domain';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLE_LABELS } from '../../../../lib/role-labels';
import { PATHS } from '../../../../lib/paths';
import { EmptyList } from '../../../../components/empty-list';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { PageHeader } from '../../../../components/page-header';
import { QueryError } from '../../../../components/query-error';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { usePageTitle } from '../../../../lib/use-page-title';
import { VerificationBadge } from '../../components/company-labels';
import { usePhoneCode } from '../../../profile';
import { useUserSearch } from '../api/admin-users-api';

export const PHONE_SEARCH_REQUIRED_MESSAGE = 'Enter the phone number to search for';

/** Spaces and dashes people type or paste between the digits. */
function withoutSeparators(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

/** The API's rule for the search value: the message to show, or null when it may be sent. */
export function phoneSearchProblem(value: string): string | null {
  const phone = withoutSeparators(value);
  if (phone === '') return PHONE_SEARCH_REQUIRED_MESSAGE;
  return userSearchPhone(phone) === undefined ? USER_SEARCH_PHONE_MESSAGE : null;
}

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

function AccountBadges({ user }: { user: AdminUser }) {
  return (
    <Group gap={6} wrap="wrap">
      {user.activated ? (
        <Badge variant="light" color="green" radius="sm">
          Activated
        </Badge>
      ) : (
        <Badge variant="light" color="orange" radius="sm">
          Not activated
        </Badge>
      )}
      {user.deactivated ? (
        <Badge variant="light" color="red" radius="sm">
          Deactivated
        </Badge>
      ) : null}
    </Group>
  );
}

function CompanyLink({ user }: { user: AdminUser }) {
  // The platform's own company has no review page.
  if (user.company.type === 'PLATFORM') return <Text size="sm">{user.company.name}</Text>;
  return (
    <Anchor component={Link} to={PATHS.adminCompany(user.company.id)} size="sm">
      {user.company.name}
    </Anchor>
  );
}

function UserTable({ users }: { users: AdminUser[] }) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" aria-label="Users with this phone number">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Phone</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Company</Table.Th>
            <Table.Th scope="col">Account</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td fw={600}>{fullName(user)}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNigerianPhone(user.phoneNumber)}</Table.Td>
              <Table.Td>{ROLE_LABELS[user.role]}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <CompanyLink user={user} />
                  <VerificationBadge status={user.company.verificationStatus} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <AccountBadges user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({ users }: { users: AdminUser[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {users.map((user) => (
        <Card key={user.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" align="flex-start" gap="xs" mb={4}>
            <Text fw={700}>{fullName(user)}</Text>
            <Text size="sm" c="dimmed">
              {ROLE_LABELS[user.role]}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Text size="sm">{formatNigerianPhone(user.phoneNumber)}</Text>
          <Group gap="xs" mt={6}>
            <CompanyLink user={user} />
            <VerificationBadge status={user.company.verificationStatus} />
          </Group>
          <Group mt="xs">
            <AccountBadges user={user} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /admin/users: find the users behind a phone number (the spec's internal user search). */
export function AdminUsersPage() {
  usePageTitle('Users');
  const [params, setParams] = useSearchParams();
  const searched = params.get('phone') ?? '';
  const searchable = searched !== '' && phoneSearchProblem(searched) === null;
  const [value, setValue] = useState(searched);
  const [problem, setProblem] = useState<string | null>(null);
  const isWide = useBreakpoint('sm');
  const phoneCode = usePhoneCode();
  const users = useUserSearch(searchable ? withoutSeparators(searched) : null);

  function search(event: FormEvent) {
    event.preventDefault();
    const found = phoneSearchProblem(value);
    setProblem(found);
    if (found) return;
    setParams({ phone: withoutSeparators(value) }, { replace: true });
  }

  return (
    <>
      <PageHeader
        title="Users"
        description="Find who uses a phone number: their account, role and company."
      />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <form noValidate onSubmit={search} role="search" aria-label="Find users by phone number">
            <Stack gap="sm" align="flex-start">
              <TextInput
                label="Phone number"
                description={`10 digits without the leading 0, 11 with it, or ${phoneCode} followed by 10 digits`}
                placeholder="0803 123 4567"
                type="tel"
                inputMode="tel"
                value={value}
                onChange={(event) => {
                  setValue(event.currentTarget.value);
                  if (problem) setProblem(phoneSearchProblem(event.currentTarget.value));
                }}
                error={problem}
                w={{ base: '100%', sm: 420 }}
                maxLength={20}
              />
              <Button
                type="submit"
                leftSection={<IconSearch size={16} aria-hidden />}
                loading={users.isFetching}
              >
                Search
              </Button>
            </Stack>
          </form>
        </Card>

        {!searchable ? null : users.isPending ? (
          <ListSkeleton label="Searching" rows={2} height={isWide ? 52 : 150} />
        ) : users.isError ? (
          <QueryError error={users.error} onRetry={() => void users.refetch()} title="The search failed" />
        ) : users.data.length === 0 ? (
          <EmptyList icon={IconUserSearch}>No user has this phone number</EmptyList>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {users.data.length === 1 ? '1 user' : `${users.data.length} users`} with{' '}
              {formatNigerianPhone(userSearchPhone(withoutSeparators(searched)) ?? searched)}
            </Text>
            {isWide ? (
              <Card withBorder radius="md" padding={0}>
                <UserTable users={users.data} />
              </Card>
            ) : (
              <UserCards users={users.data} />
            )}
          </Stack>
        )}
      </Stack>
    </>
  );
}
