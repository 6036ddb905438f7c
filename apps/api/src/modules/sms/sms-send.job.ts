import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  claimForSending,
  markFailed,
  markSent,
  recordTryFailed,
} from '../../queries/outbound-message.repository';
import { SmsSendError } from './sms-provider';
import { setSmsText } from './sms.repository';

export const SMS_SEND_JOB = 'sms.send';

export interface SmsSendJob {
  smsId: string;
}
const smsSendJob = z.object({ smsId: z.uuid() });

/**
 * Five tries over about a quarter of an hour: 10 s, 40 s, 2 min 40 s, then about 11 min. A text message is
 * read now or not at all (a code, a driver's next stop): after that it is recorded failed, not sent late.
 */
export const SMS_SEND_MAX_ATTEMPTS = 5;
export function smsSendBackoffSeconds(attempt: number): number {
  return Math.min(10 * 4 ** (attempt - 1), 15 * 60);
}

/**
 * Hands one QUEUED message to the gateway: SENT with its message id, or FAILED with the reason when the
 * gateway refused it (4xx) or after the last try. A failure the next try may not meet (no answer, a
 * timeout, the gateway's own 5xx) throws, so the job queue tries again with its backoff.
 */
/**
 * Purposes whose text carries a secret (a verification code, a USSD PIN). Once the gateway has the message,
 * or it has failed for good, the copy kept here loses its digits: a database copy, an export or a support
 * screen must not hold a code that still works.
 */
const SECRET_PURPOSES: ReadonlySet<string> = new Set(['phone-verification', 'ussd.pin']);

/** The text with every run of four or more digits masked, as kept after a secret has gone out. */
export function withoutSecrets(text: string): string {
  return text.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));
}

async function forgetSecret(tx: Executor, message: { id: string; purpose: string; text: string }) {
  if (SECRET_PURPOSES.has(message.purpose)) await setSmsText(tx, message.id, withoutSecrets(message.text));
}

export async function sendQueuedSms(
  ctx: AppContext,
  payload: unknown,
  attempt: { final: boolean },
): Promise<void> {
  const job = smsSendJob.safeParse(payload);
  if (!job.success) return;
  const message = await claimForSending(ctx.db, 'sms', job.data.smsId);
  if (!message) return;
  const provider = ctx.sms.provider;
  if (!provider) {
    await ctx.db.transaction(async (tx) => {
      await markFailed(tx, 'sms', message.id, 'SMS is turned off on this server (SMS_PROVIDER=none)');
      await forgetSecret(tx, message);
    });
    return;
  }
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await provider.send({
      to: message.to,
      from: message.senderId,
      text: message.text,
      unicode: message.encoding === 'UCS_2',
      route: message.route,
    }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof SmsSendError) || error.retryable;
    if (retryable && !attempt.final) {
      await recordTryFailed(ctx.db, 'sms', message.id, reason);
      throw error;
    }
    await ctx.db.transaction(async (tx) => {
      await markFailed(tx, 'sms', message.id, reason);
      await forgetSecret(tx, message);
    });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await markSent(tx, 'sms', message.id, providerMessageId, `Sent to ${provider.name}`);
    await forgetSecret(tx, message);
  });
}
