import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { NOTE_SIDES, NOTE_SIDE_LABELS, type NoteSide, type TripDetail } from '@freightlane/domain';
import { IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateTrip } from '../api/trip-detail-api';
import { TripNoteDialog } from './trip-note-dialog';

/** Each side of the trip keeps one note; everyone on the trip reads all of them, each writes their own. */
export function TripNotesCard({ trip, side }: { trip: TripDetail; side: NoteSide | null }) {
  const update = useUpdateTrip(trip.id);
  const [editing, setEditing] = useState(false);
  const bySide = new Map(trip.notes.map((note) => [note.side, note]));
  const shown = NOTE_SIDES.filter((s) => bySide.has(s) || s === side);
  const own = side ? bySide.get(side) : undefined;

  async function save(note: string) {
    await update.mutateAsync({ note });
    notifySuccess(note ? 'Your note is saved.' : 'Your note is removed.');
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notes-title">
      <Title order={2} fz="lg" id="notes-title" mb="sm">
        Notes
      </Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes on this trip.
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
                aria-label={NOTE_SIDE_LABELS[s]}
                bg={note?.isAdminNote ? 'orange.0' : undefined}
              >
                <Group justify="space-between" gap="xs" mb={4}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {NOTE_SIDE_LABELS[s]}
                    </Text>
                    {note?.isAdminNote ? (
                      <Badge color="orange" variant="light" size="sm" radius="sm">
                        From Freightlane
                      </Badge>
                    ) : null}
                    {mine ? (
                      <Badge color="gray" variant="light" size="sm" radius="sm">
                        Yours
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
                      {note ? 'Open note' : 'Add a note'}
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
                    No note yet. Only people on the trip see it.
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
          title={`${NOTE_SIDE_LABELS[side]} (yours)`}
          note={own?.note ?? ''}
          onSave={save}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}
