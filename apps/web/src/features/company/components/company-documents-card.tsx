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
import { useLabels } from '../../../i18n/labels/labels';
import { useCompanyText } from '../text';
import { DOCUMENT_STATUS_COLORS, useVerificationLabels } from './verification-labels';

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
  const t = useCompanyText();
  const labels = useVerificationLabels();
  const documentName = useLabels()('companyDocument', requirement.type);
  const upload = useUploadCompanyDocument();
  const resetInput = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmFile, setConfirmFile] = useState<File | null>(null);
  const { downloading, download } = useDownload();

  async function send(file: File) {
    setConfirmFile(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ type: requirement.type, file, onProgress: setProgress });
      notifySuccess(t('documents.uploaded', { document: documentName }));
    } catch (error) {
      notifyError(error, t('documents.uploadFailed', { document: documentName }));
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
            {documentName}
          </Text>
          {current ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('documents.file', {
                fileName: current.fileName,
                size: formatFileSize(current.sizeBytes),
                uploadedAt: formatDateTime(current.createdAt),
              })}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t('documents.notUploaded')}
            </Text>
          )}
        </div>
        <Badge variant="light" color={DOCUMENT_STATUS_COLORS[requirement.status]} style={{ flexShrink: 0 }}>
          {labels.documentStatus(requirement.status)}
        </Badge>
      </Group>

      {requirement.status === 'REJECTED' && current?.rejectionReason ? (
        <Text size="sm" c="red.8">
          {t('documents.rejectedBecause', { reason: current.rejectionReason })}
        </Text>
      ) : null}

      <UploadStatus
        progress={progress}
        label={t('documents.uploading', { document: documentName })}
        problem={problem}
      />

      <Group gap="xs">
        {canUpload ? (
          <FileButton
            onChange={pick}
            accept={ACCEPT}
            resetRef={resetInput}
            disabled={uploading}
            inputProps={{ 'aria-label': t('documents.chooseFile', { document: documentName }) }}
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
                  current
                    ? t('documents.uploadNewFileOf', { document: documentName })
                    : t('documents.uploadOf', { document: documentName })
                }
              >
                {current ? t('documents.uploadNewFile') : t('documents.upload')}
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
            aria-label={t('documents.downloadOf', { document: documentName })}
          >
            {t('documents.download')}
          </Button>
        ) : null}
      </Group>

      <NoticeDialog
        opened={confirmFile !== null}
        title={t('documents.replaceTitle')}
        buttons="yes-no"
        onClose={() => {
          setConfirmFile(null);
          resetInput.current?.();
        }}
        onConfirm={() => {
          if (confirmFile) void send(confirmFile);
        }}
      >
        {t('documents.replace')}
      </NoticeDialog>
    </Stack>
  );
}

/**
 * The documents a company must upload for verification (GET /company/documents/validate for what
 * is required, GET /company/documents for the current files), each with its status, upload and download.
 */
export function CompanyDocumentsCard({ canUpload }: { canUpload: boolean }) {
  const t = useCompanyText();
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
        {t('documents.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('documents.hint')}
      </Text>

      {validation.isPending || documents.isPending ? (
        <Stack gap="sm" aria-label={t('documents.loading')}>
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
          title={t('documents.loadFailed')}
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
              {t('documents.ownerOnly')}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
