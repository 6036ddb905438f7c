import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { MAX_TRIP_NOTE } from '@freightlane/domain';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api';
import { useTripComponentsText } from './text';

/**
 * The spec's trip-note dialog: a textarea of 5 rows by 50 columns with the placeholder 'Add your notes
 * here', and Edit, Cancel and Save buttons. An existing note is read-only until Edit is pressed; while it
 * is saved the Save button reads 'Sending...'. Cancel drops the changes and closes.
 */
export function TripNoteDialog({
  opened,
  title,
  note,
  onSave,
  onClose,
}: {
  opened: boolean;
  title: ReactNode;
  /** The saved note; empty when there is none yet. */
  note: string;
  /** Resolves once saved; a rejection keeps the dialog open with the server's message. */
  onSave: (note: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTripComponentsText();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={sending ? () => {} : onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('note.closeDialog') }}
    >
      <NoteForm note={note} onSave={onSave} onDone={onClose} sending={sending} setSending={setSending} />
    </Modal>
  );
}

function NoteForm({
  note,
  onSave,
  onDone,
  sending,
  setSending,
}: {
  note: string;
  onSave: (note: string) => Promise<void>;
  onDone: () => void;
  sending: boolean;
  setSending: (sending: boolean) => void;
}) {
  const t = useTripComponentsText();
  const hasNote = note.trim() !== '';
  const [editing, setEditing] = useState(!hasNote);
  const [text, setText] = useState(note);
  const [failure, setFailure] = useState<string | null>(null);
  const tooLong = text.length > MAX_TRIP_NOTE;

  async function save() {
    setFailure(null);
    setSending(true);
    try {
      await onSave(text.trim());
      setSending(false);
      onDone();
    } catch (error) {
      setSending(false);
      setFailure(errorMessage(error));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (editing && !sending && !tooLong) void save();
      }}
    >
      <Stack gap="md">
        <Textarea
          aria-label={t('note.label')}
          rows={5}
          cols={50}
          placeholder={t('note.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          disabled={!editing || sending}
          error={tooLong ? t('note.tooLong', { max: String(MAX_TRIP_NOTE) }) : undefined}
          data-autofocus={editing ? true : undefined}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setEditing(true)} disabled={editing || sending}>
            {t('note.edit')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={sending}>
            {t('note.cancel')}
          </Button>
          <Button type="submit" disabled={!editing || sending || tooLong}>
            {sending ? t('note.sending') : t('note.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
