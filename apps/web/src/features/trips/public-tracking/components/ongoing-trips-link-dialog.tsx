import { Button, Center, Divider, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconQrcode, IconRefresh, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useActionError } from '../../../../components/action-error';
import type { DialogProps } from '../../../../components/form-dialog';
import { NoticeDialog } from '../../../../components/notice-dialog';
import { QueryError } from '../../../../components/query-error';
import { notifySuccess } from '../../../../lib/notify';
import { useOngoingTripsLink, useRotateOngoingTripsLink } from '../api/public-tracking-api';
import { ongoingTripsShareMessage, ongoingTripsUrl } from '../share-links';
import { LinkText } from './link-details';
import { QrCode } from './qr-code';
import { ShareButtons } from './share-buttons';

function SharedLink({ shareId, onRenew }: { shareId: string; onRenew: () => void }) {
  const [showQr, setShowQr] = useState(false);
  const url = ongoingTripsUrl(shareId);
  return (
    <Stack gap="sm">
      <LinkText url={url} />
      <ShareButtons url={url} message={ongoingTripsShareMessage(url)}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconQrcode size={16} aria-hidden />}
          aria-expanded={showQr}
          onClick={() => setShowQr((shown) => !shown)}
        >
          {showQr ? 'Hide QR code' : 'QR code'}
        </Button>
      </ShareButtons>
      {showQr ? (
        <Center>
          <QrCode value={url} size={240} label={`QR code of the ongoing trips link ${url}`} />
        </Center>
      ) : null}
      <Divider my={4} />
      <Text size="sm" c="dimmed">
        Sent it to the wrong person, or someone should no longer see your trips? Make a new link: the old one
        stops working at once.
      </Text>
      <Button
        variant="light"
        color="red"
        size="sm"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRenew}
        style={{ alignSelf: 'flex-start' }}
      >
        Make a new link
      </Button>
    </Stack>
  );
}

/**
 * The customer's link to the public table of its ongoing trips. Confirming a new link takes the place of
 * this dialog for a moment (one dialog at a time), then this dialog shows the new link.
 */
export function OngoingTripsLinkDialog({ opened, onClose }: DialogProps) {
  const link = useOngoingTripsLink(opened);
  const rotate = useRotateOngoingTripsLink();
  const showActionError = useActionError();
  const [confirming, setConfirming] = useState(false);

  function confirmRotate() {
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess('A new link is made. The old one no longer works.');
      },
      onError: (error) => {
        setConfirming(false);
        showActionError(error);
      },
    });
  }

  let content;
  if (link.isPending) {
    content = (
      <Stack gap="sm" role="status" aria-label="Loading the link">
        <Skeleton h={38} radius="sm" />
        <Skeleton h={36} w="80%" radius="sm" />
      </Stack>
    );
  } else if (link.isError) {
    content = (
      <QueryError error={link.error} onRetry={() => void link.refetch()} title="Could not load the link" />
    );
  } else {
    content = <SharedLink shareId={link.data.shareId} onRenew={() => setConfirming(true)} />;
  }

  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={onClose}
        title="Share your ongoing trips"
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Anyone with this link sees your ongoing trips: containers, places and status, never prices or
            phone numbers.
          </Text>
          {content}
        </Stack>
      </Modal>
      <NoticeDialog
        opened={opened && confirming}
        title="Make a new link?"
        buttons="yes-no"
        destructive
        confirming={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmRotate}
      >
        The current link stops working at once, for everyone you have shared it with. Share the new link with
        the people who should still see your ongoing trips.
      </NoticeDialog>
    </>
  );
}

/** The trips page's button for customers: opens the ongoing-trips link with the ways to share it. */
export function ShareOngoingTripsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShare size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Share ongoing trips
      </Button>
      <OngoingTripsLinkDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
