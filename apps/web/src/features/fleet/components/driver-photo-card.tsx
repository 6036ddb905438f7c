import { Avatar, Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { DRIVER_PHOTO_MIME_TYPES, MAX_DRIVER_PHOTO_BYTES, type Driver } from '@freightlane/domain';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { UploadStatus } from '../../../components/upload-status';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDriverPhoto, useUploadDriverPhoto } from '../api/fleet-api';
import { fullName } from '../fleet-forms';
import { useFleetText, type FleetText } from '../text';

const ACCEPT = DRIVER_PHOTO_MIME_TYPES.join(',');

/**
 * The browser's own check before sending, in the app's language; the server reads the file's content and
 * checks again.
 */
export function driverPhotoProblem(file: File, t: FleetText): string | null {
  // No guess from the name: a photo the browser cannot type is refused.
  if (!(DRIVER_PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return t('photo.wrongKind');
  if (file.size === 0) return t('photo.empty');
  if (file.size > MAX_DRIVER_PHOTO_BYTES) {
    return t('photo.tooBig', { megabytes: MAX_DRIVER_PHOTO_BYTES / (1024 * 1024) });
  }
  return null;
}

/** An object URL for a fetched blob, revoked when the blob changes or the card goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * The driver's photo, so the terminal and the customer know who comes: shown from the API (fetched
 * with the session's token) and uploaded with progress.
 */
export function DriverPhotoCard({ driver }: { driver: Driver }) {
  const t = useFleetText();
  const name = fullName(driver);
  const titleId = useId();
  const photo = useDriverPhoto(driver.id, driver.updatedAt, driver.hasPhoto);
  const url = useObjectUrl(driver.hasPhoto ? photo.data : undefined);
  const upload = useUploadDriverPhoto(driver.id);
  const resetInput = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    const found = driverPhotoProblem(file, t);
    setProblem(found);
    if (found) {
      resetInput.current?.();
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      notifySuccess(t('photo.saved', { name }));
    } catch (error) {
      notifyError(error, t('photo.notUploaded'));
    } finally {
      setProgress(null);
      resetInput.current?.();
    }
  }

  const uploading = progress !== null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="md">
        {t('photo.title')}
      </Title>
      <Group align="flex-start" gap="lg">
        {url ? (
          <Image src={url} alt={t('photo.alt', { name })} w={112} h={112} radius="md" fit="cover" />
        ) : (
          <Avatar size={112} radius="md" color="green" aria-hidden>
            {driver.firstName.slice(0, 1)}
            {driver.lastName.slice(0, 1)}
          </Avatar>
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" c="dimmed">
            {driver.hasPhoto ? (photo.isError ? t('photo.loadFailed') : t('photo.shown')) : t('photo.none')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('photo.rule')}
          </Text>
          <UploadStatus
            progress={progress}
            label={t('photo.uploading', { name })}
            noun={t('photo.noun')}
            problem={problem}
          />
          <FileButton
            onChange={(file) => void pick(file)}
            accept={ACCEPT}
            resetRef={resetInput}
            disabled={uploading}
            inputProps={{ 'aria-label': t('photo.chooseAria', { name }) }}
          >
            {(props) => (
              <Button
                {...props}
                size="sm"
                variant={driver.hasPhoto ? 'default' : 'filled'}
                leftSection={<IconCamera size={16} aria-hidden />}
                loading={uploading}
                style={{ alignSelf: 'flex-start' }}
              >
                {driver.hasPhoto ? t('photo.replace') : t('photo.upload')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
    </Card>
  );
}
