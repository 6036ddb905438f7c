import {
  NOTIFICATION_KINDS_BY_ROLE,
  ROLE_OF_USER_TYPE,
  type NotificationChannel,
  type NotificationKind,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  announceUsers,
  findRecipients,
  findTurnedOff,
  findUsersWithPush,
  insertDeliveries,
  insertNotifications,
} from './notification.repository';

export const NOTIFICATION_FANOUT_JOB = 'notification.fanout';
export const NOTIFICATION_DELIVERY_JOB = 'notification.deliver';

/** A fuller e-mail than the title and body; the greeting and the unsubscribe footer are added to it. */
export interface NotificationEmail {
  subject: string;
  paragraphs: string[];
  /** The button's label; it leads to the notification's link. */
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
   * order or invoice number or a company's name ("TRP-2026-000123: Container(s) Loaded").
   */
  title: string;
  /** One or two sentences. */
  body: string;
  /** A path in the web app (/trips/{id}), or null. */
  link: string | null;
  /** Names the event (e.g. `trip-status:{logId}`): a fan-out that runs again adds nothing twice. */
  key: string;
  email?: NotificationEmail;
}

export interface DeliveryJob {
  deliveryId: number;
  email?: NotificationEmail;
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

/**
 * The fan-out job: the people the event reaches, each person's choices for its kind, one in-app row each
 * (hidden from the list when they turned the app channel off) and an e-mail and a push delivery where
 * they take them. All in one transaction, so a retry after a crash finds either everything or nothing.
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
    const off = new Set(
      (await findTurnedOff(tx, ids, event.kind)).map((o) => channelKey(o.userId, o.channel)),
    );
    const withPush = await findUsersWithPush(tx, ids);
    const wants = (userId: string, channel: NotificationChannel) => !off.has(channelKey(userId, channel));
    const takers = people.filter(
      (p) => wants(p.id, 'IN_APP') || wants(p.id, 'EMAIL') || (withPush.has(p.id) && wants(p.id, 'PUSH')),
    );
    const rows = await insertNotifications(
      tx,
      takers.map((p) => ({
        userId: p.id,
        kind: event.kind,
        title: event.title,
        body: event.body,
        link: event.link,
        sourceKey: event.key,
        inApp: wants(p.id, 'IN_APP'),
      })),
    );
    const deliveries = await insertDeliveries(
      tx,
      rows.flatMap((row) => [
        ...(wants(row.userId, 'EMAIL') ? [{ notificationId: row.id, channel: 'EMAIL' as const }] : []),
        ...(withPush.has(row.userId) && wants(row.userId, 'PUSH')
          ? [{ notificationId: row.id, channel: 'PUSH' as const }]
          : []),
      ]),
    );
    for (const delivery of deliveries) {
      const job: DeliveryJob = {
        deliveryId: delivery.id,
        ...(delivery.channel === 'EMAIL' && event.email ? { email: event.email } : {}),
      };
      await ctx.jobs.enqueue(tx, NOTIFICATION_DELIVERY_JOB, job);
    }
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
