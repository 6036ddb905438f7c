import {
  channelOnByDefault,
  isPhoneChannel,
  NOTIFICATION_KINDS_BY_ROLE,
  ROLE_OF_USER_TYPE,
  type NotificationChannel,
  type NotificationKind,
} from '@freightlane/domain';
import type { Locale } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readerLocale, renderNotificationMessage, type NotificationMessage } from './notification-text';
import {
  announceUsers,
  findChoices,
  findRecipients,
  findUsersWithPush,
  insertDeliveries,
  insertNotifications,
  type DeliveryChannel,
  type Recipient,
} from './notification.repository';

export const NOTIFICATION_FANOUT_JOB = 'notification.fanout';
export const NOTIFICATION_DELIVERY_JOB = 'notification.deliver';
/**
 * The same delivery for SMS and WhatsApp, a kind of its own because it runs in parallel: handing a message
 * to its channel is a short transaction each, and a thousand people told at once should not wait in line.
 */
export const NOTIFICATION_PHONE_DELIVERY_JOB = 'notification.deliver-phone';

/** A fuller e-mail than the title and body; the greeting and the unsubscribe footer are added to it. */
export interface NotificationEmail {
  subject: NotificationMessage;
  paragraphs: NotificationMessage[];
  /** The button's label; it leads to the notification's link. */
  actionLabel?: NotificationMessage;
}

/** The e-mail as one person reads it, in their language: what the e-mail's delivery job carries. */
export interface RenderedEmail {
  subject: string;
  paragraphs: string[];
  actionLabel?: string;
}

/** One business event, as the service that caused it describes it. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Who hears it: every active user of these companies, and these users. */
  to: { companyIds?: string[]; userIds?: string[] };
  /** The person whose action it was: nobody is told of their own action. */
  actorUserId?: string | null;
  /**
   * Short, shown in the list and as the push's title: "<subject>: <what happened>", the subject a trip,
   * order or invoice number or a company's name ("TRP-2026-000123: Container(s) Loaded"). Like every text
   * of the event, a catalog message: each person reads it in their own language.
   */
  title: NotificationMessage;
  /** One or two sentences. */
  body: NotificationMessage;
  /** A path in the web app (/trips/{id}), or null. */
  link: string | null;
  /** Names the event (e.g. `trip-status:{logId}`): a fan-out that runs again adds nothing twice. */
  key: string;
  email?: NotificationEmail;
}

export interface DeliveryJob {
  deliveryId: number;
  email?: RenderedEmail;
}

/** An event's texts in one language. */
interface RenderedEvent {
  title: string;
  body: string;
  email?: RenderedEmail;
}

/**
 * A message in `locale`. A fan-out job queued before notifications spoke the reader's language carries its
 * texts already written in English; those go out as they are.
 */
function textIn(locale: Locale, message: NotificationMessage | string): string {
  return typeof message === 'string' ? message : renderNotificationMessage(locale, message);
}

function renderEvent(locale: Locale, event: NotificationEvent): RenderedEvent {
  const { email } = event;
  return {
    title: textIn(locale, event.title),
    body: textIn(locale, event.body),
    ...(email
      ? {
          email: {
            subject: textIn(locale, email.subject),
            paragraphs: email.paragraphs.map((p) => textIn(locale, p)),
            ...(email.actionLabel ? { actionLabel: textIn(locale, email.actionLabel) } : {}),
          },
        }
      : {}),
  };
}

/**
 * Queues an event's notifications in the transaction of the change that caused it: one job, written with
 * the change (so a rolled-back change tells nobody), expanded into people and channels by the worker.
 * The request itself never waits on recipients, templates, mail or push, so none of them can fail it.
 */
export async function queueNotification(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  event: NotificationEvent,
): Promise<void> {
  await ctx.jobs.enqueue(tx, NOTIFICATION_FANOUT_JOB, event);
}

/** The channels a notification goes out by besides the app, each with a delivery row and job. */
const DELIVERY_CHANNELS: readonly DeliveryChannel[] = ['EMAIL', 'PUSH', 'SMS', 'WHATSAPP'];

