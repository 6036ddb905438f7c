import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of the bell, the notifications list and the notification settings. */
export const useNotificationsText = defineAppText('features/notifications', english);
export type NotificationsText = ReturnType<typeof useNotificationsText>;
