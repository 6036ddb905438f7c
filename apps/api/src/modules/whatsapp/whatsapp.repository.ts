import { desc, eq } from 'drizzle-orm';
import type { WhatsappMessageKind } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { whatsappInboundMessages, whatsappMessages, whatsappStatusEvents } from '../../db/schema';
import type { WhatsappInbound } from './whatsapp-provider';

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;

export interface NewWhatsappMessage {
  /** Why it is refused before it is queued (the spend cap): written FAILED with this reason; null to queue. */
  refusedFor: string | null;
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
  /** The SMS to send instead if it fails; null for none. */
  fallbackSmsText: string | null;
  /** Sent in quiet hours too, and so is its SMS fallback. */
  urgent: boolean;
}

/** Writes a message QUEUED (or FAILED when refused), with the first step of its timeline. */
export async function insertWhatsappMessage(
  db: Executor,
  message: NewWhatsappMessage,
): Promise<{ id: string }> {
  const { refusedFor, ...values } = message;
  const status = refusedFor === null ? 'QUEUED' : 'FAILED';
  const [row] = await db
    .insert(whatsappMessages)
    .values({ ...values, status, failureReason: refusedFor })
    .returning({ id: whatsappMessages.id });
  await db
    .insert(whatsappStatusEvents)
    .values({ whatsappMessageId: row!.id, status, providerStatus: refusedFor ?? 'Queued' });
  return row!;
}

export async function findWhatsappMessage(db: Executor, id: string): Promise<WhatsappMessageRow | undefined> {
  const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
  return row;
}

/** A message locked until the caller's transaction ends (the SMS fallback decides under it). */
export async function lockWhatsappMessage(db: Executor, id: string): Promise<WhatsappMessageRow | undefined> {
  const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)).for('update');
  return row;
}

/** Keeps which SMS a failed message fell back to. */
export async function setFallbackSms(db: Executor, id: string, smsId: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ fallbackSmsId: smsId, updatedAt: new Date() })
    .where(eq(whatsappMessages.id, id));
}

/** Keeps an inbound message once by its wamid; null when it was kept already. */
export async function insertWhatsappInbound(
  db: Executor,
  message: WhatsappInbound,
): Promise<{ id: string; text: string | null } | null> {
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
    .returning({ id: whatsappInboundMessages.id, text: whatsappInboundMessages.text });
  return inserted[0] ?? null;
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
