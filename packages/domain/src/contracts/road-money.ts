import { z } from 'zod';
import {
  CASH_METHODS,
  EXPENSE_DECISIONS,
  EXPENSE_KINDS,
  EXPENSE_STATUSES,
  MAX_DIESEL_LITRES,
  MAX_DIESEL_PRICE_KOBO,
  MAX_ROAD_MONEY_KOBO,
  SETTLEMENT_DIRECTIONS,
} from '../road-money';
import { pageOf, pageQuery } from './page';
import { TRIP_STATUSES } from './trip';

export * from '../road-money';

/** How far ahead of the server's clock a phone's time may be and still count as now. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** An expense recorded more than this long after it was spent is refused: it belongs to an older trip. */
export const MAX_EXPENSE_AGE_DAYS = 60;

const MAX_NOTE = 500;
const MAX_REFERENCE = 100;

const kobo = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number of kobo` })
    .int(`${label} must be a whole number of kobo`)
    .min(1, `${label} must be more than zero`)
    .max(MAX_ROAD_MONEY_KOBO, `${label} must be at most ₦50,000,000`);

const noteField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(MAX_NOTE, `${label} must be at most ${MAX_NOTE} characters`);

const referenceField = z
  .string({ error: 'reference must be text' })
  .trim()
  .max(MAX_REFERENCE, `Reference must be at most ${MAX_REFERENCE} characters`);

/** A time in the past (or now, give or take a phone's clock), as ISO 8601. */
const pastTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` })
    .refine((t) => Date.parse(t) <= Date.now() + CLOCK_SKEW_MS, `${label} cannot be in the future`);

/** A field a form may leave empty: an empty string counts as absent. */
const optionalText = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), field.optional());

// ---------------------------------------------------------------------------------------------------------
// Advances

/** POST /api/v1/trips/{id}/advances: cash or a transfer given to the trip's driver. */
export const tripAdvanceRequest = z
  .strictObject({
    method: z.enum(CASH_METHODS, { error: 'Choose cash or transfer' }),
    amountKobo: kobo('Amount'),
    reference: optionalText(referenceField),
    givenAt: pastTime('givenAt').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'TRANSFER' && !value.reference) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'Enter the transfer reference the bank gave',
      });
    }
  });
export type TripAdvanceRequest = z.infer<typeof tripAdvanceRequest>;
export type TripAdvanceInput = z.input<typeof tripAdvanceRequest>;

export const tripAdvanceIdParams = z.strictObject({
  id: z.uuid({ error: 'Trip not found' }),
  advanceId: z.uuid({ error: 'Advance not found' }),
});

export const tripAdvanceSchema = z.object({
  id: z.string(),
  method: z.enum(CASH_METHODS),
  amountKobo: z.number().int(),
  reference: z.string().nullable(),
  givenAt: z.string(),
  givenBy: z.string(),
  driver: z.object({ id: z.string(), name: z.string() }),
});
export type TripAdvance = z.infer<typeof tripAdvanceSchema>;

