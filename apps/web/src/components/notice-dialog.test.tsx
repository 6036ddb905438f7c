import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestStore, TestProviders } from '../test/render';
import { NoticeDialog, type NoticeDialogButtons } from './notice-dialog';

function renderDialog(buttons: NoticeDialogButtons) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <TestProviders store={createTestStore()}>
      <NoticeDialog
        opened
        title="Cancel this trip?"
        buttons={buttons}
        onClose={onClose}
        onConfirm={onConfirm}
      >
        The transporter will be told.
      </NoticeDialog>
    </TestProviders>,
  );
  return { onClose, onConfirm };
}

describe('generic notice or confirm dialog', () => {
  it('asks Yes/No', async () => {
    const { onClose, onConfirm } = renderDialog('yes-no');
    expect(screen.getByRole('dialog', { name: 'Cancel this trip?' })).toHaveTextContent(
      'The transporter will be told.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers Okay and Cancel', async () => {
    const { onClose, onConfirm } = renderDialog('okay-cancel');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows a notice with Okay only', () => {
    renderDialog('okay');
    expect(screen.getByRole('button', { name: 'Okay' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull();
  });
});
