import { z } from 'zod';

// The WhatsApp channel: what is kept of each message the platform sends through the WhatsApp Business
// Cloud API, the webhook's answers, and the development simulator's conversations (docs/whatsapp.md).

/**
 * QUEUED until the Cloud API takes it, SENT once it has, then DELIVERED and READ as the person's phone
 * reports, or FAILED. The order is the order of the list; FAILED ends it.
 */
export const WHATSAPP_STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

/** A template (always allowed) or free-form text (only inside the person's 24-hour service window). */
export const WHATSAPP_MESSAGE_KINDS = ['template', 'text'] as const;
export type WhatsappMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];

/** POST /api/v1/whatsapp/webhook: what the notification came to, counted (any 200 stops Meta's retries). */
export const whatsappWebhookAnswer = z.object({
  /** Status changes applied to a message of ours. */
  applied: z.number().int(),
  /** Status changes already on the message's timeline, or of no message of ours. */
  ignored: z.number().int(),
  /** Inbound messages recorded for the first time. */
  received: z.number().int(),
});
export type WhatsappWebhookAnswer = z.infer<typeof whatsappWebhookAnswer>;

/** A phone number in international form, with or without the plus (a `+` in a query string may arrive as a space). */
const internationalPhone = z
  .string()
  .trim()
  .regex(/^\+?[1-9]\d{7,14}$/, 'phone is an international number such as +2348031234567')
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

/** GET /api/dev/whatsapp/conversations?phone=: one phone's conversation, or every phone's. */
export const whatsappConversationsQuery = z.strictObject({ phone: internationalPhone.optional() });
export type WhatsappConversationsQuery = z.infer<typeof whatsappConversationsQuery>;

/** POST /api/dev/whatsapp/inbound: the simulated phone sends the platform a text. */
export const simulatedWhatsappInbound = z.strictObject({
  phone: internationalPhone,
  text: z.string().trim().min(1, 'text must not be empty').max(4096, 'text must be at most 4096 characters'),
});
export type SimulatedWhatsappInbound = z.input<typeof simulatedWhatsappInbound>;

/** One message of a simulated conversation, either way. */
export const simulatedWhatsappMessageSchema = z.object({
  /** The Cloud API's message id (wamid.…). */
  messageId: z.string(),
  direction: z.enum(['outbound', 'inbound']),
  kind: z.enum(WHATSAPP_MESSAGE_KINDS),
  /** For a template, its name; null for text. */
  template: z.string().nullable(),
  /** What the phone shows. */
  text: z.string(),
  /** Outbound: QUEUED until its first status is posted, then as posted; inbound: always DELIVERED. */
  status: z.enum(WHATSAPP_STATUSES),
  at: z.string(),
});
export type SimulatedWhatsappMessage = z.infer<typeof simulatedWhatsappMessageSchema>;

/** Each phone's conversation, oldest message first; phones by their newest message. */
export const whatsappConversationsSchema = z.object({
  phones: z.array(z.object({ phone: z.string(), messages: z.array(simulatedWhatsappMessageSchema) })),
});
export type WhatsappConversations = z.infer<typeof whatsappConversationsSchema>;
