import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { postToProvider } from '../../lib/provider-post';
import { sameSecret } from '../../lib/same-secret';
import {
  WhatsappSendError,
  type CheckedWhatsappNotification,
  type OutgoingWhatsapp,
  type WhatsappInbound,
  type WhatsappProvider,
  type WhatsappStatusReport,
} from './whatsapp-provider';

// The WhatsApp Business Cloud API (developers.facebook.com/docs/whatsapp/cloud-api):
// `POST {base}/{version}/{phone-number-id}/messages` with a bearer token; webhook notifications POSTed as
// JSON and signed with X-Hub-Signature-256, `sha256=` and the hex HMAC-SHA256 of the raw body with the app
// secret; the webhook's address verified by a GET echoing hub.challenge when hub.verify_token matches.

export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Error codes that say "too many, slow down" rather than "this message is wrong": the API's throughput
 * limit, spam rate limit and pair rate limit. A later try may pass, so they are retried like a 429.
 */
export const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([130429, 131048, 131056, 80007, 4]);

const waNumber = z
  .string()
  .regex(/^[1-9]\d{7,14}$/, 'to is the number in international form without the plus');

/** The body of a send call, as the platform makes it (templates and text). */
export const cloudSendRequest = z.discriminatedUnion('type', [
  z.object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual'),
    to: waNumber,
    type: z.literal('template'),
    template: z.object({
      name: z.string().min(1).max(512),
      language: z.object({ code: z.string().min(2).max(15) }),
      components: z
        .array(
          z.object({
            type: z.literal('body'),
            parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1).max(1024) })),
          }),
        )
        .optional(),
    }),
  }),
  z.object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual'),
    to: waNumber,
    type: z.literal('text'),
    text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }),
  }),
]);
export type CloudSendRequest = z.infer<typeof cloudSendRequest>;

/**
 * Whether text is something PostgreSQL can store and a log can show: no control characters (NUL above all)
 * but the line breaks and tabs a message may hold.
 */
export function storableText(value: string): boolean {
  return /^[\P{Cc}\n\r\t]*$/u.test(value);
}
const wamid = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\P{Cc}+$/u);
/** Unix seconds, as a string. */
const unixSeconds = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform((s) => new Date(Number(s) * 1000));

const sendAnswer = z.object({
  messaging_product: z.string().optional(),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: wamid })).min(1),
});

const webhookStatus = z.object({
  id: wamid,
  status: z.string().max(50),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(50).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int(),
        title: z
          .string()
          .max(500)
          .regex(/^\P{Cc}*$/u)
          .optional(),
      }),
    )
    .optional(),
});
const webhookMessage = z.object({
  from: z.string().regex(/^[1-9]\d{7,14}$/),
  id: wamid,
  timestamp: unixSeconds,
  type: z.string().max(50),
  text: z.object({ body: z.string().max(4096).refine(storableText) }).optional(),
});

