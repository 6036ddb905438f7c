import { Paper, Text } from '@mantine/core';
import { formatDateTime } from '../../../../lib/format';
import { usePublicTrackingText } from '../text';

/** Whether a link's expiry has passed; a link without one never expires. */
export function isExpired(expiresAt: string | null): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= Date.now();
}

/** The link in a box the eye finds at once and a finger can select on a phone. */
export function LinkText({ url }: { url: string }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} bg="gray.0">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', userSelect: 'all' }}>
        {url}
      </Text>
    </Paper>
  );
}

/** 'Never expires', 'Expires 21 Nov 2026, 14:05', or 'Expired …' in red once the time has passed. */
export function ExpiryText({ expiresAt }: { expiresAt: string | null }) {
  const t = usePublicTrackingText();
  if (!expiresAt) return <Text size="sm">{t('expiry.never')}</Text>;
  const when = formatDateTime(expiresAt);
  if (isExpired(expiresAt)) {
    return (
      <Text size="sm">
        <Text span c="red" fw={700} size="sm">
          {t('expiry.expired')}
        </Text>{' '}
        {when}
      </Text>
    );
  }
  return <Text size="sm">{t('expiry.expires', { when })}</Text>;
}
