import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGE_SPEND_CAP_REACHED,
  quietHoursEnd,
  smsSegments,
  type WhatsappStatus,
  type WhatsappWebhookAnswer,
} from '@freightlane/domain';
import { DEFAULT_LOCALE, type Locale } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { forwardMoves } from '../../lib/forward-status';
import {
  advanceStatus,
  insertStatusEvent,
  lockByProviderMessageId,
} from '../../queries/outbound-message.repository';
import { chargeMessage } from '../message-spend';
import { MAX_SMS_SEGMENTS } from '../sms';
import { storableText } from './cloud-api';
import { queueTripLookup } from './trip-lookup-request';
import { fallBackToSms } from './whatsapp-fallback.service';
import { serviceWindowOpen } from './whatsapp-window.service';
import { WHATSAPP_SEND_JOB, type WhatsappSendJob } from './whatsapp-send.job';
import {
  fillTemplate,
  WHATSAPP_TEMPLATES,
  whatsappTemplateIn,
  type WhatsappTemplateName,
} from './whatsapp-templates';
import { insertWhatsappInbound, insertWhatsappMessage } from './whatsapp.repository';

/** E.164: a plus, the country code and the number, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;
/** A short kind, such as `trip-status`. */
const PURPOSE = /^[a-z][a-z0-9.-]{1,49}$/;
/** The longest text and template parameter WhatsApp takes. */
const MAX_TEXT = 4096;
const MAX_PARAMETER = 1024;

export type WhatsappRequest = {
  /** E.164. */
  to: string;
  /** What the message is for: a short kind, kept with it for spend by purpose. */
  purpose: string;
  /** Whose spend it is; null for the platform's own. */
  companyId: string | null;
  /**
   * Goes even in quiet hours (21:00 to 06:00 Lagos): a reply the person is waiting for, a safety alert.
   * Otherwise a message queued then is sent at 06:00.
   */
  urgent?: boolean;
  /** If the message ends FAILED, one SMS with this text goes to the same number, purpose and company. */
  fallbackSmsText?: string;
} & (
  | {
      template: WhatsappTemplateName;
      /** The reader's language: the template approved in it is sent (English when it has none). */
      language?: Locale;
      parameters: string[];
    }
  | {
      /** Free-form text: only inside the 24-hour window the person's last message opened. */
      text: string;
    }
);

export interface QueuedWhatsapp {
  id: string;
  costKobo: number;
  /** FAILED when the company's monthly spend cap refused it: recorded, never sent. */
  status: 'QUEUED' | 'FAILED';
}

function badField(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: [{ field, message }] });
}

/**
 * Records a WhatsApp message QUEUED and queues its sending, in the caller's transaction: it goes out only
 * if the change that causes it commits, and goes out once. A template is always allowed; free-form text is
 * refused (400 on `text`) unless the person wrote to the platform in the last 24 hours, as WhatsApp itself
 * would refuse it after the call had been paid for in a job's tries.
 */
export async function queueWhatsapp(
  ctx: AppContext,
  executor: Executor,
  request: WhatsappRequest,
): Promise<QueuedWhatsapp> {
  if (!E164.test(request.to)) {
    throw badField('to', 'to must be a phone number in international form, such as +2348031234567');
  }
  if (!PURPOSE.test(request.purpose)) {
    throw badField('purpose', 'purpose must be a short kind in lowercase letters, digits, dots and dashes');
  }
  if (request.fallbackSmsText !== undefined) {
    // Checked now as queueSms would, so a fallback never fails where the WhatsApp message failed.
    const fallback = request.fallbackSmsText;
    if (fallback.trim() === '' || fallback.includes('\u0000')) {
      throw badField('fallbackSmsText', 'fallbackSmsText must not be empty');
    }
    if (smsSegments(fallback).segments > MAX_SMS_SEGMENTS) {
      throw badField('fallbackSmsText', `fallbackSmsText must fit in ${MAX_SMS_SEGMENTS} SMS parts`);
    }
  }
  const fallbackSmsText = request.fallbackSmsText ?? null;
  const { settings } = ctx.whatsapp;
  let message: Omit<Parameters<typeof insertWhatsappMessage>[1], 'refusedFor' | 'urgent'>;
  if ('template' in request) {
    const template = whatsappTemplateIn(request.template, request.language ?? DEFAULT_LOCALE);
    if (!template)
      throw badField('template', `template must be one of ${Object.keys(WHATSAPP_TEMPLATES).join(', ')}`);
    if (request.parameters.length !== template.parameters.length) {
      throw badField(
        'parameters',
        `parameters must be ${template.parameters.length} (${template.parameters.join(', ')}) for ${template.name}`,
      );
    }
    for (const value of request.parameters) {
      // WhatsApp refuses parameters with line breaks, tabs or four spaces in a row.
      if (
        value.trim() === '' ||
        value.length > MAX_PARAMETER ||
        /[\n\t]| {4}/.test(value) ||
        !storableText(value)
      ) {
        throw badField(
          'parameters',
          `each parameter must be 1 to ${MAX_PARAMETER} characters on one line, without tabs or four spaces in a row`,
        );
      }
    }
    message = {
      to: request.to,
      kind: 'template',
      templateName: template.name,
      templateLanguage: template.language,
      parameters: request.parameters,
      text: fillTemplate(template, request.parameters),
      purpose: request.purpose,
      companyId: request.companyId,
      costKobo: settings.priceKobo,
      provider: settings.provider,
      fallbackSmsText,
    };
  } else {
    if (request.text.trim() === '') throw badField('text', 'text must not be empty');
    if (request.text.length > MAX_TEXT) throw badField('text', `text must be at most ${MAX_TEXT} characters`);
    if (!storableText(request.text)) throw badField('text', 'text must not hold control characters');
    if (!(await serviceWindowOpen(executor, request.to))) {
      throw badField(
        'text',
        'free-form text can be sent only within 24 hours of the person’s last WhatsApp message; send a template',
      );
    }
    message = {
      to: request.to,
      kind: 'text',
      templateName: null,
      templateLanguage: null,
      parameters: [],
      text: request.text,
      purpose: request.purpose,
      companyId: request.companyId,
      // Replies inside the customer service window are free of charge.
      costKobo: 0,
      provider: settings.provider,
      fallbackSmsText,
    };
  }
  const now = new Date();
  const allowed = await chargeMessage(ctx, executor, request.companyId, message.costKobo, now);
  const { id } = await insertWhatsappMessage(executor, {
    ...message,
    urgent: request.urgent ?? false,
    refusedFor: allowed ? null : MESSAGE_SPEND_CAP_REACHED,
  });
  // Refused by the cap: no SMS instead either, as it would be charged to the same cap.
  if (!allowed) return { id, costKobo: message.costKobo, status: 'FAILED' };
  const runAt = request.urgent || !ctx.env.MESSAGE_QUIET_HOURS ? undefined : quietHoursEnd(now);
  await ctx.jobs.enqueue(executor, WHATSAPP_SEND_JOB, { whatsappId: id } satisfies WhatsappSendJob, runAt);
  return { id, costKobo: message.costKobo, status: 'QUEUED' };
}

