import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconBellOff, IconBellRinging, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApi } from '../../../lib/session-context';
import { notificationKeys } from '../api/notification-keys';
import { browserSupportsPush, pushPermission, turnOffPush, turnOnPush } from '../api/push-device';

export const PUSH_BLOCKED_TEXT =
  'Notifications from Freightlane are blocked in this browser. To allow them, click the padlock or site ' +
  'icon beside the address, open the site settings (on a phone: the menu, then Settings, then Site ' +
  'settings), set Notifications to Allow, then reload this page.';

/**
 * Browser push for this device: turned on here (the browser asks the user), off again, or, when the
 * user has blocked it, how to allow it in the browser's settings.
 */
export function PushCard({ pushEnabled }: { pushEnabled: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [supported] = useState(browserSupportsPush);
  const [permission, setPermission] = useState(() => (supported ? pushPermission() : 'default'));
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();

  async function turnOn() {
    setBusy('on');
    setDismissed(false);
    try {
      const outcome = await turnOnPush(api);
      setPermission(pushPermission());
      if (outcome === 'on') notifySuccess('Push notifications are on for this device.');
      else if (outcome === 'dismissed') setDismissed(true);
    } catch (error) {
      notifyError(error, 'Push notifications not turned on');
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
    }
  }

  async function turnOff() {
    setBusy('off');
    try {
      await turnOffPush(api);
      notifySuccess('Push notifications are off for this device.');
    } catch (error) {
      notifyError(error, 'Push notifications not turned off');
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
    }
  }

  let body;
  if (!supported) {
    body = (
      <Text>
        This browser cannot show push notifications. You still get them in the app and by e-mail, as set
        below.
      </Text>
    );
  } else if (permission === 'denied') {
    body = (
      <Stack gap="sm" align="flex-start">
        <Alert color="orange" icon={<IconInfoCircle aria-hidden />} title="Blocked in this browser">
          {PUSH_BLOCKED_TEXT}
        </Alert>
        {pushEnabled ? (
          <Button variant="default" loading={busy === 'off'} onClick={() => void turnOff()}>
            Turn off push notifications on this device
          </Button>
        ) : null}
      </Stack>
    );
  } else if (pushEnabled) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>Push notifications are on for this device.</Text>
        <Button
          variant="default"
          leftSection={<IconBellOff size={18} aria-hidden />}
          loading={busy === 'off'}
          onClick={() => void turnOff()}
        >
          Turn off push notifications on this device
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>
          Get the notifications you choose as Browser push on this device, even when Freightlane is not open.
        </Text>
        <Button
          leftSection={<IconBellRinging size={18} aria-hidden />}
          loading={busy === 'on'}
          onClick={() => void turnOn()}
        >
          Turn on push notifications on this device
        </Button>
        {dismissed ? (
          <Text size="sm" c="dimmed" role="status">
            The browser’s question was closed without an answer. Press the button again to be asked again.
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="sm" id={titleId}>
        Browser push
      </Title>
      {body}
    </Card>
  );
}