/** A webhook notification as Meta posts it; only the `messages` field is read. */
export const cloudWebhookNotification = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        id: z.string().max(100),
        changes: z
          .array(
            z.object({
              field: z.string().max(100),
              value: z
                .object({
                  messaging_product: z.string().optional(),
                  metadata: z
                    .object({ display_phone_number: z.string(), phone_number_id: z.string() })
                    .partial()
                    .optional(),
                  statuses: z.array(webhookStatus).max(1000).optional(),
                  messages: z.array(webhookMessage).max(1000).optional(),
                })
                .passthrough(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type CloudWebhookNotification = z.input<typeof cloudWebhookNotification>;

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret, as Meta signs notifications. */
export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether `signature` is the body's; constant time, so its bytes cannot be guessed one by one. */
export function hasWhatsappSignature(
  appSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^sha256=[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody).slice(7), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.slice(7), 'hex'));
}

/** +2348031234567 → 2348031234567, as the Cloud API takes and gives numbers. */
export function waId(e164: string): string {
  return e164.replace(/^\+/, '');
}

/** The request body for one message. */
export function cloudSendBody(message: OutgoingWhatsapp): CloudSendRequest {
  const common = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: waId(message.to),
  } as const;
  if (message.kind === 'text') return { ...common, type: 'text', text: { body: message.text } };
  const { name, language, parameters } = message.template;
  return {
    ...common,
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

const STATUS_OF: Record<string, WhatsappStatusReport['status']> = {
  sent: 'SENT',
  delivered: 'DELIVERED',
  read: 'READ',
  failed: 'FAILED',
};

/** The statuses and inbound messages of a notification, in the platform's terms. */
export function readNotification(notification: z.infer<typeof cloudWebhookNotification>): {
  statuses: WhatsappStatusReport[];
  messages: WhatsappInbound[];
} {
  const statuses: WhatsappStatusReport[] = [];
  const messages: WhatsappInbound[] = [];
  for (const entry of notification.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const s of change.value.statuses ?? []) {
        const status = STATUS_OF[s.status];
        if (!status) continue;
        const error = s.errors?.[0];
        const providerStatus =
          status === 'FAILED' && error ? `${error.code} ${error.title ?? 'failed'}`.slice(0, 200) : s.status;
        statuses.push({ providerMessageId: s.id, status, providerStatus });
      }
      for (const m of change.value.messages ?? []) {
        messages.push({
          providerMessageId: m.id,
          from: `+${m.from}`,
          type: m.type,
          text: m.type === 'text' ? (m.text?.body ?? null) : null,
          sentAt: m.timestamp,
        });
      }
    }
  }
  return { statuses, messages };
}

export class CloudApiProvider implements WhatsappProvider {
  readonly name: string;
  private readonly options: {
    token: string;
    phoneNumberId: string;
    appSecret: string | null;
    verifyToken: string | null;
    apiVersion: string;
    baseUrl: string;
  };

  constructor(options: {
    /** `cloud`, or `simulator` when the stand-in answers. */
    name: string;
    token: string;
    phoneNumberId: string;
    /** Null: no notification can be checked, so every one is refused. */
    appSecret: string | null;
    /** Null: the verification handshake is refused. */
    verifyToken: string | null;
    apiVersion: string;
    baseUrl: string;
  }) {
    this.name = options.name;
    this.options = { ...options, baseUrl: options.baseUrl.replace(/\/$/, '') };
  }

  async send(message: OutgoingWhatsapp): Promise<{ providerMessageId: string }> {
    const { baseUrl, apiVersion, phoneNumberId, token } = this.options;
    const response = await postToProvider(`${baseUrl}/${apiVersion}/${phoneNumberId}/messages`, {
      headers: { authorization: `Bearer ${token}` },
      body: cloudSendBody(message),
      timeoutMs: REQUEST_TIMEOUT_MS,
      unreachable: (words, cause) =>
        new WhatsappSendError(`The WhatsApp Cloud API ${words}`, true, { cause }),
    });
    const answer = response.answer;
    if (!response.ok) {
      const error = errorOf(answer);
      const retryable =
        response.status >= 500 ||
        response.status === 429 ||
        (error.code !== null && RATE_LIMIT_CODES.has(error.code));
      const code = error.code === null ? '' : ` code ${error.code}`;
      throw new WhatsappSendError(
        `The WhatsApp Cloud API refused the message (${response.status}${code}): ${error.message}`,
        retryable,
      );
    }
    const parsed = sendAnswer.safeParse(answer);
    if (!parsed.success) {
      // It may have taken the message all the same: trying again could send it twice.
      throw new WhatsappSendError('The WhatsApp Cloud API answered without a message id', false);
    }
    return { providerMessageId: parsed.data.messages[0]!.id };
  }

  verifyNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): CheckedWhatsappNotification {
    const header = headers[WHATSAPP_SIGNATURE_HEADER];
    const signature = typeof header === 'string' ? header : undefined;
    const secret = this.options.appSecret;
    if (!secret || !hasWhatsappSignature(secret, rawBody, signature)) return { authentic: false };
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { authentic: true, notification: null };
    }
    const parsed = cloudWebhookNotification.safeParse(payload);
    if (!parsed.success) return { authentic: true, notification: null };
    return { authentic: true, notification: readNotification(parsed.data) };
  }

  verifiesWith(token: string): boolean {
    const expected = this.options.verifyToken;
    return expected !== null && sameSecret(token, expected);
  }
}

function errorOf(body: unknown): { message: string; code: number | null } {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
  return {
    message: typeof error?.message === 'string' ? error.message.slice(0, 200) : 'no answer',
    code: typeof error?.code === 'number' ? error.code : null,
  };
}
