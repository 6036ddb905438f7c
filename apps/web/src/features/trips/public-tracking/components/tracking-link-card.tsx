import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { IconClock, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { PATHS } from '../../../../lib/paths';
import { useActionError } from '../../../../components/action-error';
import { NoticeDialog } from '../../../../components/notice-dialog';
import { notifySuccess } from '../../../../lib/notify';
import { useRevokeTrackingLink } from '../api/public-tracking-api';
import { trackingUrl, tripShareMessage } from '../share-links';
import { ExpiryText, isExpired, LinkText } from './link-details';
import { usePublicTrackingText } from '../text';
import { ShareButtons } from './share-buttons';
import { TrackingExpiryDialog } from './tracking-expiry-dialog';

/**
 * /trips/:tripId: the trip's public tracking link with the ways to share it, when it expires, and a way to
 * kill it (a new link replaces it) when it reached the wrong people.
 */
export function TrackingLinkCard({ trip }: { trip: TripDetail }) {
  const t = usePublicTrackingText();
  const [settingExpiry, setSettingExpiry] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeTrackingLink(trip.id);
  const showActionError = useActionError();
  const url = trackingUrl(trip.trackingId);
  const expired = isExpired(trip.trackingExpiresAt);

  function confirmRevoke() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setRevoking(false);
        notifySuccess(t('trackingLink.revoked'));
      },
      onError: (error) => {
        setRevoking(false);
        showActionError(error);
      },
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tracking-link-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="tracking-link-title">
          {t('trackingLink.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('trackingLink.intro')}
        </Text>
        <LinkText url={url} />
        <ShareButtons
          url={url}
          message={tripShareMessage(trip.tripNumber, url, t)}
          printQrTo={PATHS.tripTrackingQr(trip.id)}
        />
        <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
          <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <ExpiryText expiresAt={trip.trackingExpiresAt} />
            {expired ? (
              <Text size="xs" c="dimmed">
                {t('trackingLink.expiredHint')}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group gap="xs">
          <Button variant="light" size="sm" onClick={() => setSettingExpiry(true)}>
            {t('trackingLink.setExpiry')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconLinkOff size={16} aria-hidden />}
            onClick={() => setRevoking(true)}
          >
            {t('trackingLink.revoke')}
          </Button>
        </Group>
      </Stack>
      <TrackingExpiryDialog trip={trip} opened={settingExpiry} onClose={() => setSettingExpiry(false)} />
      <NoticeDialog
        opened={revoking}
        title={t('trackingLink.confirmTitle')}
        buttons="yes-no"
        destructive
        confirming={revoke.isPending}
        onClose={() => setRevoking(false)}
        onConfirm={confirmRevoke}
      >
        {t('trackingLink.confirmText')}
      </NoticeDialog>
    </Card>
  );
}
