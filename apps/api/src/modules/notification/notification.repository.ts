import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  NotificationChannel,
  NotificationKind,
  PushSubscriptionJson,
  UserType,
} from '@freightlane/domain';
import type { Locale } from '@freightlane/domain/i18n';
import type { Executor } from '../../db/client';
import {
  appMeta,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  sessions,
  users,
} from '../../db/schema';

/** The channel each committed in-app notification is announced on (payload: the user's id). */
export const USER_NOTIFIED_CHANNEL = 'user_notified';

export interface Recipient {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  userType: UserType;
  /** Whether the person proved the phone number theirs: SMS and WhatsApp go to a verified number only. */
  phoneVerified: boolean;
  /** The language they read; null is English (Nigeria). */
  language: Locale | null;
}

/**
 * The people an event reaches: the active users of the named companies and the named users. Deactivated,
 * erased and never-activated accounts hear nothing.
 */
export async function findRecipients(
  db: Executor,
  to: { companyIds: string[]; userIds: string[] },
): Promise<Recipient[]> {
  if (to.companyIds.length === 0 && to.userIds.length === 0) return [];
  const reach = [];
  if (to.companyIds.length > 0) reach.push(inArray(users.companyId, to.companyIds));
  if (to.userIds.length > 0) reach.push(inArray(users.id, to.userIds));
  return db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      firstName: users.firstName,
      userType: users.userType,
      phoneVerified: sql<boolean>`${users.phoneVerifiedAt} IS NOT NULL`,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        reach.length === 1 ? reach[0] : sql`(${reach[0]} OR ${reach[1]})`,
        isNotNull(users.activatedAt),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
      ),
    )
    .orderBy(users.id);
}

/**
 * The choices the given users made for one kind, on or off per channel. A kind and channel without a row
 * follows the role's default (channelOnByDefault).
 */
export async function findChoices(
  db: Executor,
  userIds: string[],
  kind: NotificationKind,
): Promise<{ userId: string; channel: NotificationChannel; enabled: boolean }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: notificationPreferences.userId,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.kind, kind)));
}

/** Which of the given users have a push subscription on a session that is still signed in. */
export async function findUsersWithPush(db: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(inArray(pushSubscriptions.userId, userIds), isNull(sessions.revokedAt)));
  return new Set(rows.map((r) => r.userId));
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  sourceKey: string;
  inApp: boolean;
}

/** Inserts what is not there yet (by user and source key); returns only the rows this call added. */
export async function insertNotifications(
  db: Executor,
  rows: NewNotification[],
): Promise<{ id: string; userId: string; inApp: boolean }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.sourceKey] })
    .returning({ id: notifications.id, userId: notifications.userId, inApp: notifications.inApp });
}

export type DeliveryChannel = Exclude<NotificationChannel, 'IN_APP'>;

export async function insertDeliveries(
  db: Executor,
  rows: { notificationId: string; channel: DeliveryChannel }[],
): Promise<{ id: number; notificationId: string; channel: DeliveryChannel }[]> {
  if (rows.length === 0) return [];
  return db.insert(notificationDeliveries).values(rows).onConflictDoNothing().returning({
    id: notificationDeliveries.id,
    notificationId: notificationDeliveries.notificationId,
    channel: notificationDeliveries.channel,
  });
}

/** Tells every instance (LISTEN/NOTIFY, at commit) that these users have a new notification. */
export async function announceUsers(db: Executor, userIds: string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await db.execute(sql`SELECT pg_notify(${USER_NOTIFIED_CHANNEL}, ${userId})`);
  }
}

export async function findDelivery(db: Executor, deliveryId: number) {
  const [row] = await db
    .select({
      id: notificationDeliveries.id,
      channel: notificationDeliveries.channel,
      status: notificationDeliveries.status,
      notificationId: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      userId: users.id,
      companyId: users.companyId,
      email: users.email,
      firstName: users.firstName,
      /** The language the person reads, for the e-mail's own words and the WhatsApp template. */
      language: users.language,
      phoneNumber: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      deactivatedAt: users.deactivatedAt,
      erasedAt: users.erasedAt,
      /** Whether the same notification also goes to the person by SMS (then a failed WhatsApp needs no SMS). */
      smsAlso: sql<boolean>`EXISTS (
        SELECT 1 FROM notification_deliveries AS sibling
        WHERE sibling.notification_id = ${notificationDeliveries.notificationId} AND sibling.channel = 'SMS'
      )`,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notificationDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

/** Locks a delivery still QUEUED for the transaction that sends it, so two runs never send it twice. */
export async function lockQueuedDelivery(db: Executor, deliveryId: number): Promise<boolean> {
  const rows = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.id, deliveryId), eq(notificationDeliveries.status, 'QUEUED')))
    .for('update');
  return rows.length > 0;
}

