import { Alert, Anchor, Text } from '@mantine/core';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { Link } from 'react-router';

export const PHONE_NOT_VERIFIED_TITLE = 'SMS and WhatsApp need a verified phone number';
export const PHONE_NOT_VERIFIED_TEXT =
  'Nothing goes to your phone by SMS or WhatsApp until you verify your number. Your choices below are kept ' +
  'and take effect once it is verified.';

/** Said above the switches while the person's number is not verified, with the way to verify it. */
export function PhoneChannelsNote() {
  return (
    <Alert color="orange" variant="light" icon={<IconDeviceMobileMessage />} title={PHONE_NOT_VERIFIED_TITLE}>
      <Text size="sm">{PHONE_NOT_VERIFIED_TEXT}</Text>
      <Anchor component={Link} to="/profile" size="sm" fw={600} mt={6} display="inline-block">
        Verify your phone number on your profile
      </Anchor>
    </Alert>
  );
}
