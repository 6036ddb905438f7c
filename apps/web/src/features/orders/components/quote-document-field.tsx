import { Button, Card, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { QuoteDocument } from '@freightlane/domain';
import { IconFileTypePdf, IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { isUnverifiedError, useActionError } from '../../../components/action-error';
import { errorMessage } from '../../../lib/api';
import { formatFileSize } from '../../company';
import { useSessionStore } from '../../../lib/session-context';
import { quoteDocumentProblem, uploadQuoteDocument } from '../api/quote-document';
import { useOrdersText } from '../text';

interface Upload {
  fileName: string;
  percent: number;
}

/**
 * The optional quote document: a PDF of at most 10 MB, checked here first, then uploaded at once
 * with its progress shown. The draft keeps only what the server answers (id and name).
 */
export function QuoteDocumentField({
  value,
  onChange,
  error,
}: {
  value: QuoteDocument | null;
  onChange: (document: QuoteDocument | null) => void;
  error?: string;
}) {
  const t = useOrdersText();
  const session = useSessionStore();
  const showActionError = useActionError();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const messageId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);

  async function start(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const refused = quoteDocumentProblem(file);
    setProblem(refused && t(refused));
    if (refused) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ fileName: file.name, percent: 0 });
    try {
      const document = await uploadQuoteDocument(
        file,
        session,
        (percent) => setUpload({ fileName: file.name, percent }),
        controller.signal,
      );
      onChange(document);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setProblem(errorMessage(caught));
      if (isUnverifiedError(caught)) showActionError(caught);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setUpload(null);
    }
  }

  const message = problem ?? error ?? null;

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={message ? messageId : undefined}>
      <Text id={labelId} fw={500} size="sm">
        {t('quote.label')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('quote.hint')}
      </Text>
      {upload ? (
        <Card withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Text size="sm" truncate>
              {t('quote.uploading', { fileName: upload.fileName, percent: upload.percent })}
            </Text>
            <Button variant="subtle" size="compact-sm" color="gray" onClick={() => abortRef.current?.abort()}>
              {t('quote.cancelUpload')}
            </Button>
          </Group>
          <Progress
            value={upload.percent}
            aria-label={t('quote.uploadingLabel', { fileName: upload.fileName })}
          />
        </Card>
      ) : value ? (
        <Card withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileTypePdf size={22} aria-hidden color="var(--mantine-color-red-7)" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {value.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(value.sizeBytes)}
                </Text>
              </Stack>
            </Group>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              aria-label={t('quote.removeLabel', { fileName: value.fileName })}
            >
              {t('quote.remove')}
            </Button>
          </Group>
        </Card>
      ) : (
        <Group>
          <FileButton onChange={(file) => void start(file)} accept="application/pdf,.pdf" resetRef={resetRef}>
            {(props) => (
              <Button variant="default" leftSection={<IconPaperclip size={18} aria-hidden />} {...props}>
                {t('quote.attach')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {message ? (
        <Text id={messageId} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}
