import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DeliveryStatus, NotificationChannel, NotificationKind } from '@freightlane/domain';
import { sessions } from './session';
import { smsMessages } from './sms';
import { whatsappMessages } from './whatsapp';
import { users } from './user';

/**
 * One thing one user was told. Written by the fan-out job of an event (never in the request that
 * caused it); `sourceKey` names the event, so a fan-out that runs again after a crash adds nothing twice.
 * `inApp` is false when the user turned this kind off in the app but still takes it by e-mail or push.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    sourceKey: text('source_key').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_source_uq').on(t.userId, t.sourceKey),
    index('notifications_user_list_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`in_app`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`in_app AND read_at IS NULL`),
  ],
);

/** Each e-mail or push a notification went out by, and what came of it (sent, or failed and why). */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<Exclude<NotificationChannel, 'IN_APP'>>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The text message or WhatsApp message it went out as, with the provider's id, timeline and cost. */
    smsMessageId: uuid('sms_message_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    whatsappMessageId: uuid('whatsapp_message_id').references(() => whatsappMessages.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_deliveries_uq').on(t.notificationId, t.channel)],
);

/** A user's choice for one kind on one channel; a kind and channel without a row is on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * A browser's Web Push subscription, linked to the sign-in session that sent it (the login's deviceId
 * header, or the session that turned push on). One endpoint belongs to one session at a time: another
 * user signing in on the same browser takes it over. Pushes go only to subscriptions of live sessions.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
