import { deactivateUserRequest } from '@freightlane/domain';
import { ReasonDialog } from '../../../../components/reason-dialog';
import { useDeactivateUser } from '../api/admin-users-api';

/** Deactivating asks for a reason, kept in the audit log and shown on the user's page. */
export function DeactivateUserDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: { id: string; name: string };
}) {
  const deactivate = useDeactivateUser(user.id);
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={`Deactivate ${user.name}?`}
      intro="They are signed out on every device at once and cannot sign in until an admin reactivates the account. Their company's trips and orders stay as they are."
      reasonDescription="Say why. Admins read this on the user's page and in the audit log."
      submitLabel="Deactivate account"
      schema={deactivateUserRequest}
      send={(reason) => deactivate.mutateAsync(reason)}
      successMessage={`${user.name} is deactivated and signed out everywhere.`}
      failureTitle="Account not deactivated"
    />
  );
}
