import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { DialogActions, ReasonField } from './form-dialog';
import { useComponentsText } from './text';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/**
 * A destructive back-office action that needs a reason (reject, suspend, deactivate): the reason is checked
 * by the request's own schema, sent, and any field error the server gives lands under it.
 */
export function ReasonDialog({
  opened,
  onClose,
  title,
  intro,
  reasonDescription,
  submitLabel,
  schema,
  send,
  successMessage,
  failureTitle,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: ReactNode;
  reasonDescription: string;
  submitLabel: string;
  schema: ReasonSchema;
  send: (reason: string) => Promise<unknown>;
  successMessage: string;
  failureTitle: string;
}) {
  const t = useComponentsText();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({
    resolver: zodResolver(schema),
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
      await send(reason);
      notifySuccess(successMessage);
      reset();
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['reason']);
      notifyError(error, failureTitle);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          <ReasonField
            description={reasonDescription}
            required
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <DialogActions onCancel={close} sending={isSubmitting} submitLabel={submitLabel} destructive />
        </Stack>
      </form>
    </Modal>
  );
}
