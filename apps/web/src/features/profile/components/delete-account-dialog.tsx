import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, List, Modal, Stack, Text } from '@mantine/core';
import { eraseMyAccountRequest } from '@freightlane/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DialogActions } from '../../../components/form-dialog';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-context';
import { useEraseMyAccount } from '../api/data-rights-api';

type Input = z.input<typeof eraseMyAccountRequest>;
type Output = z.output<typeof eraseMyAccountRequest>;

/**
 * Deleting one's account erases the person, not the company's records: the dialog says which is which
 * before asking for the password again.
 */
export function DeleteAccountDialog({
  opened,
  onClose,
  companyName,
}: {
  opened: boolean;
  onClose: () => void;
  companyName: string;
}) {
  const erase = useEraseMyAccount();
  const store = useSessionStore();
  const navigate = useNavigate();
  // A refusal that is not about the password (the company still needs its owner) stays in view.
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(eraseMyAccountRequest),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const close = () => {
    if (isSubmitting) return;
    reset();
    setRefusal(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await erase.mutateAsync(values);
      // The server has ended every session already: forget this one here without calling it.
      store.clear('account-deleted');
      navigate(PATHS.signIn, { replace: true });
    } catch (error) {
      const onField = applyServerFieldErrors(error, setError, ['password']);
      if (!onField && error instanceof ApiError && error.status === 409) setRefusal(error.message);
      notifyError(error, 'Account not deleted');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete your account?"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Text fw={600} size="sm">
              What we erase
            </Text>
            <List size="sm" spacing={4} mt={4}>
              <List.Item>Your name, e-mail address, phone number and password.</List.Item>
              <List.Item>Your sign-ins: you are signed out on every device at once.</List.Item>
              <List.Item>Your notifications, notification settings and push subscriptions.</List.Item>
              <List.Item>
                Your text and WhatsApp messages with us: what we sent loses its words, what you wrote is
                deleted.
              </List.Item>
              <List.Item>The personal details in the activity log about your account.</List.Item>
            </List>
          </div>
          <div>
            <Text fw={600} size="sm">
              What {companyName} keeps
            </Text>
            <Text size="sm" mt={4}>
              Its trips, orders, invoices and trip notes stay, because the company must keep its business and
              tax records. Where they show who did something, they will say &ldquo;Erased user&rdquo;.
            </Text>
          </div>
          <Text size="sm">
            You cannot undo this. To keep a copy of your data, download it before you delete your account.
          </Text>
          {refusal ? (
            <Alert color="red" role="alert" title="Your account cannot be deleted yet">
              {refusal}
            </Alert>
          ) : null}
          <PasswordField
            label="Your password"
            description="Enter your password to confirm it is you."
            autoComplete="current-password"
            required
            data-autofocus
            error={errors.password?.message}
            {...register('password')}
          />
          <DialogActions
            onCancel={close}
            sending={isSubmitting}
            submitLabel="Delete my account"
            destructive
          />
        </Stack>
      </form>
    </Modal>
  );
}
