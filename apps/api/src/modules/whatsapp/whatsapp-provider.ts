import type { WhatsappStatus } from '@freightlane/domain';

// The WhatsApp Business Cloud API as the platform needs it (docs/whatsapp.md): hand it one message, and tell
// its webhook notifications from forgeries. cloud-api.ts speaks the real API; the development simulator
// answers the same protocol.

export type OutgoingWhatsapp =
  | { to: string; kind: 'template'; template: { name: string; language: string; parameters: string[] } }
  | { to: string; kind: 'text'; text: string };

/** A status the API reported of one message of the platform's. */
export interface WhatsappStatusReport {
  providerMessageId: string;
  status: Exclude<WhatsappStatus, 'QUEUED'>;
  /** The API's words, kept on the timeline (sent, delivered, read, or the error's code and title). */
  providerStatus: string;
}

/** A message a person sent the platform. */
export interface WhatsappInbound {
  providerMessageId: string;
  /** E.164. */
  from: string;
  type: string;
  text: string | null;
  sentAt: Date;
}

/** What one webhook notification says, in the platform's terms. */
export interface WhatsappNotification {
  statuses: WhatsappStatusReport[];
  messages: WhatsappInbound[];
}

export type CheckedWhatsappNotification =
  { authentic: false } | { authentic: true; notification: WhatsappNotification | null };

export interface WhatsappProvider {
  /** cloud or simulator, as messages are recorded under it. */
  readonly name: string;
  send(message: OutgoingWhatsapp): Promise<{ providerMessageId: string }>;
  verifyNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): CheckedWhatsappNotification;
  /** Whether a webhook verification request carries the configured verify token. */
  verifiesWith(token: string): boolean;
}

/**
 * The API did not take a message. `retryable`: it could not be reached, timed out, failed on its side, or
 * asked the platform to slow down (429, rate-limit codes 131xxx), so a later try may work.
 */
export class WhatsappSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WhatsappSendError';
  }
}
