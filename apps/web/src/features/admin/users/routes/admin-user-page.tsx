import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatNigerianPhone, type AdminUserDetail } from '@freightlane/domain';
import {
  IconArrowLeft,
  IconBan,
  IconHistory,
  IconMailForward,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { NoticeDialog } from '../../../../components/notice-dialog';
import { PageHeader } from '../../../../components/page-header';
import { QueryError } from '../../../../components/query-error';
import { formatDateTime } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { PATHS } from '../../../../lib/paths';
import { ROLE_LABELS } from '../../../../lib/role-labels';
import { decodeJwtPayload } from '../../../../lib/session';
import { useSession } from '../../../../lib/session-context';
import { usePageTitle } from '../../../../lib/use-page-title';
import { VerificationBadge } from '../../components/company-labels';
import { useAdminUser, useReactivateUser, useResendActivation } from '../api/admin-users-api';
import { DeactivateUserDialog } from '../components/deactivate-user-dialog';
import { fullName } from '../components/user-name';
import { UserStatusBadge } from '../components/user-status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** The signed-in admin's own user id, read from the access token, so they are not offered to stop themself. */
function useOwnUserId(): string | null {
  const state = useSession();
  if (state.status !== 'signed-in') return null;
  const sub = decodeJwtPayload(state.session.accessToken)?.sub;
  return typeof sub === 'string' ? sub : null;
}

function AccountAlerts({ user }: { user: AdminUserDetail }) {
  return (
    <>
      {user.erasedAt ? (
        <Alert color="gray" title={`Erased on ${formatDateTime(user.erasedAt)}`}>
          The person asked for their data to be erased. The account cannot be used or reactivated.
        </Alert>
      ) : user.status === 'DEACTIVATED' ? (
        <Alert
          color="red"
          title={`Deactivated on ${formatDateTime(user.deactivatedAt)}`}
          icon={<IconUserOff aria-hidden />}
        >
          {user.deactivationReason ? `Reason: ${user.deactivationReason}` : 'No reason was recorded.'} They
          cannot sign in until the account is reactivated.
        </Alert>
      ) : user.status === 'NOT_ACTIVATED' ? (
        <Alert color="orange" title="Not activated yet">
          {user.userType === 'FLEET_MANAGER'
            ? 'This fleet manager has not accepted their invitation. Their company can send it again on its fleet managers page.'
            : 'They have not opened the activation link we e-mailed. You can send a new one.'}
        </Alert>
      ) : null}
      {user.company.suspendedAt ? (
        <Alert color="red" title="Company suspended" icon={<IconBan aria-hidden />}>
          {user.company.name} was suspended on {formatDateTime(user.company.suspendedAt)}, so no one there can
          sign in. Lift the suspension on the{' '}
          <Anchor component={Link} to={PATHS.adminCompany(user.company.id)} size="sm">
            company page
          </Anchor>
          .
        </Alert>
      ) : null}
    </>
  );
}

function UserAccount({ user }: { user: AdminUserDetail }) {
  const ownUserId = useOwnUserId();
  const reactivate = useReactivateUser(user.id);
  const resend = useResendActivation(user.id);
  const [deactivating, setDeactivating] = useState(false);
  const [confirmReactivate, setConfirmReactivate] = useState(false);
  const [confirmResend, setConfirmResend] = useState(false);
  const name = fullName(user);
  const isSelf = ownUserId === user.id;
  const canResend = user.status === 'NOT_ACTIVATED' && user.userType !== 'FLEET_MANAGER';
  const byThem = new URLSearchParams({ actorUserId: user.id, actor: name }).toString();
  const aboutThem = new URLSearchParams({
    entityType: 'user',
    entityId: user.id,
    entity: `User ${name}`,
  }).toString();

  async function run(action: () => Promise<unknown>, success: string, failure: string, done: () => void) {
    try {
      await action();
      notifySuccess(success);
    } catch (error) {
      notifyError(error, failure);
    } finally {
      done();
    }
  }

  return (
    <>
      <PageHeader
        title={name}
        description={`${ROLE_LABELS[user.role]} at ${user.company.name}`}
        action={
          <Group gap="sm">
            {canResend ? (
              <Button
                variant="default"
                leftSection={<IconMailForward size={16} aria-hidden />}
                onClick={() => setConfirmResend(true)}
              >
                Resend activation link
              </Button>
            ) : null}
            {user.status === 'DEACTIVATED' ? (
              user.erasedAt ? null : (
                <Button
                  leftSection={<IconUserCheck size={16} aria-hidden />}
                  onClick={() => setConfirmReactivate(true)}
                >
                  Reactivate
                </Button>
              )
            ) : isSelf ? null : (
              <Button
                color="red"
                variant="outline"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => setDeactivating(true)}
              >
                Deactivate
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <Group gap="xs">
          <UserStatusBadge status={user.status} />
          {isSelf ? (
            <Text size="sm" c="dimmed">
              This is your account.
            </Text>
          ) : null}
        </Group>
        <AccountAlerts user={user} />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="user-facts">
          <Title order={2} fz="lg" mb="md" id="user-facts">
            Account
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Fact label="E-mail">{user.email}</Fact>
            <Fact label="Phone">{formatNigerianPhone(user.phoneNumber)}</Fact>
            <Fact label="Role">{ROLE_LABELS[user.role]}</Fact>
            <Fact label="Company">
              <Group gap="xs">
                {user.company.type === 'PLATFORM' ? (
                  user.company.name
                ) : (
                  <Anchor component={Link} to={PATHS.adminCompany(user.company.id)} size="sm">
                    {user.company.name}
                  </Anchor>
                )}
                <VerificationBadge status={user.company.verificationStatus} />
              </Group>
            </Fact>
            <Fact label="Signed up">{formatDateTime(user.createdAt)}</Fact>
            <Fact label="Activated">{user.activatedAt ? formatDateTime(user.activatedAt) : 'Not yet'}</Fact>
            <Fact label="Last sign-in">
              {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}
            </Fact>
            <Fact label="Signed in on">
              {user.liveSessionCount === 1 ? '1 device now' : `${user.liveSessionCount} devices now`}
            </Fact>
            <Fact label="Accepted the terms">
              {user.termsAcceptedAt ? formatDateTime(user.termsAcceptedAt) : 'Not recorded'}
            </Fact>
          </SimpleGrid>
        </Card>
        <Group gap="md">
          <Anchor component={Link} to={`${PATHS.adminAuditLog}?${byThem}`} size="sm">
            <Group gap={4} component="span">
              <IconHistory size={14} aria-hidden />
              Changes made by {name}
            </Group>
          </Anchor>
          <Anchor component={Link} to={`${PATHS.adminAuditLog}?${aboutThem}`} size="sm">
            <Group gap={4} component="span">
              <IconHistory size={14} aria-hidden />
              Changes to this account
            </Group>
          </Anchor>
        </Group>
      </Stack>

      <DeactivateUserDialog
        opened={deactivating}
        onClose={() => setDeactivating(false)}
        user={{ id: user.id, name }}
      />
      <NoticeDialog
        opened={confirmReactivate}
        title={`Reactivate ${name}?`}
        buttons="yes-no"
        onClose={() => setConfirmReactivate(false)}
        onConfirm={() =>
          void run(
            () => reactivate.mutateAsync(),
            `${name} can sign in again with their password.`,
            'Account not reactivated',
            () => setConfirmReactivate(false),
          )
        }
        confirming={reactivate.isPending}
      >
        They can sign in again at once with the password they had.
      </NoticeDialog>
      <NoticeDialog
        opened={confirmResend}
        title={`Send ${name} a new activation link?`}
        buttons="yes-no"
        onClose={() => setConfirmResend(false)}
        onConfirm={() =>
          void run(
            () => resend.mutateAsync(),
            `We e-mailed a new activation link to ${user.email}.`,
            'Activation link not sent',
            () => setConfirmResend(false),
          )
        }
        confirming={resend.isPending}
      >
        {`We e-mail a new link to ${user.email}. Links sent earlier stop working.`}
      </NoticeDialog>
    </>
  );
}

/** /admin/users/:userId: one account, its company and sign-ins, with deactivate, reactivate and resend. */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  usePageTitle(user.data ? fullName(user.data) : 'User');

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={PATHS.adminUsers} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All users
        </Group>
      </Anchor>
      {user.isPending ? (
        <Stack gap="md" aria-label="Loading the user">
          <Skeleton h={36} w="50%" />
          <Skeleton h={200} radius="md" />
        </Stack>
      ) : user.isError ? (
        <QueryError error={user.error} onRetry={() => void user.refetch()} title="Could not load this user" />
      ) : (
        <div>
          <UserAccount user={user.data} />
        </div>
      )}
    </Stack>
  );
}
