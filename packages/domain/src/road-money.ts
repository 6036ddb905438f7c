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
