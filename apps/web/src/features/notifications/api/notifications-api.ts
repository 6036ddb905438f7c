import type {
  MarkNotificationsReadRequest,
  NotificationListResponse,
  NotificationPreference,
  NotificationPreferencesResponse,
  UnreadCountResponse,
  UnsubscribeResponse,
} from '@freightlane/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { notificationKeys, type NotificationListParams } from './notification-keys';

export const NOTIFICATIONS_PATH = '/api/v1/notifications';
export const UNREAD_COUNT_PATH = `${NOTIFICATIONS_PATH}/unread-count`;
export const MARK_READ_PATH = `${NOTIFICATIONS_PATH}/read`;
export const EVENTS_PATH = `${NOTIFICATIONS_PATH}/events`;
export const PREFERENCES_PATH = `${NOTIFICATIONS_PATH}/preferences`;
export const UNSUBSCRIBE_PATH = `${NOTIFICATIONS_PATH}/unsubscribe`;

export const NOTIFICATION_PAGE_SIZE = 20;
/** The bell shows the latest ten; the rest are on /notifications. */
export const BELL_LIST_SIZE = 10;

function listPath({ page, size, unreadOnly }: NotificationListParams): string {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  if (unreadOnly) query.set('unreadOnly', 'true');
  return `${NOTIFICATIONS_PATH}?${query.toString()}`;
}

/** GET /api/v1/notifications?page&size&unreadOnly: the caller's notifications, newest first. */
export function useNotifications(params: NotificationListParams, options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => api.get<NotificationListResponse>(listPath(params), { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * The unread count. `load: false` only reads what is known: the count is asked for once by the live
 * updates (after the page's own data), which then keep it current from the event stream.
 */
export function useUnreadCount({ load }: { load: boolean }) {
  const api = useApi();
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => api.get<UnreadCountResponse>(UNREAD_COUNT_PATH, { signal }),
    staleTime: Infinity,
    enabled: load,
  });
}

export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unreadCount, { unreadCount });
}

/** POST /api/v1/notifications/read with ids or all: true; the answer is the new unread count. */
export function useMarkNotificationsRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkNotificationsReadRequest) =>
      api.post<UnreadCountResponse>(MARK_READ_PATH, request),
    onSuccess: ({ unreadCount }, request) => {
      setUnreadCount(queryClient, unreadCount);
      const marked = (id: string) => request.all === true || (request.ids ?? []).includes(id);
      // Shown read at once; the lists are then asked again (an Unread list loses them).
      queryClient.setQueriesData<NotificationListResponse>({ queryKey: notificationKeys.lists }, (page) =>
        page
          ? {
              ...page,
              unreadCount,
              content: page.content.map((item) => (marked(item.id) ? { ...item, read: true } : item)),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}

/** GET /api/v1/notifications/preferences: the kinds the caller's role hears of, per channel. */
export function useNotificationPreferences() {
  const api = useApi();
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.get<NotificationPreferencesResponse>(PREFERENCES_PATH, { signal }),
  });
}

function withPreference(
  data: NotificationPreferencesResponse,
  change: NotificationPreference,
): NotificationPreferencesResponse {
  return {
    ...data,
    preferences: data.preferences.map((p) =>
      p.kind === change.kind && p.channel === change.channel ? { ...p, enabled: change.enabled } : p,
    ),
  };
}

const UPDATE_PREFERENCE_KEY = [...notificationKeys.preferences, 'update'] as const;

/**
 * PUT /api/v1/notifications/preferences with the one switch that changed. The switch moves at once;
 * a refusal moves it back. The server's answer replaces the grid only when no other change is under
 * way, so an earlier answer arriving late cannot undo a later switch.
 */
export function useUpdateNotificationPreference() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_PREFERENCE_KEY,
    mutationFn: (change: NotificationPreference) =>
      api.put<NotificationPreferencesResponse>(PREFERENCES_PATH, { preferences: [change] }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences, exact: true });
      queryClient.setQueryData<NotificationPreferencesResponse>(notificationKeys.preferences, (data) =>
        data ? withPreference(data, change) : data,
      );
    },
    onError: (_error, change) => {
      queryClient.setQueryData<NotificationPreferencesResponse>(notificationKeys.preferences, (data) =>
        data ? withPreference(data, { ...change, enabled: !change.enabled }) : data,
      );
    },
    onSuccess: (saved) => {
      // This change itself still counts as under way here.
      if (queryClient.isMutating({ mutationKey: UPDATE_PREFERENCE_KEY }) <= 1) {
        queryClient.setQueryData(notificationKeys.preferences, saved);
      }
    },
  });
}

/** POST /api/v1/notifications/unsubscribe (public): the signed token of an e-mail's unsubscribe link. */
export function useUnsubscribe() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<UnsubscribeResponse>(UNSUBSCRIBE_PATH, { token }, { auth: false }),
  });
}
