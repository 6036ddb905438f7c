// The payment provider as the platform needs it (docs/decisions/019-money.md): start a transaction for
// an amount the server decides, ask what became of it, and tell its webhooks from forgeries. Paystack's
// documented API is the first implementation (paystack.ts); the simulated checkout speaks the same.

export interface InitializeTransaction {
  /** The payer's e-mail, which the provider's checkout and receipt show. */
  email: string;
  amountKobo: number;
  /** Ours, unique and unguessable: the provider's webhook and verification name the payment by it. */
  reference: string;
  /** Where the provider sends the payer back, with `?trxref=…&reference=…`. */
  callbackUrl: string;
  metadata: Record<string, string>;
}

export interface InitializedTransaction {
  /** The provider's checkout page for this transaction. */
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/**
 * A transaction's state as the provider reports it. Paystack's: success, failed, abandoned (the payer
 * left the checkout), ongoing, pending, processing, queued, reversed.
 */
export type TransactionStatus =
  'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'reversed';

export interface VerifiedTransaction {
  reference: string;
  status: TransactionStatus;
  amountKobo: number;
  currency: string;
  /** card, bank, ussd, bank_transfer…; null when the provider does not say. */
  channel: string | null;
  paidAt: Date | null;
}

export interface PaymentProvider {
  /** The provider's name, as webhooks are recorded under it. */
  readonly name: string;
  initialize(transaction: InitializeTransaction): Promise<InitializedTransaction>;
  /** What the provider knows of the transaction; null when it knows no such reference. */
  verify(reference: string): Promise<VerifiedTransaction | null>;
  /** Whether a webhook's body was signed with the platform's secret key, compared in constant time. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/** The provider could not be reached or refused a call: the payer is asked to try again. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
