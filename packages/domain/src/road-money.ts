/**
 * The money a driver carries and spends on a trip (decision 046). Kept free of zod so the light driver
 * page can carry the kinds, the diesel sum and the balance rule.
 */

/** What a driver spends money on during a trip. ROAD_PAYMENT is a payment on the road nobody receipts. */
export const EXPENSE_KINDS = [
  'DIESEL',
  'TOLL',
  'LOADING',
  'OFFLOADING',
  'LEVY',
  'CALL_UP',
  'REPAIR',
  'ROAD_PAYMENT',
  'ALLOWANCE',
  'OTHER',
] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];

export const EXPENSE_KIND_LABELS: Record<ExpenseKind, string> = {
  DIESEL: 'Diesel',
  TOLL: 'Toll',
  LOADING: 'Loading',
  OFFLOADING: 'Offloading',
  LEVY: 'Park or union levy',
  CALL_UP: 'Call-up',
  REPAIR: 'Repair',
  ROAD_PAYMENT: 'Road payment (no receipt)',
  ALLOWANCE: 'Allowance',
  OTHER: 'Other',
};

/**
 * PENDING waits for the owner or a fleet manager; QUERIED waits for the driver's answer; APPROVED counts
 * in the balance and the profit; REJECTED does not.
 */
export const EXPENSE_STATUSES = ['PENDING', 'QUERIED', 'APPROVED', 'REJECTED'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  PENDING: 'Waiting for review',
  QUERIED: 'Queried',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const EXPENSE_DECISIONS = ['APPROVE', 'QUERY', 'REJECT'] as const;
export type ExpenseDecision = (typeof EXPENSE_DECISIONS)[number];

/** How money changes hands between the company and its driver. */
export const CASH_METHODS = ['CASH', 'TRANSFER'] as const;
export type CashMethod = (typeof CASH_METHODS)[number];
export const CASH_METHOD_LABELS: Record<CashMethod, string> = { CASH: 'Cash', TRANSFER: 'Transfer' };

/** The most one advance, expense or settlement may be: ₦50 million, far above any trip's cash. */
export const MAX_ROAD_MONEY_KOBO = 5_000_000_000;
/** The most diesel one purchase may be: more than two tankfuls of the largest truck. */
export const MAX_DIESEL_LITRES = 2_000;
/** The most a litre of diesel may cost: ₦20,000. */
export const MAX_DIESEL_PRICE_KOBO = 2_000_000;

/** A diesel purchase's amount: litres (two decimals at most) times the price a litre, to the kobo. */
export function dieselAmountKobo(litres: number, pricePerLitreKobo: number): number {
  return Math.round((Math.round(litres * 100) * pricePerLitreKobo) / 100);
}

/** The parts of a trip's cash account. */
export interface TripCash {
  advancesKobo: number;
  approvedKobo: number;
}

/**
 * What the company owes the driver for a trip: approved expenses less advances. Negative when the
 * driver still holds the company's cash.
 */
export function tripBalanceKobo({ advancesKobo, approvedKobo }: TripCash): number {
  return approvedKobo - advancesKobo;
}

/** Who pays at settlement. */
export const SETTLEMENT_DIRECTIONS = ['TO_DRIVER', 'FROM_DRIVER'] as const;
export type SettlementDirection = (typeof SETTLEMENT_DIRECTIONS)[number];

/** A settlement payment as a signed amount: paid to the driver is positive, returned by the driver negative. */
export function signedSettlementKobo(direction: SettlementDirection, amountKobo: number): number {
  return direction === 'TO_DRIVER' ? amountKobo : -amountKobo;
}

// ---------------------------------------------------------------------------------------------------------
// The diesel check (decision 046): litres bought on a trip against the distance its truck drove.

/** A trip burning more than this times its truck's median litres per 100 km is flagged to the owner. */
export const DIESEL_FLAG_RATIO = 1.25;
/** Shorter trips are not judged: a yard move or a short hop says little about a truck's burn. */
export const DIESEL_MIN_KM = 50;
/** A truck's median needs this many earlier judged trips; fewer, and nothing is flagged yet. */
export const DIESEL_MEDIAN_MIN_TRIPS = 3;
/** The median is taken over the truck's latest trips, so a new engine or route shows within weeks. */
export const DIESEL_MEDIAN_TRIPS = 20;

/** Litres per 100 km, to one decimal; null when the trip is too short to judge or bought no diesel. */
export function litresPer100Km(litres: number, distanceKm: number | null): number | null {
  if (distanceKm === null || distanceKm < DIESEL_MIN_KM || litres <= 0) return null;
  return Math.round((litres / distanceKm) * 1000) / 10;
}

/** The median of `values`; null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Whether a trip's burn is more than 25 % above its truck's median of earlier trips. */
export function dieselFlagged(rate: number | null, truckRates: readonly number[]): boolean {
  const median = truckRates.length >= DIESEL_MEDIAN_MIN_TRIPS ? medianOf(truckRates) : null;
  return rate !== null && median !== null && rate > median * DIESEL_FLAG_RATIO;
}
