import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGE_SPEND_CAP_REACHED,
  quietHoursEnd,
  smsSegments,
  type SmsEncoding,
  type SmsReportOutcome,
  type SmsStatus,
} from '@freightlane/domain';
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
import { SMS_SEND_JOB, type SmsSendJob } from './sms-send.job';
import { insertSmsMessage } from './sms.repository';

/** E.164: a plus, the country code and the number, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;
/** A short kind, such as `phone-verification` or `trip-status`. */
const PURPOSE = /^[a-z][a-z0-9.-]{1,49}$/;
/**
 * The longest message the platform sends: six parts (918 GSM-7 characters, 402 in UCS-2). Anything longer
 * is a mistake that would cost six times a normal message, or a link that belongs in an e-mail.
 */
export const MAX_SMS_SEGMENTS = 6;

export interface SmsRequest {
  /** E.164. */
  to: string;
  text: string;
  /** What the message is for: a short kind, kept with it for spend by purpose. */
  purpose: string;
  /** Whose spend it is; null for the platform's own. */
  companyId: string | null;
  /**
   * Goes even in quiet hours (21:00 to 06:00 Lagos): a verification code, a reply the person is waiting
   * for, a safety alert. Otherwise a message queued then is sent at 06:00.
   */
  urgent?: boolean;
}

export interface QueuedSms {
  id: string;
  encoding: SmsEncoding;
  segments: number;
  costKobo: number;
  /** FAILED when the company's monthly spend cap refused it: recorded, never sent. */
  status: 'QUEUED' | 'FAILED';
}

function badField(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: [{ field, message }] });
}

/**
 * Records a text message QUEUED and queues its sending, in the caller's transaction: it goes out only if
 * the change that causes it commits, and goes out once. Its parts and cost are worked out now, at the
 * configured price, so the record keeps what it cost when it was sent. Its cost is charged to its
 * company's month: past the cap it is recorded FAILED and never sent. In quiet hours a message that is not
 * urgent waits for 06:00 Lagos.
 */
export async function queueSms(ctx: AppContext, executor: Executor, request: SmsRequest): Promise<QueuedSms> {
  if (!E164.test(request.to)) {
    throw badField('to', 'to must be a phone number in international form, such as +2348031234567');
  }
  if (!PURPOSE.test(request.purpose)) {
    throw badField('purpose', 'purpose must be a short kind in lowercase letters, digits, dots and dashes');
  }
  if (request.text.trim() === '') throw badField('text', 'text must not be empty');
  if (request.text.includes('\u0000')) throw badField('text', 'text must not hold a NUL character');
  const { encoding, segments } = smsSegments(request.text);
  if (segments > MAX_SMS_SEGMENTS) {
    throw badField('text', `text must fit in ${MAX_SMS_SEGMENTS} SMS parts; this one needs ${segments}`);
  }
  const { settings } = ctx.sms;
  const costKobo = segments * settings.priceKobo;
  const now = new Date();
  const allowed = await chargeMessage(ctx, executor, request.companyId, costKobo, now);
  const { id } = await insertSmsMessage(executor, {
    refusedFor: allowed ? null : MESSAGE_SPEND_CAP_REACHED,
    to: request.to,
    senderId: settings.senderId,
    text: request.text,
    purpose: request.purpose,
    companyId: request.companyId,
    encoding,
    segments,
    costKobo,
    route: settings.route,
    provider: settings.provider,
  });
  if (!allowed) return { id, encoding, segments, costKobo, status: 'FAILED' };
  const runAt = request.urgent || !ctx.env.MESSAGE_QUIET_HOURS ? undefined : quietHoursEnd(now);
  await ctx.jobs.enqueue(executor, SMS_SEND_JOB, { smsId: id } satisfies SmsSendJob, runAt);
  return { id, encoding, segments, costKobo, status: 'QUEUED' };
}

/** The statuses a report may move a message from: forward only, and nothing leaves DELIVERED or FAILED. */
const MOVES_FROM = forwardMoves<SmsStatus>(['QUEUED', 'SENT', 'DELIVERED'], 'FAILED', ['DELIVERED']);

/**
 * A delivery report from the gateway, trusted by its signature alone. A bad or missing signature is
 * refused (401) and nothing is written. A report of a message of ours is added to its timeline once, and
 * moves its status only forward; the same report again is a DUPLICATE, and a report of a message we do not
 * know (or one we cannot read) is IGNORED with nothing written, so the gateway stops sending it.
 */
export async function receiveDeliveryReport(
  ctx: AppContext,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  caller: { ip: string; log: FastifyBaseLogger },
): Promise<{ outcome: SmsReportOutcome }> {
  const provider = ctx.sms.provider;
  const checked = provider?.verifyDeliveryReport(rawBody, headers) ?? { authentic: false as const };
  if (!checked.authentic) {
    caller.log.warn(
      { ip: caller.ip, bytes: rawBody.length },
      'an SMS delivery report with a bad signature was refused',
    );
    throw new AppError('UNAUTHENTICATED', 'The delivery report signature does not match.');
  }
  const report = checked.report;
  if (!report) {
    caller.log.info({ bytes: rawBody.length }, 'an SMS delivery report the platform cannot read was ignored');
    return { outcome: 'IGNORED' };
  }
  const outcome = await ctx.db.transaction(async (tx): Promise<SmsReportOutcome> => {
    const message = await lockByProviderMessageId(tx, 'sms', report.providerMessageId);
    if (!message) return 'IGNORED';
    const added = await insertStatusEvent(tx, 'sms', message.id, report.status, report.providerStatus);
    if (!added) return 'DUPLICATE';
    await advanceStatus(
      tx,
      'sms',
      message.id,
      report.status,
      MOVES_FROM[report.status],
      report.status === 'FAILED' ? report.providerStatus : null,
    );
    return 'APPLIED';
  });
  if (outcome === 'IGNORED') {
    caller.log.info(
      { providerMessageId: report.providerMessageId },
      'a delivery report for no message of ours',
    );
  }
  return { outcome };
}
