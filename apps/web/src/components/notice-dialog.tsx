import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useComponentsText } from './text';

/** The spec's generic dialog: a notice with Okay, or a question with Yes/No or Okay/Cancel. */
export type NoticeDialogButtons = 'okay' | 'yes-no' | 'okay-cancel';

export interface NoticeDialogProps {
  opened: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Which buttons to show; 'okay' by default. */
  buttons?: NoticeDialogButtons;
  /** Closing without confirming: No, Cancel, the close button, Escape, a click outside. */
  onClose: () => void;
  /** Yes or Okay. For the notice ('okay') it defaults to onClose. */
  onConfirm?: () => void;
  /** The confirming action is running: its button shows it and cannot be pressed again. */
  confirming?: boolean;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
}

export function NoticeDialog({
  opened,
  title,
  children,
  buttons = 'okay',
  onClose,
  onConfirm,
  confirming = false,
  destructive = false,
}: NoticeDialogProps) {
  const t = useComponentsText();
  const confirmLabel = buttons === 'yes-no' ? t('noticeDialog.yes') : t('noticeDialog.okay');
  const dismissLabel =
    buttons === 'yes-no' ? t('noticeDialog.no') : buttons === 'okay-cancel' ? t('common.cancel') : null;
  return (
    <Modal
      opened={opened}
      onClose={confirming ? () => {} : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg" gap="sm">
        {dismissLabel ? (
          <Button variant="default" onClick={onClose} disabled={confirming}>
            {dismissLabel}
          </Button>
        ) : null}
        <Button
          color={destructive ? 'red' : undefined}
          onClick={onConfirm ?? onClose}
          loading={confirming}
          data-autofocus
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
