import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import {
  DELIVERY_MAX_ATTEMPTS,
  deliver,
  deliveryBackoffSeconds,
  type WhatsappSender,
} from './notification-delivery.job';
import {
  NOTIFICATION_DELIVERY_JOB,
  NOTIFICATION_FANOUT_JOB,
  NOTIFICATION_PHONE_DELIVERY_JOB,
  fanOut,
  type DeliveryJob,
} from './notification-fanout.job';
import { notificationRoutes } from './notification.routes';
import type { NotificationEvent } from './notification.service';
import type { UserNotifications } from './notification-stream.service';
import type { WebPush } from './web-push.service';

// Notifications: the in-app list and its live stream, e-mail, browser push, SMS and WhatsApp, each person's
// choices.
// Other modules raise an event with queueNotification; fan-out and delivery run as jobs.

declare module '../../context' {
  interface AppContext {
    /** Web Push to browsers, with the platform's VAPID key pair. */
    push: WebPush;
    /** Users' live notification streams on this instance, told of each new one by the database. */
    userNotifications: UserNotifications;
  }
}

export function registerNotification(app: ZodApp, ctx: AppContext, whatsapp: WhatsappSender): void {
  notificationRoutes(app, ctx);
  ctx.jobs.handle(NOTIFICATION_FANOUT_JOB, async (payload) => {
    await fanOut(ctx, payload as NotificationEvent);
  });
  const delivery = (payload: unknown, attempt: { final: boolean }) =>
    deliver(ctx, payload as DeliveryJob, attempt, whatsapp);
  const retries = { maxAttempts: DELIVERY_MAX_ATTEMPTS, backoffSeconds: deliveryBackoffSeconds };
  // E-mail and push one at a time, so one person's e-mails arrive in the order they were raised; SMS and
  // WhatsApp in parallel (the networks keep no order between messages anyway).
  ctx.jobs.handle(NOTIFICATION_DELIVERY_JOB, delivery, retries);
  ctx.jobs.handle(NOTIFICATION_PHONE_DELIVERY_JOB, delivery, { ...retries, parallel: true });
}

export { UserNotifications } from './notification-stream.service';
export { linkLoginDevice, queueNotification } from './notification.service';
export type { NotificationEvent } from './notification.service';
export {
  dateTimeValue,
  dayValue,
  nairaValue,
  readerLocale,
  renderNotificationMessage,
  type NotificationMessage,
  type NotificationValue,
} from './notification-text';
export type { WhatsappSender } from './notification-delivery.job';
export { WebPush } from './web-push.service';
