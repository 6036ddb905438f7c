import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconBellOff, IconBellRinging, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApi } from '../../../lib/session-context';
import { notificationKeys } from '../api/notification-keys';
import { browserSupportsPush, pushPermission, turnOffPush, turnOnPush } from '../api/push-device';
import { useNotificationsText } from '../text';

/**
 * Browser push for this device: turned on here (the browser asks the user), off again, or, when the
 * user has blocked it, how to allow it in the browser's settings.
 */
export function PushCard({ pushEnabled }: { pushEnabled: boolean }) {
  const t = useNotificationsText();
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
      if (outcome === 'on') notifySuccess(t('push.isOn'));
      else if (outcome === 'dismissed') setDismissed(true);
    } catch (error) {
      notifyError(error, t('push.notTurnedOn'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
    }
  }

  async function turnOff() {
    setBusy('off');
    try {
      await turnOffPush(api);
      notifySuccess(t('push.isOff'));
    } catch (error) {
      notifyError(error, t('push.notTurnedOff'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
    }
  }

  let body;
  if (!supported) {
    body = <Text>{t('push.unsupported')}</Text>;
  } else if (permission === 'denied') {
    body = (
      <Stack gap="sm" align="flex-start">
        <Alert color="orange" icon={<IconInfoCircle aria-hidden />} title={t('push.blockedTitle')}>
          {t('push.blocked')}
        </Alert>
        {pushEnabled ? (
          <Button variant="default" loading={busy === 'off'} onClick={() => void turnOff()}>
            {t('push.turnOff')}
          </Button>
        ) : null}
      </Stack>
    );
  } else if (pushEnabled) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>{t('push.isOn')}</Text>
        <Button
          variant="default"
          leftSection={<IconBellOff size={18} aria-hidden />}
          loading={busy === 'off'}
          onClick={() => void turnOff()}
        >
          {t('push.turnOff')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>{t('push.offer')}</Text>
        <Button
          leftSection={<IconBellRinging size={18} aria-hidden />}
          loading={busy === 'on'}
          onClick={() => void turnOn()}
        >
          {t('push.turnOn')}
        </Button>
        {dismissed ? (
          <Text size="sm" c="dimmed" role="status">
            {t('push.dismissed')}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="sm" id={titleId}>
        {t('push.title')}
      </Title>
      {body}
    </Card>
  );
}
