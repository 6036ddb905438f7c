import { z } from 'zod';
import type { AppContext } from '../../context';
import { claimForSending, markSent, recordTryFailed } from '../../queries/outbound-message.repository';
import { WhatsappSendError, type OutgoingWhatsapp } from './whatsapp-provider';
import { failWhatsapp } from './whatsapp-fallback.service';
import { serviceWindowOpen } from './whatsapp-window.service';

export const WHATSAPP_SEND_JOB = 'whatsapp.send';

export interface WhatsappSendJob {
  whatsappId: string;
}
const whatsappSendJob = z.object({ whatsappId: z.uuid() });

/** Five tries over about a quarter of an hour, as for SMS: a trip update sent an hour late misleads. */
export const WHATSAPP_SEND_MAX_ATTEMPTS = 5;
export function whatsappSendBackoffSeconds(attempt: number): number {
  return Math.min(10 * 4 ** (attempt - 1), 15 * 60);
}

/**
 * Hands one QUEUED message to the Cloud API: SENT with its wamid, or FAILED with the reason when the API
 * refused it, the free-form text's window closed while it waited, or after the last try (and then its SMS
 * fallback, if it has one, is queued). A failure the next try may not meet throws, so the job queue tries
 * again with its backoff.
 */
export async function sendQueuedWhatsapp(
  ctx: AppContext,
  payload: unknown,
  attempt: { final: boolean },
): Promise<void> {
  const job = whatsappSendJob.safeParse(payload);
  if (!job.success) return;
  const message = await claimForSending(ctx.db, 'whatsapp', job.data.whatsappId);
  if (!message) return;
  const provider = ctx.whatsapp.provider;
  if (!provider) {
    await ctx.db.transaction((tx) =>
      failWhatsapp(ctx, tx, message.id, 'WhatsApp is turned off on this server (WHATSAPP_PROVIDER=none)'),
    );
    return;
  }
  if (message.kind === 'text' && !(await serviceWindowOpen(ctx.db, message.to))) {
    await ctx.db.transaction((tx) =>
      failWhatsapp(ctx, tx, message.id, 'The 24-hour customer service window closed before it could be sent'),
    );
    return;
  }
  const outgoing: OutgoingWhatsapp =
    message.kind === 'text'
      ? { to: message.to, kind: 'text', text: message.text }
      : {
          to: message.to,
          kind: 'template',
          template: {
            name: message.templateName ?? '',
            language: message.templateLanguage ?? '',
            parameters: message.parameters,
          },
        };
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await provider.send(outgoing));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof WhatsappSendError) || error.retryable;
    if (retryable && !attempt.final) {
      await recordTryFailed(ctx.db, 'whatsapp', message.id, reason);
      throw error;
    }
    await ctx.db.transaction((tx) => failWhatsapp(ctx, tx, message.id, reason));
    return;
  }
  await ctx.db.transaction((tx) =>
    markSent(tx, 'whatsapp', message.id, providerMessageId, `Sent to ${provider.name}`),
  );
}
