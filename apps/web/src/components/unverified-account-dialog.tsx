import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NoticeDialog } from './notice-dialog';
import { useComponentsText } from './text';

export const COMPANY_DETAILS_PATH = '/company';

/** Stands for the HERE link in the translated sentence, which is then cut around it. */
const LINK_MARK = '\u0000';

/** The server's message without a closing full stop, since the spec's text adds its own. */
function withoutFullStop(message: string): string {
  return message.trim().replace(/\.+$/, '');
}

/**
 * The spec's unverified-account dialog: '{message}. Your account has not been verified, update your
 * company details HERE to have your account verified.', HERE linking to the company details. The sentence
 * is translated whole, so each language puts the link where its words need it.
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
  const t = useComponentsText();
  const sentence = t('unverifiedDialog.text', { message: withoutFullStop(message), here: LINK_MARK });
  const at = sentence.indexOf(LINK_MARK);
  const before = at < 0 ? sentence : sentence.slice(0, at);
  const after = at < 0 ? '' : sentence.slice(at + LINK_MARK.length);
  return (
    <NoticeDialog opened={opened} title={t('unverifiedDialog.title')} onClose={onClose}>
      <Text>
        {before}
        <Anchor component={Link} to={COMPANY_DETAILS_PATH} onClick={onClose} fw={700}>
          {t('unverifiedDialog.here')}
        </Anchor>
        {after}
      </Text>
    </NoticeDialog>
  );
}
