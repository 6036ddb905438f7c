import type { NotificationItem, UnreadCountResponse } from '@freightlane/domain';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../../lib/session-context';
import { notificationKeys } from '../api/notification-keys';
import { EVENTS_PATH, setUnreadCount, UNREAD_COUNT_PATH, useUnreadCount } from '../api/notifications-api';
import { startNotificationStream } from '../api/notification-stream';

function showArrival(item: NotificationItem) {
  notifications.show({
    id: `notification-${item.id}`,
    title: item.title,
    message: item.body,
    color: 'green',
    icon: <IconBell size={18} aria-hidden />,
    autoClose: 8000,
  });
}

/**
 * Keeps the bell's count and the notification lists current while the app is open. It renders
 * nothing and sits after the page in the shell, so the count and the stream are asked for once the
 * page has rendered and sent its own requests: on a slow line the page's data goes first.
 */
export function NotificationLiveUpdates() {
  const api = useApi();
  const queryClient = useQueryClient();
  useUnreadCount({ load: true });

  useEffect(() => {
    /** A notification announced once, even if the stream sends it again after reconnecting. */
    const announced = new Set<string>();

    function onUnread(unreadCount: number) {
      const known = queryClient.getQueryData<UnreadCountResponse>(notificationKeys.unreadCount);
      setUnreadCount(queryClient, unreadCount);
      // Read or arrived elsewhere (another tab, a phone): the lists on screen are out of date.
      if (known && known.unreadCount !== unreadCount) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      }
    }

    return startNotificationStream({
      open: (signal) => api.stream(EVENTS_PATH, signal),
      poll: async () => {
        try {
          onUnread((await api.get<UnreadCountResponse>(UNREAD_COUNT_PATH)).unreadCount);
        } catch {
          // The bell only keeps its last count: the page's own loads report an outage, and a toast
          // every minute from a background poll would bury them.
        }
      },
      onUnread,
      onNotification: (item) => {
        if (announced.has(item.id)) return;
        announced.add(item.id);
        showArrival(item);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      },
    });
  }, [api, queryClient]);

  return null;
}
