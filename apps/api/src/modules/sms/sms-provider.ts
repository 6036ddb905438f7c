import type { SmsRoute, SmsStatus } from '@freightlane/domain';

// The SMS gateway as the platform needs it (docs/sms.md): hand it one message, and tell its delivery
// reports from forgeries. Termii's API is the first implementation (termii.ts); the development simulator
// speaks the same protocol, and Africa's Talking fits the same shape.

export interface OutgoingSms {
  /** E.164. */
  to: string;
  /** The sender id the handset shows. */
  from: string;
  text: string;
  /** UCS-2 text must be sent as such, or the gateway mangles letters outside GSM-7. */
  unicode: boolean;
  route: SmsRoute;
}

/** What a gateway reported of one message: which one, what became of it, in its own words. */
export interface DeliveryReport {
  providerMessageId: string;
  status: Exclude<SmsStatus, 'QUEUED'>;
  /** The gateway's words, kept on the timeline (DELIVERED, Message Failed, DND Active…). */
  providerStatus: string;
}

/**
 * A delivery report checked: not authentic (a bad or missing signature), or authentic with what it says
 * (null when it says nothing the platform can read, which is still answered so the gateway stops).
 */
export type CheckedDeliveryReport = { authentic: false } | { authentic: true; report: DeliveryReport | null };

export interface SmsProvider {
  /** The gateway's name, as messages are recorded under it. */
  readonly name: string;
  send(message: OutgoingSms): Promise<{ providerMessageId: string }>;
  verifyDeliveryReport(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): CheckedDeliveryReport;
}

/**
 * The gateway did not take a message. `retryable`: it could not be reached, timed out or failed on its
 * side (5xx, 429), so a later try may work; otherwise it refused the message itself (4xx) and trying
 * again would be refused the same.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