// ---------------------------------------------------------------------------------------------------------
// Expenses

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`);

/**
 * The text fields of an expense as a multipart form sends them (every value a string; an empty one counts
 * as absent), beside an optional `file`, the receipt. Diesel is litres and the price a litre; every other
 * kind is an amount.
 */
const expenseFieldShape = {
  kind: z.enum(EXPENSE_KINDS, { error: 'Choose what the money was spent on' }),
  amountKobo: optionalText(kobo('Amount')),
  litres: optionalText(
    z.coerce
      .number({ error: 'Litres must be a number' })
      .positive('Litres must be more than zero')
      .max(MAX_DIESEL_LITRES, `Litres must be at most ${MAX_DIESEL_LITRES}`)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Litres may have at most two decimals'),
  ),
  pricePerLitreKobo: optionalText(
    z.coerce
      .number({ error: 'Price a litre must be a whole number of kobo' })
      .int('Price a litre must be a whole number of kobo')
      .min(1, 'Price a litre must be more than zero')
      .max(MAX_DIESEL_PRICE_KOBO, 'Price a litre must be at most ₦20,000'),
  ),
  note: optionalText(noteField('Note')),
  spentAt: optionalText(pastTime('spentAt')),
  latitude: optionalText(coordinate('latitude', 90)),
  longitude: optionalText(coordinate('longitude', 180)),
};

function expenseRules(value: z.infer<z.ZodObject<typeof expenseFieldShape>>, ctx: z.RefinementCtx): void {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.kind === 'DIESEL') {
    if (value.litres === undefined) add('litres', 'Enter the litres bought');
    if (value.pricePerLitreKobo === undefined) add('pricePerLitreKobo', 'Enter the price a litre');
    if (value.amountKobo !== undefined) add('amountKobo', 'Diesel is litres times the price a litre');
  } else {
    if (value.amountKobo === undefined) add('amountKobo', 'Enter the amount');
    if (value.litres !== undefined) add('litres', 'Only diesel has litres');
    if (value.pricePerLitreKobo !== undefined) add('pricePerLitreKobo', 'Only diesel has a price a litre');
  }
  if ((value.latitude === undefined) !== (value.longitude === undefined)) {
    add('longitude', 'Send both latitude and longitude, or neither');
  }
  if (value.spentAt && Date.parse(value.spentAt) < Date.now() - MAX_EXPENSE_AGE_DAYS * 86_400_000) {
    add('spentAt', `An expense must be recorded within ${MAX_EXPENSE_AGE_DAYS} days`);
  }
}

export const expenseFields = z.object(expenseFieldShape).superRefine(expenseRules);
export type ExpenseFields = z.infer<typeof expenseFields>;

const clientActionIdField = z.uuid({ error: 'clientActionId must be a UUID the phone made for the action' });

/** The driver's phone's expense: the fields above and the id the phone made for the action. */
export const driverExpenseFields = z
  .object({
    clientActionId: clientActionIdField,
    /**
     * The trip the driver was on when the expense was recorded, so an expense that waited offline past the
     * trip's delivery still lands on it; the trip in progress when absent.
     */
    tripId: optionalText(z.uuid({ error: 'Trip not found' })),
    ...expenseFieldShape,
  })
  .superRefine(expenseRules);
export type DriverExpenseFields = z.infer<typeof driverExpenseFields>;

/** The driver's answer to a queried expense (multipart, with an optional receipt `file`). */
export const driverExpenseReplyFields = z.object({
  clientActionId: clientActionIdField,
  note: noteField('Answer').min(1, 'Write your answer'),
});
export type DriverExpenseReplyFields = z.infer<typeof driverExpenseReplyFields>;

export const expenseIdParams = z.strictObject({ expenseId: z.uuid({ error: 'Receipt not found' }) });

export const tripExpenseIdParams = z.strictObject({
  id: z.uuid({ error: 'Trip not found' }),
  expenseId: z.uuid({ error: 'Expense not found' }),
});

/** POST /api/v1/trips/{id}/expenses/{expenseId}/review. A query and a rejection say why. */
export const expenseReviewRequest = z
  .strictObject({
    decision: z.enum(EXPENSE_DECISIONS, { error: 'Choose approve, query or reject' }),
    note: optionalText(noteField('Note')),
  })
  .superRefine((value, ctx) => {
    if (value.decision !== 'APPROVE' && !value.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message:
          value.decision === 'QUERY' ? 'Write the question for the driver' : 'Write why it is rejected',
      });
    }
  });
export type ExpenseReviewRequest = z.infer<typeof expenseReviewRequest>;

export const expenseReceiptSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** The SHA-256 of the file as received, in hex. */
  sha256: z.string(),
});

export const tripExpenseSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPENSE_KINDS),
  amountKobo: z.number().int(),
  litres: z.number().nullable(),
  pricePerLitreKobo: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The LGA and state where the phone was, from the gazetteer. */
  place: z.string().nullable(),
  spentAt: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  /** The question of a query, or the reason of a rejection. */
  reviewNote: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The driver's answer to the last query. */
  driverReply: z.string().nullable(),
  recordedBy: z.string(),
  /** Recorded from the driver's phone (or USSD), not by the office. */
  fromDriver: z.boolean(),
  driver: z.object({ id: z.string(), name: z.string() }),
  receipt: expenseReceiptSchema.nullable(),
  recordedAt: z.string(),
});
export type TripExpense = z.infer<typeof tripExpenseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Settlement and the trip's account

/** POST /api/v1/trips/{id}/settlement: closes the trip's cash account with the payment made now. */
export const tripSettlementRequest = z
  .strictObject({
    direction: z.enum(SETTLEMENT_DIRECTIONS, { error: 'Choose who pays: to the driver or from the driver' }),
    /** Zero when nothing changes hands now: the balance carries into the driver's running balance. */
    amountKobo: z.coerce
      .number({ error: 'Amount must be a whole number of kobo' })
      .int('Amount must be a whole number of kobo')
      .min(0, 'Amount cannot be negative')
      .max(MAX_ROAD_MONEY_KOBO, 'Amount must be at most ₦50,000,000'),
    method: z.enum(CASH_METHODS, { error: 'Choose cash or transfer' }),
    reference: optionalText(referenceField),
    note: optionalText(noteField('Note')),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'TRANSFER' && value.amountKobo > 0 && !value.reference) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'Enter the transfer reference the bank gave',
      });
    }
  });
export type TripSettlementRequest = z.infer<typeof tripSettlementRequest>;
export type TripSettlementInput = z.input<typeof tripSettlementRequest>;

export const tripSettlementSchema = z.object({
  /** What the trip's account stood at when settled: approved expenses less advances. */
  balanceKobo: z.number().int(),
  /** Paid to the driver (positive) or returned by the driver (negative). */
  paidKobo: z.number().int(),
  /** What carried into the driver's running balance: balance less the payment. */
  carriedKobo: z.number().int(),
  method: z.enum(CASH_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  settledAt: z.string(),
  settledBy: z.string(),
  driver: z.object({ id: z.string(), name: z.string() }),
});
export type TripSettlement = z.infer<typeof tripSettlementSchema>;

export const tripCashTotalsSchema = z.object({
  advancesKobo: z.number().int(),
  approvedKobo: z.number().int(),
  /** Pending and queried: shown, not yet counted. */
  waitingKobo: z.number().int(),
  rejectedKobo: z.number().int(),
  /** Approved expenses less advances: what the company owes the driver (negative: the driver holds cash). */
  balanceKobo: z.number().int(),
});
export type TripCashTotals = z.infer<typeof tripCashTotalsSchema>;

export const tripProfitSchema = z.object({
  haulageKobo: z.number().int(),
  commissionBasisPoints: z.number().int(),
  commissionKobo: z.number().int(),
  /** True once the invoice is paid and the payout fixed the commission; before, the platform's current rate. */
  commissionSettled: z.boolean(),
  approvedExpensesKobo: z.number().int(),
  profitKobo: z.number().int(),
});
export type TripProfit = z.infer<typeof tripProfitSchema>;

/**
 * The trip's diesel against the distance its truck drove (known once the trip ends and its route is
 * kept), and its truck's median over earlier trips; null when no diesel was bought on the trip.
 */
export const tripDieselSchema = z.object({
  /** Diesel bought on the trip and not rejected. */
  litres: z.number(),
  distanceKm: z.number().nullable(),
  litresPer100Km: z.number().nullable(),
  truckMedianPer100Km: z.number().nullable(),
  /** The earlier trips of the truck the median is taken over. */
  truckTrips: z.number().int(),
  /** More than 25 % above the truck's median: the owner was told. */
  flagged: z.boolean(),
});
export type TripDiesel = z.infer<typeof tripDieselSchema>;

/** GET /api/v1/trips/{id}/money: the trip's cash account and profit, for the transporter's side. */
export const tripMoneySchema = z.object({
  trip: z.object({
    id: z.string(),
    tripNumber: z.string(),
    latestTripStatus: z.enum(TRIP_STATUSES).nullable(),
    cancelled: z.boolean(),
  }),
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  advances: z.array(tripAdvanceSchema),
  expenses: z.array(tripExpenseSchema),
  totals: tripCashTotalsSchema,
  settlement: tripSettlementSchema.nullable(),
  profit: tripProfitSchema,
  diesel: tripDieselSchema.nullable(),
  /** Whether the caller may add, review and settle now; null, or the reason it may not. */
  closedBecause: z.string().nullable(),
  /** Null when the trip can be settled now, else why not. */
  settleBlockedBecause: z.string().nullable(),
});
export type TripMoney = z.infer<typeof tripMoneySchema>;

// ---------------------------------------------------------------------------------------------------------
// The driver's running balance

export const driverBalanceQuery = pageQuery;

export const driverBalanceTripSchema = z.object({
  tripId: z.string(),
  tripNumber: z.string(),
  advancesKobo: z.number().int(),
  approvedKobo: z.number().int(),
  waitingKobo: z.number().int(),
  /** Settlement payments on the trip: to the driver positive, from the driver negative. */
  paidKobo: z.number().int(),
  settledAt: z.string().nullable(),
  /** approved − advances − paid: what this trip adds to the running balance. */
  balanceKobo: z.number().int(),
  lastActivityAt: z.string(),
});
export type DriverBalanceTrip = z.infer<typeof driverBalanceTripSchema>;

export const driverBalanceSchema = z.object({
  driver: z.object({ id: z.string(), name: z.string() }),
  /** What the company owes the driver over all trips; negative when the driver holds the company's cash. */
  balanceKobo: z.number().int(),
  waitingKobo: z.number().int(),
  unsettledTrips: z.number().int(),
  trips: pageOf(driverBalanceTripSchema),
});
export type DriverBalance = z.infer<typeof driverBalanceSchema>;

/** What the driver's phone page shows of the trip's cash: the advance, the expenses and the balance. */
export const driverTripCashSchema = z.object({
  advancesKobo: z.number().int(),
  approvedKobo: z.number().int(),
  waitingKobo: z.number().int(),
  balanceKobo: z.number().int(),
  settled: z.boolean(),
  expenses: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(EXPENSE_KINDS),
      amountKobo: z.number().int(),
      litres: z.number().nullable(),
      status: z.enum(EXPENSE_STATUSES),
      reviewNote: z.string().nullable(),
      spentAt: z.string(),
      hasReceipt: z.boolean(),
    }),
  ),
});
export type DriverTripCash = z.infer<typeof driverTripCashSchema>;
