import { randomBytes } from 'node:crypto';
import type { TransactionStatus } from './payment-provider';

// The simulated checkout's memory (development and tests only): the transactions it was asked to start,
// by reference and by access code. One per app, carried on the app context, so two apps in one process
// never see each other's transactions.

export interface SimulatedTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amountKobo: number;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  /** ongoing until the payer presses Pay (success) or Cancel (abandoned). */
  status: Extract<TransactionStatus, 'ongoing' | 'success' | 'abandoned'>;
  channel: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

/** A long development session keeps its newest transactions; older ones are forgotten. */
const MAX_TRANSACTIONS = 10_000;

export class PaystackSimulator {
  private readonly byReference = new Map<string, SimulatedTransaction>();
  private readonly referenceByCode = new Map<string, string>();
  private lastId = 0;

  constructor(
    /** The key callers must send as their bearer token, and the webhooks' signing key. */
    readonly secretKey: string,
    /** The simulator's public address, which checkout links start with. */
    readonly publicUrl: string,
    /** Where the signed `charge.success` webhooks go: the API's own webhook route. */
    readonly webhookUrl: string,
  ) {}

  /** Starts a transaction; null when its reference was used before, as Paystack refuses a duplicate. */
  start(input: {
    email: string;
    amountKobo: number;
    currency: string;
    reference: string | undefined;
    callbackUrl: string | undefined;
    metadata: unknown;
  }): SimulatedTransaction | null {
    const reference = input.reference ?? randomBytes(8).toString('hex');
    if (this.byReference.has(reference)) return null;
    const transaction: SimulatedTransaction = {
      id: ++this.lastId,
      reference,
      accessCode: randomBytes(12).toString('base64url'),
      email: input.email,
      amountKobo: input.amountKobo,
      currency: input.currency,
      callbackUrl: input.callbackUrl ?? null,
      metadata: input.metadata ?? null,
      status: 'ongoing',
      channel: null,
      paidAt: null,
      createdAt: new Date(),
    };
    this.byReference.set(reference, transaction);
    this.referenceByCode.set(transaction.accessCode, reference);
    this.forgetOldest();
    return transaction;
  }

  byReferenceOf(reference: string): SimulatedTransaction | undefined {
    return this.byReference.get(reference);
  }

  byAccessCode(accessCode: string): SimulatedTransaction | undefined {
    const reference = this.referenceByCode.get(accessCode);
    return reference === undefined ? undefined : this.byReference.get(reference);
  }

  /** The payer pressed Pay: the card "succeeds". True the first time only. */
  pay(transaction: SimulatedTransaction, now: Date = new Date()): boolean {
    if (transaction.status !== 'ongoing') return false;
    transaction.status = 'success';
    transaction.channel = 'card';
    transaction.paidAt = now;
    return true;
  }

  /** The payer pressed Cancel. */
  cancel(transaction: SimulatedTransaction): void {
    if (transaction.status === 'ongoing') transaction.status = 'abandoned';
  }

  /** The transaction in Paystack's shape, as verify answers it and a webhook carries it. */
  paystackData(transaction: SimulatedTransaction) {
    return {
      id: transaction.id,
      domain: 'test',
      status: transaction.status,
      reference: transaction.reference,
      amount: transaction.amountKobo,
      gateway_response: transaction.status === 'success' ? 'Successful' : 'The transaction was not completed',
      paid_at: transaction.paidAt?.toISOString() ?? null,
      created_at: transaction.createdAt.toISOString(),
      channel: transaction.channel,
      currency: transaction.currency,
      metadata: transaction.metadata,
      customer: { email: transaction.email },
    };
  }

  private forgetOldest(): void {
    while (this.byReference.size > MAX_TRANSACTIONS) {
      const [oldest] = this.byReference.values();
      if (!oldest) return;
      this.byReference.delete(oldest.reference);
      this.referenceByCode.delete(oldest.accessCode);
    }
  }
}
