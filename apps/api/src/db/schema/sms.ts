import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SmsEncoding, SmsRoute, SmsStatus } from '@freightlane/domain';
import { companies } from './company';

// The SMS channel (docs/sms.md): every text message the platform sends, and what the gateway reported of
// it. Amounts are integer kobo.

/**
 * One text message to one phone. Written QUEUED with its send job, in the transaction of the change that
 * causes it; the job makes it SENT (with the gateway's message id) or FAILED, and the gateway's delivery
 * reports make it DELIVERED or FAILED. Its status only moves forward.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    to: text('to_phone').notNull(),
    senderId: text('sender_id').notNull(),
    text: text('text').notNull(),
    /** What the message is for, a short kind such as `phone-verification`, for spend by purpose. */
    purpose: text('purpose').notNull(),
    /** The company whose spend it is; null for the platform's own (a sign-up's code). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    encoding: text('encoding').$type<SmsEncoding>().notNull(),
    segments: integer('segments').notNull(),
    /** Parts × the price per part when it was queued (SMS_PRICE_KOBO). */
    costKobo: bigint('cost_kobo', { mode: 'number' }).notNull(),
    /** The gateway's route it goes by: dnd reaches numbers on the Do-Not-Disturb register too. */
    route: text('route').$type<SmsRoute>().notNull(),
    /** Who was to send it: termii, simulator, or none when SMS was off. */
    provider: text('provider').notNull(),
    /** The gateway's id, once it has taken the message; its delivery reports name it. */
    providerMessageId: text('provider_message_id').unique(),
    status: text('status').$type<SmsStatus>().notNull().default('QUEUED'),
    /** Why it failed, or the last try's error while it is retried. */
    failureReason: text('failure_reason'),
    /** Tries to hand it to the gateway. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_company_idx').on(t.companyId, t.createdAt),
    index('sms_messages_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * A message's timeline: each status it reached, in the gateway's words, and when. One row per status and
 * wording, so a report the gateway sends twice is kept once.
 */
export const smsStatusEvents = pgTable(
  'sms_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    smsMessageId: uuid('sms_message_id')
      .notNull()
      .references(() => smsMessages.id, { onDelete: 'cascade' }),
    status: text('status').$type<SmsStatus>().notNull(),
    /** The gateway's words (DELIVERED, Message Failed, DND Active…), or ours for what the platform did. */
    providerStatus: text('provider_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_status_events_once_idx').on(t.smsMessageId, t.status, t.providerStatus)],
);