/**
 * Links a delivery to the SMS or WhatsApp message it went out as: SENT when the message was taken for
 * sending, FAILED with the reason when it was refused (the company's spend cap).
 */
export async function settlePhoneDelivery(
  db: Executor,
  deliveryId: number,
  message: { smsMessageId: string } | { whatsappMessageId: string },
  refusedFor: string | null,
): Promise<void> {
  const now = new Date();
  await db
    .update(notificationDeliveries)
    .set({
      ...message,
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      ...(refusedFor === null
        ? { status: 'SENT' as const, sentAt: now, lastError: null }
        : { status: 'FAILED' as const, failedAt: now, lastError: refusedFor.slice(0, 1000) }),
    })
    .where(eq(notificationDeliveries.id, deliveryId));
}

/** Whether the user's phone number is verified (SMS and WhatsApp reach only a verified number). */
export async function userPhoneVerified(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verifiedAt != null;
}

export async function markDeliverySent(db: Executor, deliveryId: number): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({
      status: 'SENT',
      sentAt: new Date(),
      lastError: null,
      attempts: sql`${notificationDeliveries.attempts} + 1`,
    })
    .where(eq(notificationDeliveries.id, deliveryId));
}

/** One more try failed; `final` when no try is left. */
export async function markDeliveryAttemptFailed(
  db: Executor,
  deliveryId: number,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      lastError: error.slice(0, 1000),
      ...(final ? { status: 'FAILED' as const, failedAt: new Date() } : {}),
    })
    .where(eq(notificationDeliveries.id, deliveryId));
}

export interface LivePushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function findLivePushSubscriptions(
  db: Executor,
  userId: string,
): Promise<LivePushSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), isNull(sessions.revokedAt)));
}

export async function deletePushSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function touchPushSubscription(db: Executor, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, id));
}

/**
 * Links a browser's subscription to a session. The endpoint names the browser: if another session (even
 * another user's) held it, it moves here, so a shared computer never shows the last user's pushes.
 */
export async function upsertPushSubscription(
  db: Executor,
  owner: { userId: string; sessionId: string },
  subscription: PushSubscriptionJson,
): Promise<void> {
  const values = {
    userId: owner.userId,
    sessionId: owner.sessionId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        sessionId: values.sessionId,
        p256dh: values.p256dh,
        auth: values.auth,
        createdAt: new Date(),
      },
    });
}

export async function deleteUserPushSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function sessionHasPush(db: Executor, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

export async function listNotifications(
  db: Executor,
  userId: string,
  options: { unreadOnly: boolean; offset: number; limit: number },
) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(options.offset)
    .limit(options.limit);
}

export async function countNotifications(db: Executor, userId: string, unreadOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        unreadOnly ? isNull(notifications.readAt) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function markRead(db: Executor, userId: string, ids: string[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findPreferences(
  db: Executor,
  userId: string,
): Promise<{ kind: NotificationKind; channel: NotificationChannel; enabled: boolean }[]> {
  return db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: Executor,
  userId: string,
  preferences: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean }[],
): Promise<void> {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(preferences.map((p) => ({ userId, ...p, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function findMeta(db: Executor, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(inArray(appMeta.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Keeps values the first instance to start wrote; a later one's attempt changes nothing. */
export async function insertMetaIfMissing(
  db: Executor,
  values: { key: string; value: string }[],
): Promise<void> {
  await db.insert(appMeta).values(values).onConflictDoNothing();
}

/** The in-app notifications from `since` on, newest first; with no `since`, only the newest one. */
export async function listNotificationsSince(db: Executor, userId: string, since: Date | null) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        since ? gte(notifications.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(since ? 20 : 1);
}
