import { z } from 'zod';

// A company's SMS and WhatsApp spend (docs/sms.md): what its messages cost this calendar month (Lagos time)
// against its monthly cap, shown to its owner account and to the back office, which sets the cap.

/** The reason a message refused by the cap is recorded FAILED with, word for word. */
export const MESSAGE_SPEND_CAP_REACHED = "The company's monthly SMS and WhatsApp spend cap is reached";

/** The highest cap the back office may set: ₦10,000,000 a month. */
export const MAX_MESSAGE_SPEND_CAP_KOBO = 1_000_000_000;

export const MESSAGE_CHANNELS = ['SMS', 'WHATSAPP'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A calendar month in Lagos time, YYYY-MM. */
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const messageSpendSchema = z.object({
  /** This month, YYYY-MM (Lagos). */
  month,
  spentKobo: z.number().int(),
  capKobo: z.number().int(),
  /** True when the company has no cap of its own and the platform's default applies. */
  capIsDefault: z.boolean(),
  /** Not even the cheapest paid message fits under the cap any more: paid messages are not being sent. */
  capReached: z.boolean(),
  /** The first day of next month (YYYY-MM-DD, Lagos), when the count starts again at zero. */
  resetsOn: z.string(),
  /** This month's messages that were charged, per channel. */
  channels: z.array(
    z.object({ channel: z.enum(MESSAGE_CHANNELS), spentKobo: z.number().int(), messages: z.number().int() }),
  ),
  /** This month's messages refused because the cap was reached. */
  refusedMessages: z.number().int(),
  /** The six months before this one, oldest first (months without messages at zero). */
  history: z.array(z.object({ month, spentKobo: z.number().int() })),
});
export type MessageSpend = z.infer<typeof messageSpendSchema>;

/** PUT /api/v1/admin/companies/{id}/message-spend: the company's own cap, or null for the platform's default. */
export const updateMessageSpendCapRequest = z.strictObject({
  capKobo: z
    .number({ error: 'capKobo must be a whole number of kobo, or null for the platform default' })
    .int({ error: 'capKobo must be a whole number of kobo' })
    .min(0, 'capKobo must be 0 (no messages) or more')
    .max(
      MAX_MESSAGE_SPEND_CAP_KOBO,
      `capKobo must be at most ${MAX_MESSAGE_SPEND_CAP_KOBO} kobo (₦10,000,000)`,
    )
    .nullable(),
});
export type UpdateMessageSpendCapRequest = z.infer<typeof updateMessageSpendCapRequest>;
