import { z } from 'zod';
import { tripLocationSchema } from './trip';

// ---------------------------------------------------------------------------------------------------------
// Trip alerts: what the truck's tracking saw that both companies should know of but that does not hold the
// trip up (a trip issue does, and shows the trip DELAYED). Raised by the trip watch, never by a person.

/** NIGHT_MOVEMENT: the truck drove during the night hours of the transporter's tracking settings. */
export const TRIP_ALERT_KINDS = ['NIGHT_MOVEMENT'] as const;
export type TripAlertKind = (typeof TRIP_ALERT_KINDS)[number];
export const TRIP_ALERT_KIND_LABELS: Record<TripAlertKind, string> = {
  NIGHT_MOVEMENT: 'Moving at night',
};

export const tripAlertIdParams = z.object({ id: z.uuid({ error: 'Alert not found' }) });

export const tripAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(TRIP_ALERT_KINDS),
  /** What the tracking saw, in words. */
  description: z.string(),
  /** When it happened (the truck set off at night), not when the watch noticed. */
  raisedAt: z.string().describe('ISO 8601'),
  /** Where the truck was; null when the place is unknown. */
  location: tripLocationSchema.nullable(),
  /** When the transporter marked it seen; null until then. */
  acknowledgedAt: z.string().describe('ISO 8601').nullable(),
  /** Who marked it seen, e.g. "Bola Adeyemi (Kano Haulage Ltd)". */
  acknowledgedBy: z.string().nullable(),
});
export type TripAlert = z.infer<typeof tripAlertSchema>;
