import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SmsEncoding, SmsRoute, SmsStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { smsMessages, smsStatusEvents } from '../../db/schema';

export type SmsMessageRow = typeof smsMessages.$inferSelect;

/** Our words on a message's timeline for what the platform itself did. */
export const QUEUED_WORDS = 'Queued';

export interface NewSmsMessage {
  to: string;
  senderId: string;
  text: string;
  purpose: string;
  companyId: string | null;
  encoding: SmsEncoding;
  segments: number;
  costKobo: number;
  route: SmsRoute;
  provider: string;
}

/** Writes a message QUEUED, with the first step of its timeline. */
export async function insertSmsMessage(db: Executor, message: NewSmsMessage): Promise<{ id: string }> {
  const [row] = await db.insert(smsMessages).values(message).returning({ id: smsMessages.id });
  await db
    .insert(smsStatusEvents)
    .values({ smsMessageId: row!.id, status: 'QUEUED', providerStatus: QUEUED_WORDS });
  return row!;
}

export async function findSmsMessage(db: Executor, id: string): Promise<SmsMessageRow | undefined> {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row;
}

/** A message's timeline, oldest first. */
export async function findSmsTimeline(
  db: Executor,
  smsMessageId: string,
): Promise<{ status: SmsStatus; providerStatus: string; at: Date }[]> {
  return db
    .select({
      status: smsStatusEvents.status,
      providerStatus: smsStatusEvents.providerStatus,
      at: smsStatusEvents.at,
    })
    .from(smsStatusEvents)
    .where(eq(smsStatusEvents.smsMessageId, smsMessageId))
    .orderBy(asc(smsStatusEvents.at), asc(smsStatusEvents.id));
}

/** Counts a try at handing a QUEUED message to the gateway; undefined when it is no longer QUEUED. */
export async function claimSmsForSending(db: Executor, id: string): Promise<SmsMessageRow | undefined> {
  const [row] = await db
    .update(smsMessages)
    .set({ attempts: sql`${smsMessages.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'QUEUED')))
    .returning();
  return row;
}

/** Keeps why a try failed while the message waits for the next. */
export async function recordSmsTryFailed(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({ failureReason: reason.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'QUEUED')));
}

/** The gateway took the message: SENT with its id. */
export async function markSmsSent(
  db: Executor,
  id: string,
  providerMessageId: string,
  words: string,
): Promise<void> {
  const moved = await db
    .update(smsMessages)
    .set({ status: 'SENT', providerMessageId, failureReason: null, updatedAt: new Date() })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'QUEUED')))
    .returning({ id: smsMessages.id });
  if (moved.length > 0) await insertSmsStatusEvent(db, id, 'SENT', words);
}

/** The gateway would not take the message, for good: FAILED with the reason. */
export async function markSmsFailed(db: Executor, id: string, reason: string): Promise<void> {
  const failureReason = reason.slice(0, 1000);
  const moved = await db
    .update(smsMessages)
    .set({ status: 'FAILED', failureReason, updatedAt: new Date() })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'QUEUED')))
    .returning({ id: smsMessages.id });
  if (moved.length > 0) await insertSmsStatusEvent(db, id, 'FAILED', failureReason.slice(0, 200));
}

/** The message a delivery report names, locked until the report is applied; undefined for none of ours. */
export async function lockSmsByProviderMessageId(
  db: Executor,
  providerMessageId: string,
): Promise<SmsMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.providerMessageId, providerMessageId))
    .for('update');
  return row;
}

/** Adds a step to a message's timeline; false when the same status in the same words is already on it. */
export async function insertSmsStatusEvent(
  db: Executor,
  smsMessageId: string,
  status: SmsStatus,
  providerStatus: string,
): Promise<boolean> {
  const inserted = await db
    .insert(smsStatusEvents)
    .values({ smsMessageId, status, providerStatus })
    .onConflictDoNothing({
      target: [smsStatusEvents.smsMessageId, smsStatusEvents.status, smsStatusEvents.providerStatus],
    })
    .returning({ id: smsStatusEvents.id });
  return inserted.length > 0;
}

/** Moves a message to `status` from one of `from`; false when it is elsewhere already. */
export async function advanceSmsStatus(
  db: Executor,
  id: string,
  status: SmsStatus,
  from: readonly SmsStatus[],
  failureReason: string | null,
): Promise<boolean> {
  const moved = await db
    .update(smsMessages)
    .set({ status, updatedAt: new Date(), ...(status === 'FAILED' ? { failureReason } : {}) })
    .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, [...from])))
    .returning({ id: smsMessages.id });
  return moved.length > 0;
}
