import { Badge, Button, Card, FileButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CompanyDocument, CompanyDocumentsValidation } from '@freightlane/domain';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { QueryError } from '../../../components/query-error';
import { UploadStatus } from '../../../components/upload-status';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import {
  downloadCompanyDocument,
  useCompanyDocuments,
  useCompanyValidation,
  useUploadCompanyDocument,
} from '../api/company-api';
import { companyDocumentProblem } from '../api/upload-company-document';
import { DOCUMENT_STATUS_LABELS } from './verification-labels';

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

type Requirement = CompanyDocumentsValidation['documents'][number];

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function DocumentRow({
  requirement,
  current,
  canUpload,
  verified,
}: {
  requirement: Requirement;
  current: CompanyDocument | undefined;
  canUpload: boolean;
  verified: boolean;
}) {
  const upload = useUploadCompanyDocument();
  const resetInput = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmFile, setConfirmFile] = useState<File | null>(null);
  const { downloading, download } = useDownload();
  const status = DOCUMENT_STATUS_LABELS[requirement.status];

  async function send(file: File) {
    setConfirmFile(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ type: requirement.type, file, onProgress: setProgress });
      notifySuccess(`${requirement.label} uploaded. We review it with your company details.`);
    } catch (error) {
      notifyError(error, `${requirement.label} not uploaded`);
    } finally {
      setProgress(null);
      resetInput.current?.();
    }
  }

  function pick(file: File | null) {
    if (!file) return;
    const found = companyDocumentProblem(file);
    setProblem(found);
    if (found) {
      resetInput.current?.();
      return;
    }
    // A new document of a verified company is reviewed again, which pauses business until then.
    if (verified) setConfirmFile(file);
    else void send(file);
  }

  const uploading = progress !== null;
  return (
    <Stack gap={8} component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {requirement.label}
          </Text>
          {current ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {current.fileName} · {formatFileSize(current.sizeBytes)} · uploaded{' '}
              {formatDateTime(current.createdAt)}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              Not uploaded yet
            </Text>
          )}
        </div>
        <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>

      {requirement.status === 'REJECTED' && current?.rejectionReason ? (
        <Text size="sm" c="red.8">
          Rejected: {current.rejectionReason}
        </Text>
      ) : null}

      <UploadStatus progress={progress} label={`Uploading ${requirement.label}`} problem={problem} />

      <Group gap="xs">
        {canUpload ? (
          <FileButton
            onChange={pick}
            accept={ACCEPT}
            resetRef={resetInput}
            disabled={uploading}
            inputProps={{ 'aria-label': `Choose a file for ${requirement.label}` }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant={
                  requirement.status === 'MISSING' || requirement.status === 'REJECTED' ? 'filled' : 'default'
                }
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={uploading}
                aria-label={
                  current ? `Upload a new file for ${requirement.label}` : `Upload ${requirement.label}`
                }
              >
                {current ? 'Upload a new file' : 'Upload'}
              </Button>
            )}
          </FileButton>
        ) : null}
        {current ? (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void download((api) => downloadCompanyDocument(api, current))}
            loading={downloading}
            aria-label={`Download ${requirement.label}`}
          >
            Download
          </Button>
        ) : null}
      </Group>

      <NoticeDialog
        opened={confirmFile !== null}
        title="Replace this document?"
        buttons="yes-no"
        onClose={() => {
          setConfirmFile(null);
          resetInput.current?.();
        }}
        onConfirm={() => {
          if (confirmFile) void send(confirmFile);
        }}
      >
        Your company is verified. A new document is reviewed again, and until then you cannot place orders or
        bid.
      </NoticeDialog>
    </Stack>
  );
}

/**
 * The documents a company must upload for verification (GET /company/documents/validate for what
 * is required, GET /company/documents for the current files), each with its status, upload and download.
 */
export function CompanyDocumentsCard({ canUpload }: { canUpload: boolean }) {
  const validation = useCompanyValidation();
  const documents = useCompanyDocuments();

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="documents-title"
      id="documents"
    >
      <Title order={2} fz="lg" id="documents-title" mb={4}>
        Verification documents
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Upload a clear scan or photo of each document: PDF, JPEG or PNG, up to 10 MB.
      </Text>

      {validation.isPending || documents.isPending ? (
        <Stack gap="sm" aria-label="Loading your documents">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : validation.isError || documents.isError ? (
        <QueryError
          error={validation.error ?? documents.error}
          onRetry={() => {
            void validation.refetch();
            void documents.refetch();
          }}
          title="Could not load your documents"
        />
      ) : (
        <>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {validation.data.documents.map((requirement) => (
              <DocumentRow
                key={requirement.type}
                requirement={requirement}
                current={documents.data.find((d) => d.type === requirement.type)}
                canUpload={canUpload}
                verified={validation.data.verificationStatus === 'VERIFIED'}
              />
            ))}
          </Stack>
          {canUpload ? null : (
            <Text size="xs" c="dimmed" mt="sm">
              Only your company&apos;s owner account can upload documents.
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
