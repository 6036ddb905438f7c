import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentProviderError,
  type InitializeTransaction,
  type InitializedTransaction,
  type PaymentProvider,
  type TransactionStatus,
  type VerifiedTransaction,
} from './payment-provider';

// Paystack's documented API: JSON envelopes `{status, message, data}`, the secret key as a bearer token,
// amounts in kobo, and webhooks signed with an HMAC-SHA512 of the raw body in `x-paystack-signature`.

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';
const REQUEST_TIMEOUT_MS = 15_000;

/** The hex HMAC-SHA512 of a webhook's raw body with the secret key, as Paystack signs it. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Whether `signature` is the body's signature; constant time, so its bytes cannot be guessed one by one. */
export function hasPaystackSignature(
  secretKey: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const TRANSACTION_STATUSES = [
  'success',
  'failed',
  'abandoned',
  'ongoing',
  'pending',
  'processing',
  'queued',
  'reversed',
] as const satisfies readonly TransactionStatus[];

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().optional(), data });

const initializeAnswer = envelope(
  z.object({ authorization_url: z.url(), access_code: z.string().min(1), reference: z.string().min(1) }),
);

/** A transaction as verify answers it and as a `charge.success` webhook carries it. */
export const paystackTransaction = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  status: z.string(),
  reference: z.string().min(1).max(200),
  amount: z.number().int().nonnegative(),
  currency: z.string().max(10),
  channel: z.string().max(50).nullish(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
  metadata: z.unknown().optional(),
});
export type PaystackTransaction = z.infer<typeof paystackTransaction>;

const verifyAnswer = envelope(paystackTransaction);

/** A webhook's body: the event's name and its object. */
export const paystackEvent = z.object({ event: z.string().min(1).max(100), data: z.unknown() });

/** The transaction as the platform reads it, from verify's answer or a webhook. */
export function toVerified(transaction: PaystackTransaction): VerifiedTransaction {
  const status = (TRANSACTION_STATUSES as readonly string[]).includes(transaction.status)
    ? (transaction.status as TransactionStatus)
    : 'pending';
  const paidAt = transaction.paid_at ?? transaction.paidAt ?? null;
  const paidDate = paidAt ? new Date(paidAt) : null;
  return {
    reference: transaction.reference,
    status,
    amountKobo: transaction.amount,
    currency: transaction.currency.toUpperCase(),
    channel: transaction.channel ?? null,
    paidAt: paidDate && !Number.isNaN(paidDate.getTime()) ? paidDate : null,
  };
}

export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack';

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl: string,
  ) {}

  async initialize(transaction: InitializeTransaction): Promise<InitializedTransaction> {
    const answer = await this.call('POST', '/transaction/initialize', {
      email: transaction.email,
      amount: transaction.amountKobo,
      currency: 'NGN',
      reference: transaction.reference,
      callback_url: transaction.callbackUrl,
      metadata: transaction.metadata,
    });
    const parsed = initializeAnswer.safeParse(answer.body);
    if (!answer.ok || !parsed.success) {
      throw new PaymentProviderError(`Paystack refused to start the payment: ${messageOf(answer.body)}`);
    }
    return {
      authorizationUrl: parsed.data.data.authorization_url,
      accessCode: parsed.data.data.access_code,
      reference: parsed.data.data.reference,
    };
  }

  async verify(reference: string): Promise<VerifiedTransaction | null> {
    const answer = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (answer.status === 404 || (answer.status === 400 && /not found/i.test(messageOf(answer.body)))) {
      return null;
    }
    const parsed = verifyAnswer.safeParse(answer.body);
    if (!answer.ok || !parsed.success) {
      throw new PaymentProviderError(`Paystack could not verify the payment: ${messageOf(answer.body)}`);
    }
    return toVerified(parsed.data.data);
  }

  verifySignature(rawBody: Buffer, signature: string | undefined): boolean {
    return hasPaystackSignature(this.secretKey, rawBody, signature);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ ok: boolean; status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new PaymentProviderError('Paystack could not be reached', { cause });
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { ok: response.ok, status: response.status, body: parsed };
  }
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, 200) : 'no answer';
}
