import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { postToProvider } from '../../lib/provider-post';
import {
  SmsSendError,
  type CheckedDeliveryReport,
  type DeliveryReport,
  type OutgoingSms,
  type SmsProvider,
} from './sms-provider';

// Termii's documented API (developers.termii.com): `POST /api/sms/send` with the API key in the JSON body
// and the number in international form without the plus; delivery reports POSTed as JSON, signed with
// X-Termii-Signature, the hex HMAC-SHA512 of the raw body with the account's secret key.

export const TERMII_SIGNATURE_HEADER = 'x-termii-signature';
export const TERMII_SEND_PATH = '/api/sms/send';
const REQUEST_TIMEOUT_MS = 15_000;

/** The body of Termii's send call. */
export const termiiSendRequest = z.object({
  api_key: z.string().min(1),
  to: z.string().regex(/^[1-9]\d{7,14}$/, 'to is the number in international form without the plus'),
  from: z.string().min(1).max(11),
  sms: z.string().min(1).max(10_000),
  type: z.enum(['plain', 'unicode']),
  channel: z.enum(['generic', 'dnd', 'whatsapp']),
});
export type TermiiSendRequest = z.infer<typeof termiiSendRequest>;

/** Text PostgreSQL can store and a log can show: no control characters (NUL above all). */
const printable = /^\P{Cc}+$/u;

const idField = z
  .union([z.string().min(1).max(200).regex(printable), z.number().int().nonnegative()])
  .transform(String);

/** Termii's answer to a message it took. */
const sendAnswer = z.object({
  message_id: idField,
  message: z.string().optional(),
  balance: z.union([z.number(), z.string()]).optional(),
  user: z.string().optional(),
});

/** A delivery report as Termii posts it. */
export const termiiDeliveryReport = z.object({
  type: z.string().max(50).optional(),
  id: idField.optional(),
  message_id: idField,
  receiver: z.string().max(50).optional(),
  sender: z.string().max(50).optional(),
  message: z.string().max(10_000).optional(),
  sent_at: z.string().max(50).optional(),
  cost: z.union([z.string().max(50), z.number()]).optional(),
  status: z.string().trim().min(1).max(100).regex(printable),
  channel: z.string().max(50).optional(),
});
export type TermiiDeliveryReport = z.input<typeof termiiDeliveryReport>;

/** The hex HMAC-SHA512 of a delivery report's raw body with the secret key, as Termii signs it. */
export function termiiSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Whether `signature` is the body's signature; constant time, so its bytes cannot be guessed one by one. */
export function hasTermiiSignature(
  secretKey: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(termiiSignature(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * Termii's words for a message's fate, as a status of ours. Failures are named in many ways (Message
 * Failed, Rejected, Expired, DND Active, Undelivered…), so any word of failure counts as FAILED; DELIVERED
 * as delivered; anything else (Message Sent, Accepted, Pending…) means the network still has it.
 */
export function termiiStatusOf(words: string): DeliveryReport['status'] {
  const said = words.toLowerCase();
  if (/undeliv|not delivered|fail|reject|expire|dnd|blacklist|invalid|error|block/.test(said)) {
    return 'FAILED';
  }
  if (said.includes('deliver')) return 'DELIVERED';
  return 'SENT';
}

/** +2348031234567 → 2348031234567, as Termii takes numbers. */
export function termiiNumber(e164: string): string {
  return e164.replace(/^\+/, '');
}

export class TermiiProvider implements SmsProvider {
  readonly name: string;
  private readonly apiKey: string;
  private readonly secretKey: string | null;
  private readonly baseUrl: string;

  constructor(options: {
    /** `termii`, or `simulator` when the stand-in answers, so its messages are not taken for spend. */
    name: string;
    apiKey: string;
    /** Null: no delivery report can be checked, so every one is refused. */
    secretKey: string | null;
    baseUrl: string;
  }) {
    this.name = options.name;
    this.apiKey = options.apiKey;
    this.secretKey = options.secretKey;
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
  }

  async send(message: OutgoingSms): Promise<{ providerMessageId: string }> {
    const body: TermiiSendRequest = {
      api_key: this.apiKey,
      to: termiiNumber(message.to),
      from: message.from,
      sms: message.text,
      type: message.unicode ? 'unicode' : 'plain',
      channel: message.route,
    };
    const response = await postToProvider(`${this.baseUrl}${TERMII_SEND_PATH}`, {
      headers: {},
      body,
      timeoutMs: REQUEST_TIMEOUT_MS,
      unreachable: (words, cause) => new SmsSendError(`Termii ${words}`, true, { cause }),
    });
    const answer = response.answer;
    if (!response.ok) {
      // Its own trouble (5xx), too many calls (429) or a timeout on its side (408) may pass; any other 4xx
      // is about this message or the account and would be refused again.
      const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
      throw new SmsSendError(
        `Termii refused the message (${response.status}): ${messageOf(answer)}`,
        retryable,
      );
    }
    const parsed = sendAnswer.safeParse(answer);
    if (!parsed.success) {
      // It may have taken the message all the same: trying again could send it twice.
      throw new SmsSendError(`Termii answered without a message id: ${messageOf(answer)}`, false);
    }
    return { providerMessageId: parsed.data.message_id };
  }

  verifyDeliveryReport(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): CheckedDeliveryReport {
    const header = headers[TERMII_SIGNATURE_HEADER];
    const signature = typeof header === 'string' ? header : undefined;
    if (!this.secretKey || !hasTermiiSignature(this.secretKey, rawBody, signature))
      return { authentic: false };
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { authentic: true, report: null };
    }
    const parsed = termiiDeliveryReport.safeParse(payload);
    if (!parsed.success) return { authentic: true, report: null };
    return {
      authentic: true,
      report: {
        providerMessageId: parsed.data.message_id,
        status: termiiStatusOf(parsed.data.status),
        providerStatus: parsed.data.status,
      },
    };
  }
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, 200) : 'no answer';
}
