import { Avatar, Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { DRIVER_PHOTO_MIME_TYPES, MAX_DRIVER_PHOTO_BYTES, type Driver } from '@freightlane/domain';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { UploadStatus } from '../../../components/upload-status';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fileProblem } from '../../../lib/upload-file';
import { useDriverPhoto, useUploadDriverPhoto } from '../api/fleet-api';
import { fullName } from '../fleet-forms';

const ACCEPT = DRIVER_PHOTO_MIME_TYPES.join(',');

/** The browser's own check before sending; the server reads the file's content and checks again. */
export function driverPhotoProblem(file: File): string | null {
  // No guess from the name: a photo the browser cannot type is refused.
  return fileProblem(file, {
    mimeTypes: DRIVER_PHOTO_MIME_TYPES,
    maxBytes: MAX_DRIVER_PHOTO_BYTES,
    kinds: 'a JPEG, PNG or WebP photo',
    noun: 'photo',
  });
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
    const found = driverPhotoProblem(file);
    setProblem(found);
    if (found) {
      resetInput.current?.();
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      notifySuccess(`${name}’s photo is saved.`);
    } catch (error) {
      notifyError(error, 'Photo not uploaded');
    } finally {
      setProgress(null);
      resetInput.current?.();
    }
  }

  const uploading = progress !== null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="md">
        Photo
      </Title>
      <Group align="flex-start" gap="lg">
        {url ? (
          <Image src={url} alt={`Photo of ${name}`} w={112} h={112} radius="md" fit="cover" />
        ) : (
          <Avatar size={112} radius="md" color="green" aria-hidden>
            {driver.firstName.slice(0, 1)}
            {driver.lastName.slice(0, 1)}
          </Avatar>
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" c="dimmed">
            {driver.hasPhoto
              ? photo.isError
                ? 'The photo could not be loaded. Try again later, or upload it again.'
                : 'Customers and terminals see this photo when the driver comes for the cargo.'
              : 'No photo yet. Add a clear photo of the driver’s face, so customers and terminals know who comes for the cargo.'}
          </Text>
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 5 MB.
          </Text>
          <UploadStatus
            progress={progress}
            label={`Uploading ${name}’s photo`}
            noun="photo"
            problem={problem}
          />
          <FileButton
            onChange={(file) => void pick(file)}
            accept={ACCEPT}
            resetRef={resetInput}
            disabled={uploading}
            inputProps={{ 'aria-label': `Choose a photo of ${name}` }}
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
                {driver.hasPhoto ? 'Replace photo' : 'Upload a photo'}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
    </Card>
  );
}
