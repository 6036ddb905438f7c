import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { NOTE_SIDES, type NoteSide, type TripDetail } from '@freightlane/domain';
import { IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateTrip } from '../api/trip-detail-api';
import { TripNoteDialog } from './trip-note-dialog';
import { useTripComponentsText } from './text';

/** Each side of the trip keeps one note; everyone on the trip reads all of them, each writes their own. */
export function TripNotesCard({ trip, side }: { trip: TripDetail; side: NoteSide | null }) {
  const t = useTripComponentsText();
  const label = useLabels();
  const update = useUpdateTrip(trip.id);
  const [editing, setEditing] = useState(false);
  const bySide = new Map(trip.notes.map((note) => [note.side, note]));
  const shown = NOTE_SIDES.filter((s) => bySide.has(s) || s === side);
  const own = side ? bySide.get(side) : undefined;

  async function save(note: string) {
    await update.mutateAsync({ note });
    notifySuccess(note ? t('notes.saved') : t('notes.removed'));
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notes-title">
      <Title order={2} fz="lg" id="notes-title" mb="sm">
        {t('notes.title')}
      </Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('notes.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {shown.map((s) => {
            const note = bySide.get(s);
            const mine = s === side;
            return (
              <Paper
                key={s}
                withBorder
                radius="sm"
                p="sm"
                component="article"
                aria-label={label('noteSide', s)}
                bg={note?.isAdminNote ? 'orange.0' : undefined}
              >
                <Group justify="space-between" gap="xs" mb={4}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {label('noteSide', s)}
                    </Text>
                    {note?.isAdminNote ? (
                      <Badge color="orange" variant="light" size="sm" radius="sm">
                        {t('notes.fromFreightlane')}
                      </Badge>
                    ) : null}
                    {mine ? (
                      <Badge color="gray" variant="light" size="sm" radius="sm">
                        {t('notes.yours')}
                      </Badge>
                    ) : null}
                  </Group>
                  {mine ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconNote size={14} aria-hidden />}
                      onClick={() => setEditing(true)}
                    >
                      {note ? t('notes.open') : t('notes.add')}
                    </Button>
                  ) : null}
                </Group>
                {note ? (
                  <>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {note.note}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4}>
                      {note.updatedBy} · {formatDateTime(note.updatedAt)}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('notes.noNoteYet')}
                  </Text>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
      {side ? (
        <TripNoteDialog
          opened={editing}
          title={t('notes.dialogTitle', { side: label('noteSide', side) })}
          note={own?.note ?? ''}
          onSave={save}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}
