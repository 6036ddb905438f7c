import { Button, Group, Modal, Textarea, type ModalProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useActionError } from './action-error';
import { useComponentsText } from './text';

/** What a dialog is given by the page that opens it. */
export interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * A dialog around a form that sends a change. The form is rendered inside, so each opening starts from
 * the data as it is then; it reports through `onBusy` while it sends, and meanwhile Escape, the overlay
 * and the close button do nothing, so no one closes a dialog on a change still on its way.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  children,
}: DialogProps & {
  title: ReactNode;
  size?: ModalProps['size'];
  children: (onBusy: (busy: boolean) => void) => ReactNode;
}) {
  const t = useComponentsText();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      {children(setBusy)}
    </Modal>
  );
}

/** What a form inside a FormDialog is given: how to finish, and how to say it is sending. */
export interface DialogFormProps {
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}

/**
 * Sends a dialog form's change with the dialog held open meanwhile. A refusal goes under its fields when
 * `showOnFields` places it there, else to the action-error dialog.
 */
export function useDialogSubmit(onBusy: (busy: boolean) => void) {
  const showActionError = useActionError();
  return async (change: () => Promise<void>, showOnFields?: (error: unknown) => boolean) => {
    onBusy(true);
    try {
      await change();
    } catch (error) {
      if (!showOnFields?.(error)) showActionError(error);
    } finally {
      onBusy(false);
    }
  };
}

/**
 * A dialog form's buttons: the way out, then the submit button, which shows the sending state. A form
 * with a second way to send (clear the date, never expires) puts that button on the left as `aside`.
 */
export function DialogActions({
  onCancel,
  sending,
  submitLabel,
  cancelLabel,
  destructive = false,
  submitDisabled = false,
  submitLoading = sending,
  aside,
}: {
  onCancel: () => void;
  sending: boolean;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Red, for a change that cannot be undone (cancelling, rejecting). */
  destructive?: boolean;
  submitDisabled?: boolean;
  /** The spinner goes on the button that was used: with an `aside`, only while the submit button sends. */
  submitLoading?: boolean;
  aside?: ReactNode;
}) {
  const t = useComponentsText();
  const buttons = (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={sending}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button
        type="submit"
        color={destructive ? 'red' : undefined}
        loading={submitLoading}
        disabled={submitDisabled}
      >
        {submitLabel}
      </Button>
    </Group>
  );
  if (!aside) return buttons;
  return (
    <Group justify="space-between" gap="sm">
      {aside}
      {buttons}
    </Group>
  );
}

/** The reason a change that cannot be undone asks for, focused when the dialog opens. */
export function ReasonField({
  maxLength,
  error,
  description,
  ...field
}: UseFormRegisterReturn & { maxLength: number; error: string | undefined; description?: string }) {
  const t = useComponentsText();
  return (
    <Textarea
      label={t('reasonField.label')}
      description={description ?? t('reasonField.description', { maxLength })}
      autosize
      minRows={3}
      maxLength={maxLength}
      error={error}
      data-autofocus
      {...field}
    />
  );
}
