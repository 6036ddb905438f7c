import { Alert, Anchor, Text } from '@mantine/core';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNotificationsText } from '../text';

/** Said above the switches while the person's number is not verified, with the way to verify it. */
export function PhoneChannelsNote() {
  const t = useNotificationsText();
  return (
    <Alert color="orange" variant="light" icon={<IconDeviceMobileMessage />} title={t('phoneNote.title')}>
      <Text size="sm">{t('phoneNote.text')}</Text>
      <Anchor component={Link} to="/profile" size="sm" fw={600} mt={6} display="inline-block">
        {t('phoneNote.verify')}
      </Anchor>
    </Alert>
  );
}
