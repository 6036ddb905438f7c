import { eq } from 'drizzle-orm';
import type { SmsEncoding, SmsRoute } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { smsMessages, smsStatusEvents } from '../../db/schema';

export type SmsMessageRow = typeof smsMessages.$inferSelect;

/** Our words on a message's timeline for what the platform itself did. */
export const QUEUED_WORDS = 'Queued';

export interface NewSmsMessage {
  /** Why it is refused before it is queued (the spend cap): written FAILED with this reason; null to queue. */
  refusedFor: string | null;
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

/** Writes a message QUEUED (or FAILED when refused), with the first step of its timeline. */
export async function insertSmsMessage(db: Executor, message: NewSmsMessage): Promise<{ id: string }> {
  const { refusedFor, ...values } = message;
  const status = refusedFor === null ? 'QUEUED' : 'FAILED';
  const [row] = await db
    .insert(smsMessages)
    .values({ ...values, status, failureReason: refusedFor })
    .returning({ id: smsMessages.id });
  await db
    .insert(smsStatusEvents)
    .values({ smsMessageId: row!.id, status, providerStatus: refusedFor ?? QUEUED_WORDS });
  return row!;
}

export async function findSmsMessage(db: Executor, id: string): Promise<SmsMessageRow | undefined> {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row;
}

/** Replaces the kept copy of a message's text (its secret taken out once the gateway has it). */
export async function setSmsText(db: Executor, id: string, text: string): Promise<void> {
  await db.update(smsMessages).set({ text }).where(eq(smsMessages.id, id));
}