/**
 * The fan-out job: the people the event reaches, each person's choices for its kind (or their role's
 * defaults where they made none), one in-app row each (hidden from the list when they turned the app
 * channel off) and an e-mail, push, SMS and WhatsApp delivery where they take them: push only to a person
 * with a browser subscribed, SMS and WhatsApp only to a verified phone number. Each row and e-mail is in its
 * reader's language, the event written once per language among them. All in one transaction, so a retry
 * after a crash finds either everything or nothing.
 */
export async function fanOut(ctx: AppContext, event: NotificationEvent): Promise<number> {
  const added = await ctx.db.transaction(async (tx) => {
    const people = (
      await findRecipients(tx, { companyIds: event.to.companyIds ?? [], userIds: event.to.userIds ?? [] })
    ).filter(
      (p) =>
        p.id !== event.actorUserId &&
        NOTIFICATION_KINDS_BY_ROLE[ROLE_OF_USER_TYPE[p.userType]].includes(event.kind),
    );
    if (people.length === 0) return 0;
    const ids = people.map((p) => p.id);
    const chosen = new Map(
      (await findChoices(tx, ids, event.kind)).map((c) => [channelKey(c.userId, c.channel), c.enabled]),
    );
    const withPush = await findUsersWithPush(tx, ids);
    const wants = (p: Recipient, channel: NotificationChannel) =>
      chosen.get(channelKey(p.id, channel)) ??
      channelOnByDefault(ROLE_OF_USER_TYPE[p.userType], event.kind, channel);
    const reaches = (p: Recipient, channel: NotificationChannel) =>
      wants(p, channel) &&
      (channel === 'PUSH' ? withPush.has(p.id) : isPhoneChannel(channel) ? p.phoneVerified : true);
    const takers = people.filter((p) => reaches(p, 'IN_APP') || DELIVERY_CHANNELS.some((c) => reaches(p, c)));
    const byId = new Map(takers.map((p) => [p.id, p]));
    const rendered = new Map<Locale, RenderedEvent>();
    const textsFor = (userId: string): RenderedEvent => {
      const locale = readerLocale(byId.get(userId)?.language);
      let texts = rendered.get(locale);
      if (!texts) {
        texts = renderEvent(locale, event);
        rendered.set(locale, texts);
      }
      return texts;
    };
    const rows = await insertNotifications(
      tx,
      takers.map((p) => ({
        userId: p.id,
        kind: event.kind,
        title: textsFor(p.id).title,
        body: textsFor(p.id).body,
        link: event.link,
        sourceKey: event.key,
        inApp: reaches(p, 'IN_APP'),
      })),
    );
    const readerOf = new Map(rows.map((row) => [row.id, row.userId]));
    const deliveries = await insertDeliveries(
      tx,
      rows.flatMap((row) =>
        DELIVERY_CHANNELS.filter((channel) => reaches(byId.get(row.userId)!, channel)).map((channel) => ({
          notificationId: row.id,
          channel,
        })),
      ),
    );
    const jobOf = (delivery: (typeof deliveries)[number]): DeliveryJob => {
      const email =
        delivery.channel === 'EMAIL' && event.email
          ? textsFor(readerOf.get(delivery.notificationId)!).email
          : undefined;
      return { deliveryId: delivery.id, ...(email ? { email } : {}) };
    };
    const toPhones = deliveries.filter((d) => isPhoneChannel(d.channel));
    await ctx.jobs.enqueueMany(
      tx,
      NOTIFICATION_DELIVERY_JOB,
      deliveries.filter((d) => !isPhoneChannel(d.channel)).map(jobOf),
    );
    await ctx.jobs.enqueueMany(tx, NOTIFICATION_PHONE_DELIVERY_JOB, toPhones.map(jobOf));
    await announceUsers(
      tx,
      rows.filter((r) => r.inApp).map((r) => r.userId),
    );
    return rows.length;
  });
  if (added > 0) ctx.jobs.kick();
  return added;
}

function channelKey(userId: string, channel: NotificationChannel): string {
  return `${userId} ${channel}`;
}
