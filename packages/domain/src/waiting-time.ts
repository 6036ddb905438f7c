// Waiting time: a truck kept at the pickup (from AT_PICKUP_LOCATION to LOADED) or at the delivery (from
// AT_DELIVERY_LOCATION to DELIVERED) beyond the transporter's free hours is billed per started hour at
// the transporter's hourly rate.

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The stops whose waiting time can be charged. */
export const WAITING_STOPS = ['PICKUP', 'DELIVERY'] as const;
export type WaitingStop = (typeof WAITING_STOPS)[number];

/** Free hours a transporter may give: up to a week. */
export const WAITING_FREE_HOURS_MAX = 168;
/** The free hours a transporter starts with. */
export const DEFAULT_WAITING_FREE_HOURS = 12;

export interface WaitingTerms {
  freeHours: number;
  /** Null or 0: the transporter does not charge for waiting. */
  rateKoboPerHour: number | null;
}

export interface WaitingCharge {
  /** Whole minutes from arrival to leaving (loaded, or delivered). */
  waitedMinutes: number;
  freeHours: number;
  /** Started hours beyond the free hours. */
  chargeableHours: number;
  rateKoboPerHour: number;
  amountKobo: number;
}

/**
 * The charge for one stop, or null when there is none to propose: no rate, no wait beyond the free hours,
 * or times that run backwards (a step recorded late by hand).
 */
export function waitingCharge(arrivedAt: Date, leftAt: Date, terms: WaitingTerms): WaitingCharge | null {
  const rate = terms.rateKoboPerHour ?? 0;
  if (rate <= 0) return null;
  const waitedMs = leftAt.getTime() - arrivedAt.getTime();
  if (!Number.isFinite(waitedMs) || waitedMs <= 0) return null;
  const beyondMs = waitedMs - terms.freeHours * HOUR_MS;
  if (beyondMs <= 0) return null;
  const chargeableHours = Math.ceil(beyondMs / HOUR_MS);
  return {
    waitedMinutes: Math.floor(waitedMs / MINUTE_MS),
    freeHours: terms.freeHours,
    chargeableHours,
    rateKoboPerHour: rate,
    amountKobo: chargeableHours * rate,
  };
}

/** 1 565 minutes → "26 h 5 min"; 60 → "1 h"; 45 → "45 min". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
