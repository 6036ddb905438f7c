import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NoticeDialog } from './notice-dialog';

export const COMPANY_DETAILS_PATH = '/company';

/** The server's message without a closing full stop, since the spec's text adds its own. */
function withoutFullStop(message: string): string {
  return message.trim().replace(/\.+$/, '');
}

/**
 * The spec's unverified-account dialog: '{message}. Your account has not been verified, update your
 * company details HERE to have your account verified.', HERE linking to the company details.
 */
export function UnverifiedAccountDialog({
  opened,
  message,
  onClose,
}: {
  opened: boolean;
  message: string;
  onClose: () => void;
}) {
  return (
    <NoticeDialog opened={opened} title="Account not verified" onClose={onClose}>
      <Text>
        {withoutFullStop(message)}. Your account has not been verified, update your company details{' '}
        <Anchor component={Link} to={COMPANY_DETAILS_PATH} onClick={onClose} fw={700}>
          HERE
        </Anchor>{' '}
        to have your account verified.
      </Text>
    </NoticeDialog>
  );
}
