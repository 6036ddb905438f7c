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
import { usePublicTrackingText } from '../text';
import { ShareButtons } from './share-buttons';

function SharedLink({ shareId, onRenew }: { shareId: string; onRenew: () => void }) {
  const t = usePublicTrackingText();
  const [showQr, setShowQr] = useState(false);
  const url = ongoingTripsUrl(shareId);
  return (
    <Stack gap="sm">
      <LinkText url={url} />
      <ShareButtons url={url} message={ongoingTripsShareMessage(url, t)}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconQrcode size={16} aria-hidden />}
          aria-expanded={showQr}
          onClick={() => setShowQr((shown) => !shown)}
        >
          {showQr ? t('ongoing.hideQr') : t('ongoing.showQr')}
        </Button>
      </ShareButtons>
      {showQr ? (
        <Center>
          <QrCode value={url} size={240} label={t('ongoing.qrLabel', { url })} />
        </Center>
      ) : null}
      <Divider my={4} />
      <Text size="sm" c="dimmed">
        {t('ongoing.wrongPerson')}
      </Text>
      <Button
        variant="light"
        color="red"
        size="sm"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRenew}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('ongoing.newLink')}
      </Button>
    </Stack>
  );
}

/**
 * The customer's link to the public table of its ongoing trips. Confirming a new link takes the place of
 * this dialog for a moment (one dialog at a time), then this dialog shows the new link.
 */
export function OngoingTripsLinkDialog({ opened, onClose }: DialogProps) {
  const t = usePublicTrackingText();
  const link = useOngoingTripsLink(opened);
  const rotate = useRotateOngoingTripsLink();
  const showActionError = useActionError();
  const [confirming, setConfirming] = useState(false);

  function confirmRotate() {
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t('ongoing.newLinkMade'));
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
      <Stack gap="sm" role="status" aria-label={t('ongoing.loading')}>
        <Skeleton h={38} radius="sm" />
        <Skeleton h={36} w="80%" radius="sm" />
      </Stack>
    );
  } else if (link.isError) {
    content = (
      <QueryError error={link.error} onRetry={() => void link.refetch()} title={t('ongoing.loadFailed')} />
    );
  } else {
    content = <SharedLink shareId={link.data.shareId} onRenew={() => setConfirming(true)} />;
  }

  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={onClose}
        title={t('ongoing.title')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('ongoing.closeDialog') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('ongoing.intro')}</Text>
          {content}
        </Stack>
      </Modal>
      <NoticeDialog
        opened={opened && confirming}
        title={t('ongoing.confirmTitle')}
        buttons="yes-no"
        destructive
        confirming={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmRotate}
      >
        {t('ongoing.confirmText')}
      </NoticeDialog>
    </>
  );
}

/** The trips page's button for customers: opens the ongoing-trips link with the ways to share it. */
export function ShareOngoingTripsButton() {
  const t = usePublicTrackingText();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShare size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('ongoing.shareButton')}
      </Button>
      <OngoingTripsLinkDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
