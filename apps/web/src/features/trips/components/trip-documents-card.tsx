import { Button, Card, FileInput, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_KINDS,
  TRIP_DOCUMENT_TYPES,
  type TripDetail,
  type TripDocument,
  type TripDocumentKind,
} from '@freightlane/domain';
import { IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { UploadStatus } from '../../../components/upload-status';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fileProblem, type FileRule } from '../../../lib/upload-file';
import { useDownload } from '../../../lib/use-download';
import { formatFileSize } from '../../company';
import { downloadTripDocument, useDeleteTripDocument, useUploadTripDocument } from '../api/trip-detail-api';
import { useTripComponentsText, type TripComponentsText } from './text';

/** Its problems are said in this card's words (tripDocumentProblem); kinds and noun serve the shared rule. */
const TRIP_DOCUMENT_RULE: FileRule = {
  mimeTypes: TRIP_DOCUMENT_TYPES,
  extensions: ['.pdf', '.jpg', '.jpeg', '.png', '.webp'],
  maxBytes: MAX_TRIP_DOCUMENT_BYTES,
  kinds: 'a PDF, JPEG, PNG or WebP file',
  noun: 'file',
};
const ACCEPT = [...TRIP_DOCUMENT_RULE.mimeTypes, ...(TRIP_DOCUMENT_RULE.extensions ?? [])].join(',');

/**
 * The browser's own check before sending; the server reads the file's content and checks again. The
 * shared rule decides, in the order it checks (the kind, then empty, then too big); the words are this
 * card's, in the reader's language.
 */
export function tripDocumentProblem(file: File, t: TripComponentsText): string | null {
  if (fileProblem(file, TRIP_DOCUMENT_RULE) === null) return null;
  // The same file's name and type with a size that passes: refused only for its kind.
  const kindProblem = fileProblem({ name: file.name, type: file.type, size: 1 } as File, TRIP_DOCUMENT_RULE);
  if (kindProblem !== null) return t('documents.wrongType');
  if (file.size === 0) return t('documents.emptyFile');
  return t('documents.tooBig', { megabytes: TRIP_DOCUMENT_RULE.maxBytes / (1024 * 1024) });
}

function DocumentItem({ document }: { document: TripDocument }) {
  const t = useTripComponentsText();
  const label = useLabels();
  const { downloading, download } = useDownload();
  const remove = useDeleteTripDocument();
  const [confirming, setConfirming] = useState(false);
  const kind = label('tripDocumentKind', document.kind);
  const fileName = document.fileName;

  async function confirmDelete() {
    try {
      await remove.mutateAsync(document.id);
      notifySuccess(t('documents.deleted', { kind, fileName }));
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      // The spec: a failed document delete shows only the error message.
      notifyError(error);
    }
  }

  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={t('documents.item', { kind, fileName })}>
      <Text fw={600} size="sm">
        {kind}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {document.fileName} · {formatFileSize(document.sizeBytes)}
      </Text>
      <Text size="xs" c="dimmed">
        {document.uploadedBy} · {formatDateTime(document.uploadedAt)}
      </Text>
      <Group gap="xs" mt="xs">
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={downloading}
          onClick={() => void download((api) => downloadTripDocument(api, document))}
          aria-label={t('documents.downloadLabel', { fileName })}
        >
          {t('documents.download')}
        </Button>
        {document.canDelete ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
            aria-label={t('documents.deleteLabel', { fileName })}
          >
            {t('documents.delete')}
          </Button>
        ) : null}
      </Group>
      <NoticeDialog
        opened={confirming}
        title={t('documents.deleteTitle')}
        buttons="yes-no"
        destructive
        confirming={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      >
        {t('documents.deleteBody', { kind, fileName })}
      </NoticeDialog>
    </Paper>
  );
}

function UploadForm({ trip }: { trip: TripDetail }) {
  const t = useTripComponentsText();
  const label = useLabels();
  const upload = useUploadTripDocument(trip.id);
  const [kind, setKind] = useState<TripDocumentKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  function pick(next: File | null) {
    setFile(next);
    setProblem(next ? tripDocumentProblem(next, t) : null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    if (!kind) return setProblem(t('documents.needKind'));
    if (!file) return setProblem(t('documents.needFile'));
    const found = tripDocumentProblem(file, t);
    if (found) return setProblem(found);
    setProblem(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ kind, file, onProgress: setProgress });
      notifySuccess(t('documents.uploaded', { kind: label('tripDocumentKind', kind) }));
      setFile(null);
      setKind(null);
    } catch (error) {
      notifyError(error, t('documents.notUploaded'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('documents.uploadForm')}>
      <Stack gap="sm" mt="md">
        <Text fw={600} size="sm">
          {t('documents.add')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('documents.kind')}
            placeholder={t('documents.chooseKind')}
            data={TRIP_DOCUMENT_KINDS.map((k) => ({ value: k, label: label('tripDocumentKind', k) }))}
            value={kind}
            onChange={(value) => setKind(value as TripDocumentKind | null)}
            allowDeselect={false}
            disabled={uploading}
          />
          <FileInput
            label={t('documents.file')}
            placeholder={t('documents.chooseFile')}
            accept={ACCEPT}
            value={file}
            onChange={pick}
            clearable
            disabled={uploading}
            fileInputProps={{ 'aria-label': t('documents.chooseFileLabel') }}
            // The theme's placeholder grey is too faint for the visible "Choose a file" text (WCAG 4.5:1).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            leftSection={<IconPaperclip size={16} aria-hidden />}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-4}>
          {t('documents.fileRule')}
        </Text>
        <UploadStatus progress={progress} label={t('documents.uploading')} problem={problem} />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="sm"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={uploading}
            disabled={!kind || !file || problem !== null}
          >
            {t('documents.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Waybills, TDOs, interchange receipts, proof of delivery and photos, shared by everyone on the trip. */
export function TripDocumentsCard({ trip }: { trip: TripDetail }) {
  const t = useTripComponentsText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="documents-title">
      <Title order={2} fz="lg" id="documents-title" mb="sm">
        {t('documents.title')}
      </Title>
      {trip.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {trip.documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </Stack>
      )}
      {trip.cancelled ? null : <UploadForm trip={trip} />}
    </Card>
  );
}
