import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WhatsappMessageKind, WhatsappStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { whatsappInboundMessages, whatsappMessages, whatsappStatusEvents } from '../../db/schema';
import type { WhatsappInbound } from './whatsapp-provider';

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;

export interface NewWhatsappMessage {
  to: string;
  kind: WhatsappMessageKind;
  templateName: string | null;
  templateLanguage: string | null;
  parameters: string[];
  text: string;
  purpose: string;
  companyId: string | null;
  costKobo: number;
  provider: string;
}

/** Writes a message QUEUED, with the first step of its timeline. */
export async function insertWhatsappMessage(
  db: Executor,
  message: NewWhatsappMessage,
): Promise<{ id: string }> {
  const [row] = await db.insert(whatsappMessages).values(message).returning({ id: whatsappMessages.id });
  await db
    .insert(whatsappStatusEvents)
    .values({ whatsappMessageId: row!.id, status: 'QUEUED', providerStatus: 'Queued' });
  return row!;
}

export async function findWhatsappMessage(db: Executor, id: string): Promise<WhatsappMessageRow | undefined> {
  const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
  return row;
}

/** A message's timeline, oldest first. */
export async function findWhatsappTimeline(
  db: Executor,
  whatsappMessageId: string,
): Promise<{ status: WhatsappStatus; providerStatus: string; at: Date }[]> {
  return db
    .select({
      status: whatsappStatusEvents.status,
      providerStatus: whatsappStatusEvents.providerStatus,
      at: whatsappStatusEvents.at,
    })
    .from(whatsappStatusEvents)
    .where(eq(whatsappStatusEvents.whatsappMessageId, whatsappMessageId))
    .orderBy(asc(whatsappStatusEvents.at), asc(whatsappStatusEvents.id));
}

/** Counts a try at handing a QUEUED message to the API; undefined when it is no longer QUEUED. */
export async function claimWhatsappForSending(
  db: Executor,
  id: string,
): Promise<WhatsappMessageRow | undefined> {
  const [row] = await db
    .update(whatsappMessages)
    .set({ attempts: sql`${whatsappMessages.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'QUEUED')))
    .returning();
  return row;
}

/** Keeps why a try failed while the message waits for the next. */
export async function recordWhatsappTryFailed(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ failureReason: reason.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'QUEUED')));
}

/** The API took the message: SENT with its wamid. */
export async function markWhatsappSent(
  db: Executor,
  id: string,
  providerMessageId: string,
  words: string,
): Promise<void> {
  const moved = await db
    .update(whatsappMessages)
    .set({ status: 'SENT', providerMessageId, failureReason: null, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'QUEUED')))
    .returning({ id: whatsappMessages.id });
  if (moved.length > 0) await insertWhatsappStatusEvent(db, id, 'SENT', words);
}

/** The message cannot go, for good: FAILED with the reason. */
export async function markWhatsappFailed(db: Executor, id: string, reason: string): Promise<void> {
  const failureReason = reason.slice(0, 1000);
  const moved = await db
    .update(whatsappMessages)
    .set({ status: 'FAILED', failureReason, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'QUEUED')))
    .returning({ id: whatsappMessages.id });
  if (moved.length > 0) {
    await insertWhatsappStatusEvent(db, id, 'FAILED', failureReason.slice(0, 200));
  }
}

/** The message a status names, locked until the status is applied; undefined for none of ours. */
export async function lockWhatsappByProviderMessageId(
  db: Executor,
  providerMessageId: string,
): Promise<WhatsappMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.providerMessageId, providerMessageId))
    .for('update');
  return row;
}

/** Adds a step to a message's timeline; false when the same status in the same words is already on it. */
export async function insertWhatsappStatusEvent(
  db: Executor,
  whatsappMessageId: string,
  status: WhatsappStatus,
  providerStatus: string,
): Promise<boolean> {
  const inserted = await db
    .insert(whatsappStatusEvents)
    .values({ whatsappMessageId, status, providerStatus })
    .onConflictDoNothing({
      target: [
        whatsappStatusEvents.whatsappMessageId,
        whatsappStatusEvents.status,
        whatsappStatusEvents.providerStatus,
      ],
    })
    .returning({ id: whatsappStatusEvents.id });
  return inserted.length > 0;
}

/** Moves a message to `status` from one of `from`; false when it is elsewhere already. */
export async function advanceWhatsappStatus(
  db: Executor,
  id: string,
  status: WhatsappStatus,
  from: readonly WhatsappStatus[],
  failureReason: string | null,
): Promise<boolean> {
  const moved = await db
    .update(whatsappMessages)
    .set({ status, updatedAt: new Date(), ...(status === 'FAILED' ? { failureReason } : {}) })
    .where(and(eq(whatsappMessages.id, id), inArray(whatsappMessages.status, [...from])))
    .returning({ id: whatsappMessages.id });
  return moved.length > 0;
}

/** Keeps an inbound message once by its wamid; false when it was kept already. */
export async function insertWhatsappInbound(db: Executor, message: WhatsappInbound): Promise<boolean> {
  const inserted = await db
    .insert(whatsappInboundMessages)
    .values({
      providerMessageId: message.providerMessageId,
      from: message.from,
      type: message.type,
      text: message.text,
      sentAt: message.sentAt,
    })
    .onConflictDoNothing({ target: whatsappInboundMessages.providerMessageId })
    .returning({ id: whatsappInboundMessages.id });
  return inserted.length > 0;
}

/** When the phone last wrote to the platform; null if never. */
export async function lastInboundAt(db: Executor, phone: string): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: whatsappInboundMessages.sentAt })
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.from, phone))
    .orderBy(desc(whatsappInboundMessages.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}
