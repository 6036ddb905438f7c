import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout';
import { usePageTitle } from '../../../lib/use-page-title';

export const UNSUBSCRIBED_TEXT = 'You have successfully unsubscribed from an email service.';

/** /unsubscribe: where the unsubscribe link of every e-mail ends. */
export function UnsubscribePage() {
  usePageTitle('Unsubscribed');
  return (
    <PublicLayout size="sm">
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {UNSUBSCRIBED_TEXT}
        </Title>
        <Anchor component={Link} to="/">
          Go to Freightlane
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