/**
 * Forward only (sent, delivered, read), FAILED from any step before READ, and nothing leaves READ or
 * FAILED. A late status is still kept on the timeline.
 */
const MOVES_FROM = forwardMoves<WhatsappStatus>(['QUEUED', 'SENT', 'DELIVERED', 'READ'], 'FAILED', ['READ']);

/**
 * A webhook notification, trusted by its signature alone: a bad or missing one is refused (401) with
 * nothing written. Each status of a message of ours goes on its timeline once and moves it only forward;
 * each inbound message is kept once by its id, and so opens its sender's service window.
 */
export async function receiveWhatsappNotification(
  ctx: AppContext,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  caller: { ip: string; log: FastifyBaseLogger },
): Promise<WhatsappWebhookAnswer> {
  const provider = ctx.whatsapp.provider;
  const checked = provider?.verifyNotification(rawBody, headers) ?? { authentic: false as const };
  if (!checked.authentic) {
    caller.log.warn(
      { ip: caller.ip, bytes: rawBody.length },
      'a WhatsApp webhook notification with a bad signature was refused',
    );
    throw new AppError('UNAUTHENTICATED', 'The webhook signature does not match.');
  }
  const answer: WhatsappWebhookAnswer = { applied: 0, ignored: 0, received: 0 };
  const notification = checked.notification;
  if (!notification) {
    caller.log.info(
      { bytes: rawBody.length },
      'a WhatsApp notification the platform cannot read was ignored',
    );
    return answer;
  }
  await ctx.db.transaction(async (tx) => {
    for (const inbound of notification.messages) {
      const kept = await insertWhatsappInbound(tx, inbound);
      if (!kept) continue;
      answer.received += 1;
      // A trip number or tracking link gets the trip's facts back, looked up by a job.
      await queueTripLookup(ctx, tx, kept);
    }
    for (const report of notification.statuses) {
      const message = await lockByProviderMessageId(tx, 'whatsapp', report.providerMessageId);
      const added =
        message &&
        (await insertStatusEvent(tx, 'whatsapp', message.id, report.status, report.providerStatus));
      if (!message || !added) {
        answer.ignored += 1;
        continue;
      }
      await advanceStatus(
        tx,
        'whatsapp',
        message.id,
        report.status,
        MOVES_FROM[report.status],
        report.status === 'FAILED' ? report.providerStatus : null,
      );
      // The row is locked: a failure reported twice finds the first one's SMS and sends none.
      if (report.status === 'FAILED') await fallBackToSms(ctx, tx, message.id);
      answer.applied += 1;
    }
  });
  return answer;
}

/** The webhook's verification handshake: the challenge when the mode and token are right, else a 403. */
export function verifyWhatsappWebhook(
  ctx: AppContext,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): string {
  const provider = ctx.whatsapp.provider;
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (
    !provider ||
    query['hub.mode'] !== 'subscribe' ||
    token === undefined ||
    !challenge ||
    !provider.verifiesWith(token)
  ) {
    throw new AppError('FORBIDDEN', 'The webhook verification token does not match.');
  }
  return challenge;
}
