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
import { useProfileText } from '../text';

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
  const t = useProfileText();
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
      notifyError(error, t('deleteDialog.notDeleted'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('deleteDialog.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('deleteDialog.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Text fw={600} size="sm">
              {t('deleteDialog.erasedTitle')}
            </Text>
            <List size="sm" spacing={4} mt={4}>
              <List.Item>{t('deleteDialog.erasedDetails')}</List.Item>
              <List.Item>{t('deleteDialog.erasedSignIns')}</List.Item>
              <List.Item>{t('deleteDialog.erasedNotifications')}</List.Item>
              <List.Item>{t('deleteDialog.erasedMessages')}</List.Item>
              <List.Item>{t('deleteDialog.erasedLog')}</List.Item>
            </List>
          </div>
          <div>
            <Text fw={600} size="sm">
              {t('deleteDialog.keptTitle', { companyName })}
            </Text>
            <Text size="sm" mt={4}>
              {t('deleteDialog.kept')}
            </Text>
          </div>
          <Text size="sm">{t('deleteDialog.noUndo')}</Text>
          {refusal ? (
            <Alert color="red" role="alert" title={t('deleteDialog.refusedTitle')}>
              {refusal}
            </Alert>
          ) : null}
          <PasswordField
            label={t('deleteDialog.password')}
            description={t('deleteDialog.passwordHint')}
            autoComplete="current-password"
            required
            data-autofocus
            error={errors.password?.message}
            {...register('password')}
          />
          <DialogActions
            onCancel={close}
            sending={isSubmitting}
            submitLabel={t('deleteDialog.submit')}
            cancelLabel={t('deleteDialog.cancel')}
            destructive
          />
        </Stack>
      </form>
    </Modal>
  );
}
