/** What other features and the app shell may use from notifications. */
export { NotificationBell } from './components/notification-bell';
export { NotificationLiveUpdates } from './components/notification-live-updates';
export { useUnsubscribe } from './api/notifications-api';
export { notificationKeys } from './api/notification-keys';
