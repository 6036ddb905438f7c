import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text } from '@mantine/core';
import { rejectCompanyRequest } from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions, ReasonField } from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRejectCompany } from '../api/admin-companies-api';

type Input = z.input<typeof rejectCompanyRequest>;
type Output = z.output<typeof rejectCompanyRequest>;

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
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(rejectCompanyRequest),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });

  const close = () => {
    if (isSubmitting) return;
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync(reason);
      notifySuccess(`${company.name} is rejected. We e-mailed the reason to its users.`);
      reset();
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['reason']);
      notifyError(error, 'Company not rejected');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Reject ${company.name}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The company stays unable to order or bid until it fixes what you name and sends it in again.
          </Text>
          <ReasonField
            description="Say what to fix. The company reads this in an e-mail and on its company details page."
            required
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <DialogActions onCancel={close} sending={isSubmitting} submitLabel="Reject company" destructive />
        </Stack>
      </form>
    </Modal>
  );
}
