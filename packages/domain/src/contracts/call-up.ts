import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// The Eto call-up (issue 35, decision 048): a truck enters the Apapa and Tin Can ports only with a call-up
// ticket for a window of time, after waiting its turn in the holding bay the ticket names.

/** The ports whose terminals admit trucks by call-up (`terminals.port`). */
export const CALL_UP_PORTS = ['Apapa', 'Tin Can Island'] as const;

/** Hours before a window closes when the transporter is told, the earlier alert first. */
export const CALL_UP_ALERT_HOURS = [12, 2] as const;
export type CallUpAlertHours = (typeof CALL_UP_ALERT_HOURS)[number];

/** The longest window a ticket may give: Eto books slots of hours, never more than three days. */
export const MAX_CALL_UP_WINDOW_HOURS = 72;
/** How far ahead a window may open; how long ago it may have closed when it is recorded. */
export const MAX_CALL_UP_AHEAD_DAYS = 30;
export const MAX_CALL_UP_PAST_DAYS = 7;
/** The most a ticket may cost: ₦1,000,000, far above Eto's fee. */
export const MAX_CALL_UP_COST_KOBO = 100_000_000;

/** A truck is in the holding bay while its position is this close to the bay's point. */
export const HOLDING_BAY_RADIUS_M = 800;
/** Positions further apart than this inside the bay are not counted as waiting (the tracker was off). */
export const HOLDING_BAY_MAX_GAP_MINUTES = 20;

/**
 * Where the ticket stands: before its window, in it, used (the truck reached the terminal in its window),
 * missed (the window closed before the truck reached the terminal).
 */
export const CALL_UP_STATES = ['UPCOMING', 'OPEN', 'USED', 'MISSED'] as const;
export type CallUpState = (typeof CALL_UP_STATES)[number];

export const CALL_UP_STATE_LABELS: Record<CallUpState, string> = {
  UPCOMING: 'Window not open yet',
  OPEN: 'Window open',
  USED: 'Used',
  MISSED: 'Window missed',
};

/** A ticket's state at `now`, given when the truck reached the pickup terminal (null: not yet). */
export function callUpState(
  window: { validFrom: string | Date; validUntil: string | Date },
  arrivedAt: string | Date | null,
  now: Date = new Date(),
): CallUpState {
  const from = new Date(window.validFrom).getTime();
  const until = new Date(window.validUntil).getTime();
  if (arrivedAt !== null) {
    const at = new Date(arrivedAt).getTime();
    // A truck that reached the gate before its window opened waited for it there: the ticket was used.
    if (at <= until) return 'USED';
    return 'MISSED';
  }
  if (now.getTime() >= until) return 'MISSED';
  return now.getTime() < from ? 'UPCOMING' : 'OPEN';
}

const CLOCK_SKEW_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` });

/** POST /api/v1/trips/{id}/call-ups: the ticket Eto issued for the trip's pickup. */
export const callUpTicketRequest = z
  .strictObject({
    ticketNumber: z
      .string({ error: 'Ticket number must be text' })
      .trim()
      .min(3, 'Enter the ticket number Eto gave')
      .max(40, 'Ticket number must be at most 40 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9\-/ ]*$/, 'Ticket number has letters, digits, dashes and slashes only'),
    holdingBayId: z.uuid({ error: 'Choose the holding bay on the ticket' }),
    validFrom: instant('validFrom'),
    validUntil: instant('validUntil'),
    costKobo: z.coerce
      .number({ error: 'Cost must be a whole number of kobo' })
      .int('Cost must be a whole number of kobo')
      .min(0, 'Cost cannot be negative')
      .max(MAX_CALL_UP_COST_KOBO, 'Cost must be at most ₦1,000,000'),
    /** Also record the cost as an approved call-up expense of the trip's driver, who paid it. */
    paidByDriver: z.boolean({ error: 'paidByDriver is true or false' }).default(false),
  })
  .superRefine((value, ctx) => {
    const from = Date.parse(value.validFrom);
    const until = Date.parse(value.validUntil);
    const now = Date.now();
    if (until <= from) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The window must close after it opens' });
    } else if (until - from > MAX_CALL_UP_WINDOW_HOURS * HOUR_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: `A call-up window is at most ${MAX_CALL_UP_WINDOW_HOURS} hours`,
      });
    }
    if (from > now + MAX_CALL_UP_AHEAD_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['validFrom'],
        message: `A window opens at most ${MAX_CALL_UP_AHEAD_DAYS} days ahead`,
      });
    }
    if (until < now - MAX_CALL_UP_PAST_DAYS * DAY_MS - CLOCK_SKEW_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: `A ticket is recorded at most ${MAX_CALL_UP_PAST_DAYS} days after its window closed`,
      });
    }
  });
export type CallUpTicketRequest = z.infer<typeof callUpTicketRequest>;

const place = z.object({ id: z.uuid(), name: z.string() });

export const callUpTicketSchema = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  terminal: place,
  holdingBay: place,
  validFrom: z.string(),
  validUntil: z.string(),
  costKobo: z.number().int(),
  /** The approved call-up expense recorded with the ticket, when the driver paid it. */
  expenseId: z.uuid().nullable(),
  state: z.enum(CALL_UP_STATES),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type CallUpTicket = z.infer<typeof callUpTicketSchema>;

/** GET /api/v1/trips/{id}/call-up: the trip's tickets (latest first) and the waits measured so far. */
export const tripCallUpSchema = z.object({
  /** The port terminal the trip picks up at, when it admits trucks by call-up; null otherwise. */
  terminal: place.nullable(),
  /** Why no ticket can be recorded now (not a call-up port, an admin reading, the trip ended); null when one can. */
  closedBecause: z.string().nullable(),
  tickets: z.array(callUpTicketSchema),
  /** When the truck reached the pickup terminal (the ARRIVED_PICKUP step); null before. */
  arrivedPickupAt: z.string().nullable(),
  /** The holding bays a ticket may name. */
  holdingBays: z.array(place),
  waits: z.object({
    /** Minutes the truck spent in the current ticket's holding bay before reaching the terminal. */
    holdingBayMinutes: z.number().int().nullable(),
    /** Minutes from reaching the terminal to being loaded (the gate and the terminal). */
    gateMinutes: z.number().int().nullable(),
  }),
});
export type TripCallUp = z.infer<typeof tripCallUpSchema>;
