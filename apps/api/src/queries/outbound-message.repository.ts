import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { smsMessages, smsStatusEvents, whatsappMessages, whatsappStatusEvents } from '../db/schema';

// What the SMS and WhatsApp channels keep of each message they send is the same in shape (docs/sms.md,
// docs/whatsapp.md): a row that moves QUEUED → SENT → … or FAILED, forward only, and a timeline of each
// status in the provider's words, once each. One set of queries serves both, by the channel's tables. The
// two message tables share every column these queries touch (id, status, attempts, failure reason,
// provider's id, updated), as the two timelines do, so the queries are typed on the SMS tables and run on
// either; each answers the row type of the channel asked for.

const TABLES = {
  sms: {
    messages: smsMessages,
    events: smsStatusEvents,
    eventMessageId: smsStatusEvents.smsMessageId,
    eventMessageKey: 'smsMessageId',
  },
  whatsapp: {
    messages: whatsappMessages,
    events: whatsappStatusEvents,
    eventMessageId: whatsappStatusEvents.whatsappMessageId,
    eventMessageKey: 'whatsappMessageId',
  },
} as const;

export type OutboundChannel = keyof typeof TABLES;
type MessageRow<C extends OutboundChannel> = (typeof TABLES)[C]['messages']['$inferSelect'];
type Status<C extends OutboundChannel> = MessageRow<C>['status'];

/** The longest failure reason kept on a message, and on its timeline. */
const REASON_MAX = 1000;
const TIMELINE_REASON_MAX = 200;

/** Counts a try at handing a QUEUED message to the provider; undefined when it is no longer QUEUED. */
export async function claimForSending<C extends OutboundChannel>(
  db: Executor,
  channel: C,
  id: string,
): Promise<MessageRow<C> | undefined> {
  const t = TABLES[channel].messages as typeof smsMessages;
  const [row] = await db
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.status, 'QUEUED')))
    .returning();
  return row as MessageRow<C> | undefined;
}

/** Keeps why a try failed while the message waits for the next. */
export async function recordTryFailed(
  db: Executor,
  channel: OutboundChannel,
  id: string,
  reason: string,
): Promise<void> {
  const t = TABLES[channel].messages as typeof smsMessages;
  await db
    .update(t)
    .set({ failureReason: reason.slice(0, REASON_MAX), updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.status, 'QUEUED')));
}

/** Adds a step to a message's timeline; false when the same status in the same words is already on it. */
export async function insertStatusEvent<C extends OutboundChannel>(
  db: Executor,
  channel: C,
  messageId: string,
  status: Status<C>,
  providerStatus: string,
): Promise<boolean> {
  const { events, eventMessageId, eventMessageKey } = TABLES[channel] as unknown as {
    events: typeof smsStatusEvents;
    eventMessageId: typeof smsStatusEvents.smsMessageId;
    eventMessageKey: string;
  };
  const inserted = await db
    .insert(events)
    .values({
      [eventMessageKey]: messageId,
      status,
      providerStatus,
    } as unknown as typeof smsStatusEvents.$inferInsert)
    .onConflictDoNothing({ target: [eventMessageId, events.status, events.providerStatus] })
    .returning({ id: events.id });
  return inserted.length > 0;
}

/** The provider took the message: SENT with its id, and the step on the timeline in `words`. */
export async function markSent(
  db: Executor,
  channel: OutboundChannel,
  id: string,
  providerMessageId: string,
  words: string,
): Promise<void> {
  const t = TABLES[channel].messages as typeof smsMessages;
  const moved = await db
    .update(t)
    .set({ status: 'SENT', providerMessageId, failureReason: null, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.status, 'QUEUED')))
    .returning({ id: t.id });
  if (moved.length > 0) await insertStatusEvent(db, channel, id, 'SENT', words);
}

/** The message cannot go, for good: FAILED with the reason, kept on its timeline too. */
export async function markFailed(
  db: Executor,
  channel: OutboundChannel,
  id: string,
  reason: string,
): Promise<void> {
  const t = TABLES[channel].messages as typeof smsMessages;
  const failureReason = reason.slice(0, REASON_MAX);
  const moved = await db
    .update(t)
    .set({ status: 'FAILED', failureReason, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.status, 'QUEUED')))
    .returning({ id: t.id });
  if (moved.length > 0) {
    await insertStatusEvent(db, channel, id, 'FAILED', failureReason.slice(0, TIMELINE_REASON_MAX));
  }
}

/** Moves a message to `status` from one of `from`; false when it is elsewhere already. */
export async function advanceStatus<C extends OutboundChannel>(
  db: Executor,
  channel: C,
  id: string,
  status: Status<C>,
  from: readonly Status<C>[],
  failureReason: string | null,
): Promise<boolean> {
  const t = TABLES[channel].messages as typeof smsMessages;
  const moved = await db
    .update(t)
    .set({
      status: status as MessageRow<'sms'>['status'],
      updatedAt: new Date(),
      ...(status === 'FAILED' ? { failureReason } : {}),
    })
    .where(and(eq(t.id, id), inArray(t.status, [...from] as MessageRow<'sms'>['status'][])))
    .returning({ id: t.id });
  return moved.length > 0;
}

/** The message a provider's report names, locked until the report is applied; undefined for none of ours. */
export async function lockByProviderMessageId<C extends OutboundChannel>(
  db: Executor,
  channel: C,
  providerMessageId: string,
): Promise<MessageRow<C> | undefined> {
  const t = TABLES[channel].messages as typeof smsMessages;
  const [row] = await db.select().from(t).where(eq(t.providerMessageId, providerMessageId)).for('update');
  return row as MessageRow<C> | undefined;
}

/** A message's timeline, oldest first. */
export async function findTimeline<C extends OutboundChannel>(
  db: Executor,
  channel: C,
  messageId: string,
): Promise<{ status: Status<C>; providerStatus: string; at: Date }[]> {
  const { events, eventMessageId } = TABLES[channel] as unknown as {
    events: typeof smsStatusEvents;
    eventMessageId: typeof smsStatusEvents.smsMessageId;
  };
  const rows = await db
    .select({ status: events.status, providerStatus: events.providerStatus, at: events.at })
    .from(events)
    .where(eq(eventMessageId, messageId))
    .orderBy(asc(events.at), asc(events.id));
  return rows as { status: Status<C>; providerStatus: string; at: Date }[];
}
