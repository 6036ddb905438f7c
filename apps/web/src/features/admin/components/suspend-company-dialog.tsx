import { suspendCompanyRequest } from '@freightlane/domain';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useSuspendCompany } from '../api/admin-companies-api';

/** Suspending asks for a reason, kept on the company and in the audit log for the next admin to read. */
export function SuspendCompanyDialog({
  opened,
  onClose,
  company,
}: {
  opened: boolean;
  onClose: () => void;
  company: { id: string; name: string };
}) {
  const suspend = useSuspendCompany(company.id);
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={`Suspend ${company.name}?`}
      intro="Everyone at the company is signed out at once and cannot sign in until you lift the suspension. Its trips, orders and invoices stay as they are."
      reasonDescription="Say why. Admins read this on the company page and in the audit log."
      submitLabel="Suspend company"
      schema={suspendCompanyRequest}
      send={(reason) => suspend.mutateAsync(reason)}
      successMessage={`${company.name} is suspended. Its users are signed out and cannot sign in.`}
      failureTitle="Company not suspended"
    />
  );
}
