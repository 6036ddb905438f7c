import { Badge } from '@mantine/core';
import { ADMIN_USER_STATUS_LABELS, type AdminUserStatus } from '@freightlane/domain';

const STATUS_COLORS: Record<AdminUserStatus, string> = {
  ACTIVE: 'green',
  NOT_ACTIVATED: 'orange',
  DEACTIVATED: 'red',
};

/** Where an account stands, in the same colour on the list and the user's page. */
export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" style={{ flexShrink: 0 }}>
      {ADMIN_USER_STATUS_LABELS[status]}
    </Badge>
  );
}
