import type { NotificationEvent } from './notification-fanout.job';
import type { NotificationText } from './notification-phone-text';
import { renderNotificationMessage, type NotificationMessage } from './notification-text';

/** A message as an English (Nigeria) reader gets it. */
export function inEnglish(message: NotificationMessage): string {
  return renderNotificationMessage('en-NG', message);
}

/** What the fan-out writes of an event for an English reader: its row's kind, title, body and link. */
export function englishRow(event: NotificationEvent): NotificationText {
  return { kind: event.kind, title: inEnglish(event.title), body: inEnglish(event.body), link: event.link };
}
