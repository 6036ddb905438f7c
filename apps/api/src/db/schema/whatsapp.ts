import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WhatsappMessageKind, WhatsappStatus } from '@freightlane/domain';
import { companies } from './company';
import { smsMessages } from './sms';

// The WhatsApp channel (docs/whatsapp.md): every message the platform sends through the WhatsApp Business
// Cloud API with what the API reported of it, and every message people sent the platform.

/**
 * One message to one phone. Written QUEUED with its send job, in the transaction of the change that causes
 * it; the job makes it SENT (with the Cloud API's wamid) or FAILED, and the webhook's statuses make it
 * DELIVERED, READ or FAILED. Its status only moves forward.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    to: text('to_phone').notNull(),
    kind: text('kind').$type<WhatsappMessageKind>().notNull(),
    /** The template's name and language; null for free-form text. */
    templateName: text('template_name'),
    templateLanguage: text('template_language'),
    /** The template's body parameters in order; empty for text. */
    parameters: jsonb('parameters').$type<string[]>().notNull().default([]),
    /** What the person reads: the template filled in, or the free-form text. */
    text: text('text').notNull(),
    purpose: text('purpose').notNull(),
    /** The company whose spend it is; null for the platform's own. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** WHATSAPP_PRICE_KOBO for a template when queued; free-form replies inside the window cost nothing. */
    costKobo: bigint('cost_kobo', { mode: 'number' }).notNull(),
    /** Who was to send it: cloud, simulator, or none when WhatsApp was off. */
    provider: text('provider').notNull(),
    /** The Cloud API's id (wamid.…), once it has taken the message; its statuses name it. */
    providerMessageId: text('provider_message_id').unique(),
    status: text('status').$type<WhatsappStatus>().notNull().default('QUEUED'),
    failureReason: text('failure_reason'),
    /**
     * The text message to send instead if this one fails (a notification's SMS), or null; once sent, the
     * SMS it went as, so a failure reported twice falls back once.
     */
    fallbackSmsText: text('fallback_sms_text'),
    /** Sent even in quiet hours (a safety alert, an answer the person waits for); its SMS fallback is too. */
    urgent: boolean('urgent').notNull().default(false),
    fallbackSmsId: uuid('fallback_sms_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_messages_company_idx').on(t.companyId, t.createdAt),
    index('whatsapp_messages_to_idx').on(t.to, t.createdAt),
  ],
);

/** A message's timeline: each status it reached, in the API's words, once each. */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    whatsappMessageId: uuid('whatsapp_message_id')
      .notNull()
      .references(() => whatsappMessages.id, { onDelete: 'cascade' }),
    status: text('status').$type<WhatsappStatus>().notNull(),
    /** The API's words (sent, delivered, read, 131026 Message undeliverable), or ours. */
    providerStatus: text('provider_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_status_events_once_idx').on(t.whatsappMessageId, t.status, t.providerStatus)],
);

/**
 * A message a person sent the platform, kept once by its wamid. The newest from a phone opens that phone's
 * 24-hour customer service window, inside which free-form text may be sent to it.
 */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerMessageId: text('provider_message_id').notNull().unique(),
    /** E.164. */
    from: text('from_phone').notNull(),
    type: text('type').notNull(),
    /** The text, for a text message; null for kinds the platform does not read yet. */
    text: text('text'),
    /** When the person sent it, by the API's timestamp: the window runs from here. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_inbound_from_idx').on(t.from, t.sentAt)],
);
