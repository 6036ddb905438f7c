import { z } from 'zod';
import { tripSummarySchema } from './trip';

// ---------------------------------------------------------------------------------------------------------
// Schedule: GET /api/v1/trips/schedule/year/{year}/month/{month}?q=completed:false

export const scheduleParams = z.object({
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int('year must be a whole number')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be 2100 or earlier'),
  month: z.coerce
    .number({ error: 'month must be a number' })
    .int('month must be a whole number')
    .min(1, 'month is 1 to 12')
    .max(12, 'month is 1 to 12'),
});

/** The spec's `q=completed:false`; `completed:true` shows finished trips; none shows all. */
export const scheduleQuery = z.object({
  q: z
    .enum(['completed:false', 'completed:true'], { error: 'q is completed:false or completed:true' })
    .optional(),
});

export const SCHEDULE_EVENT_KINDS = ['PICKUP', 'DELIVERY'] as const;
export type ScheduleEventKind = (typeof SCHEDULE_EVENT_KINDS)[number];

export const scheduleEventSchema = z.object({
  kind: z.enum(SCHEDULE_EVENT_KINDS),
  /** A Lagos calendar date, YYYY-MM-DD. */
  date: z.string(),
  trip: tripSummarySchema.pick({
    id: true,
    tripNumber: true,
    cargoType: true,
    latestTripStatus: true,
    completed: true,
    cancelled: true,
    pickup: true,
    recipient: true,
    clientName: true,
    customerName: true,
    transporterName: true,
  }),
  /** The container number, or the general cargo's description. */
  cargo: z.string(),
  truckRegistrationNumber: z.string().nullable(),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;
export const scheduleResponse = z.object({
  year: z.number().int(),
  month: z.number().int(),
  events: z.array(scheduleEventSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponse>;
