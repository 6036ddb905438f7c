import { Progress, Stack, Text } from '@mantine/core';
import { useComponentsText } from './text';

/**
 * Under an upload control: the progress while the file goes up, then "Checking…" until the server has
 * read it (announced politely to screen readers), and why a chosen file was refused.
 */
export function UploadStatus({
  progress,
  label,
  noun,
  problem,
}: {
  /** Percent sent, or null when nothing is uploading. */
  progress: number | null;
  /** The progress bar's accessible name, e.g. "Uploading the document". */
  label: string;
  noun?: string;
  problem: string | null;
}) {
  const t = useComponentsText();
  return (
    <>
      {progress !== null ? (
        <Stack gap={4}>
          <Progress value={progress} aria-label={label} animated={progress < 100} />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress < 100
              ? t('uploadStatus.uploading', { progress })
              : t('uploadStatus.checking', { noun: noun ?? t('uploadStatus.file') })}
          </Text>
        </Stack>
      ) : null}
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </>
  );
}
