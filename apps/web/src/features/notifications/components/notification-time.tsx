import { Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { timeAgo } from '../time-ago';
import { useNotificationsText } from '../text';

/** When a notification came: how long ago, beside the absolute time in Lagos. */
export function NotificationTime({ iso }: { iso: string }) {
  const t = useNotificationsText();
  const ago = timeAgo(t, iso);
  return (
    <Text size="xs" c="dimmed" component="time" dateTime={iso}>
      {ago ? `${ago} · ` : ''}
      {formatDateTime(iso)}
    </Text>
  );
}
