export interface NotificationListParams {
  page: number;
  size: number;
  unreadOnly: boolean;
}

/** The query keys of notifications: every one starts with ['notifications']. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists, params] as const,
  preferences: ['notifications', 'preferences'] as const,
};
