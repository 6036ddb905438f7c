import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { markFailed } from '../../queries/outbound-message.repository';
import { queueSms } from '../sms';
import { lockWhatsappMessage, setFallbackSms } from './whatsapp.repository';

/**
 * A WhatsApp message that ended FAILED and carries a fallback text goes as one SMS to the same number, for
 * the same purpose and company, in the caller's transaction. The row is locked and the SMS's id kept on it,
 * so a failure reported twice (the job's last try and a webhook, or two webhooks) falls back once.
 * The SMS is as urgent as the message it stands in for: an urgent one goes even in quiet hours.
 */
export async function fallBackToSms(ctx: AppContext, tx: Executor, whatsappId: string): Promise<void> {
  const message = await lockWhatsappMessage(tx, whatsappId);
  if (!message || message.status !== 'FAILED' || message.fallbackSmsText === null) return;
  if (message.fallbackSmsId !== null) return;
  const sms = await queueSms(ctx, tx, {
    to: message.to,
    text: message.fallbackSmsText,
    purpose: message.purpose,
    companyId: message.companyId,
    urgent: message.urgent,
  });
  await setFallbackSms(tx, message.id, sms.id);
}

/** Records a message FAILED for good (the send job's verdict) and falls back to SMS if it says to. */
export async function failWhatsapp(ctx: AppContext, tx: Executor, id: string, reason: string): Promise<void> {
  await markFailed(tx, 'whatsapp', id, reason);
  await fallBackToSms(ctx, tx, id);
}
