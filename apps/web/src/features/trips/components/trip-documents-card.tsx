import { Button, Card, FileInput, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_KINDS,
  TRIP_DOCUMENT_KIND_LABELS,
  TRIP_DOCUMENT_TYPES,
  type TripDetail,
  type TripDocument,
  type TripDocumentKind,
} from '@freightlane/domain';
import { IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { UploadStatus } from '../../../components/upload-status';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fileProblem, type FileRule } from '../../../lib/upload-file';
import { useDownload } from '../../../lib/use-download';
import { formatFileSize } from '../../company';
import { downloadTripDocument, useDeleteTripDocument, useUploadTripDocument } from '../api/trip-detail-api';

const TRIP_DOCUMENT_RULE: FileRule = {
  mimeTypes: TRIP_DOCUMENT_TYPES,
  extensions: ['.pdf', '.jpg', '.jpeg', '.png', '.webp'],
  maxBytes: MAX_TRIP_DOCUMENT_BYTES,
  kinds: 'a PDF, JPEG, PNG or WebP file',
  noun: 'file',
};
const ACCEPT = [...TRIP_DOCUMENT_RULE.mimeTypes, ...(TRIP_DOCUMENT_RULE.extensions ?? [])].join(',');

/** The browser's own check before sending; the server reads the file's content and checks again. */
export function tripDocumentProblem(file: File): string | null {
  return fileProblem(file, TRIP_DOCUMENT_RULE);
}

function DocumentItem({ document }: { document: TripDocument }) {
  const { downloading, download } = useDownload();
  const remove = useDeleteTripDocument();
  const [confirming, setConfirming] = useState(false);
  const kind = TRIP_DOCUMENT_KIND_LABELS[document.kind];

  async function confirmDelete() {
    try {
      await remove.mutateAsync(document.id);
      notifySuccess(`${kind} ${document.fileName} deleted.`);
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      // The spec: a failed document delete shows only the error message.
      notifyError(error);
    }
  }

  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={`${kind}: ${document.fileName}`}>
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
          aria-label={`Download ${document.fileName}`}
        >
          Download
        </Button>
        {document.canDelete ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${document.fileName}`}
          >
            Delete
          </Button>
        ) : null}
      </Group>
      <NoticeDialog
        opened={confirming}
        title="Delete this document?"
        buttons="yes-no"
        destructive
        confirming={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      >
        {`${kind} ${document.fileName} is removed from the trip for everyone. This cannot be undone.`}
      </NoticeDialog>
    </Paper>
  );
}

function UploadForm({ trip }: { trip: TripDetail }) {
  const upload = useUploadTripDocument(trip.id);
  const [kind, setKind] = useState<TripDocumentKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  function pick(next: File | null) {
    setFile(next);
    setProblem(next ? tripDocumentProblem(next) : null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    if (!kind) return setProblem('Choose what the document is.');
    if (!file) return setProblem('Choose a file.');
    const found = tripDocumentProblem(file);
    if (found) return setProblem(found);
    setProblem(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ kind, file, onProgress: setProgress });
      notifySuccess(`${TRIP_DOCUMENT_KIND_LABELS[kind]} uploaded.`);
      setFile(null);
      setKind(null);
    } catch (error) {
      notifyError(error, 'Document not uploaded');
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload a document">
      <Stack gap="sm" mt="md">
        <Text fw={600} size="sm">
          Add a document
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Kind"
            placeholder="Choose one"
            data={TRIP_DOCUMENT_KINDS.map((k) => ({ value: k, label: TRIP_DOCUMENT_KIND_LABELS[k] }))}
            value={kind}
            onChange={(value) => setKind(value as TripDocumentKind | null)}
            allowDeselect={false}
            disabled={uploading}
          />
          <FileInput
            label="File"
            placeholder="Choose a file"
            accept={ACCEPT}
            value={file}
            onChange={pick}
            clearable
            disabled={uploading}
            fileInputProps={{ 'aria-label': 'Choose the document file' }}
            // The theme's placeholder grey is too faint for the visible "Choose a file" text (WCAG 4.5:1).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            leftSection={<IconPaperclip size={16} aria-hidden />}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-4}>
          PDF, JPEG, PNG or WebP, up to 10 MB.
        </Text>
        <UploadStatus progress={progress} label="Uploading the document" problem={problem} />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="sm"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={uploading}
            disabled={!kind || !file || problem !== null}
          >
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Waybills, TDOs, interchange receipts, proof of delivery and photos, shared by everyone on the trip. */
export function TripDocumentsCard({ trip }: { trip: TripDetail }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="documents-title">
      <Title order={2} fz="lg" id="documents-title" mb="sm">
        Documents
      </Title>
      {trip.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No documents yet. Upload the waybill, the TDO or a proof of delivery here.
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
