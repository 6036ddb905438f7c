import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/public-layout';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUnsubscribe } from '../../notifications';

export const UNSUBSCRIBED_TEXT = 'You have successfully unsubscribed from an email service.';

function Unsubscribed({ kindLabel }: { kindLabel?: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {UNSUBSCRIBED_TEXT}
      </Title>
      {kindLabel ? (
        <>
          <Text>You will no longer get e-mails about: {kindLabel}.</Text>
          <Anchor component={Link} to={PATHS.notificationSettings}>
            Change your notification settings
          </Anchor>
        </>
      ) : null}
      <Anchor component={Link} to="/">
        Go to Freightlane
      </Anchor>
    </Stack>
  );
}

/**
 * /unsubscribe: where the unsubscribe link of every e-mail ends. With the link's token it turns that
 * kind of e-mail off first, and says so only once the API has done it.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const sent = useRef<string | null>(null);
  usePageTitle(!token || unsubscribe.isSuccess ? 'Unsubscribed' : 'Unsubscribe');

  useEffect(() => {
    // Once per token: React runs effects twice in development, and the click must not be sent twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  let content;
  if (!token) {
    content = <Unsubscribed />;
  } else if (unsubscribe.isSuccess) {
    content = <Unsubscribed kindLabel={unsubscribe.data.kindLabel} />;
  } else if (unsubscribe.isError) {
    content = (
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Unsubscribe
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This link did not work" w="100%">
          {errorMessage(unsubscribe.error)}
        </Alert>
        <Text>You can turn e-mails off in your notification settings after signing in.</Text>
        <Anchor component={Link} to={PATHS.notificationSettings}>
          Go to your notification settings
        </Anchor>
      </Stack>
    );
  } else {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading...</Text>
      </Group>
    );
  }

  return <PublicLayout size="sm">{content}</PublicLayout>;
}
