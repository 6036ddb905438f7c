import { z } from 'zod';
import { SMS_ENCODINGS } from '../sms-segments';

// The SMS channel: what is kept of each text message the platform sends, the gateway's delivery reports,
// and the development simulator's inbox (docs/sms.md).

/** QUEUED until the gateway takes it, SENT once it has, then DELIVERED or FAILED as the gateway reports. */
export const SMS_STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'FAILED'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * The gateway's route: `dnd` reaches numbers on the Do-Not-Disturb register (transactional messages, at a
 * higher price); `generic` does not.
 */
export const SMS_ROUTES = ['generic', 'dnd'] as const;
export type SmsRoute = (typeof SMS_ROUTES)[number];

/** What an SMS provider's delivery report came to: applied to its message, a repeat, or for no message of ours. */
export const SMS_REPORT_OUTCOMES = ['APPLIED', 'DUPLICATE', 'IGNORED'] as const;
export type SmsReportOutcome = (typeof SMS_REPORT_OUTCOMES)[number];

/** POST /api/v1/sms/delivery-reports/termii: the answer the gateway gets (any 2xx stops its retries). */
export const smsDeliveryReportAnswer = z.object({ outcome: z.enum(SMS_REPORT_OUTCOMES) });
export type SmsDeliveryReportAnswer = z.infer<typeof smsDeliveryReportAnswer>;

/** A phone number in international form, with or without the plus (a `+` in a query string may arrive as a space). */
const internationalPhone = z
  .string()
  .trim()
  .regex(/^\+?[1-9]\d{7,14}$/, 'phone is an international number such as +2348031234567')
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

/** GET /api/dev/sms/inbox?phone=: one phone's messages, or every phone's. */
export const smsInboxQuery = z.strictObject({
  phone: internationalPhone.optional(),
});
export type SmsInboxQuery = z.infer<typeof smsInboxQuery>;

/** One message as the simulated gateway's handset received it. */
export const simulatedSmsSchema = z.object({
  /** The gateway's message id, as the delivery report names it. */
  messageId: z.string(),
  /** E.164. */
  to: z.string(),
  /** The sender id the handset shows. */
  from: z.string(),
  text: z.string(),
  route: z.enum(SMS_ROUTES),
  encoding: z.enum(SMS_ENCODINGS),
  segments: z.number().int(),
  costKobo: z.number().int(),
  /** SENT until the gateway's delivery report, then DELIVERED or FAILED. */
  status: z.enum(SMS_STATUSES),
  /** The gateway's own words for the status (Termii's: DELIVERED, Message Failed, DND Active…). */
  providerStatus: z.string(),
  receivedAt: z.string(),
  /** When the delivery report was sent; null while it is due. */
  reportedAt: z.string().nullable(),
});
export type SimulatedSms = z.infer<typeof simulatedSmsSchema>;

/** The simulator's inbox: each phone with its messages, newest first; phones by their newest message. */
export const smsInboxSchema = z.object({
  phones: z.array(z.object({ phone: z.string(), messages: z.array(simulatedSmsSchema) })),
});
export type SmsInbox = z.infer<typeof smsInboxSchema>;
