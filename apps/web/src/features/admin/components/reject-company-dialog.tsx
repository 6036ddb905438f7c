import { rejectCompanyRequest } from '@freightlane/domain';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useRejectCompany } from '../api/admin-companies-api';

/** Rejecting needs a reason: the company's users read it in an e-mail and on their company page. */
export function RejectCompanyDialog({
  opened,
  onClose,
  company,
}: {
  opened: boolean;
  onClose: () => void;
  company: { id: string; name: string };
}) {
  const reject = useRejectCompany(company.id);
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={`Reject ${company.name}?`}
      intro="The company stays unable to order or bid until it fixes what you name and sends it in again."
      reasonDescription="Say what to fix. The company reads this in an e-mail and on its company details page."
      submitLabel="Reject company"
      schema={rejectCompanyRequest}
      send={(reason) => reject.mutateAsync(reason)}
      successMessage={`${company.name} is rejected. We e-mailed the reason to its users.`}
      failureTitle="Company not rejected"
    />
  );
}
