import type { CashMethod, ExpenseKind, ExpenseStatus } from '@freightlane/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  date,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './company';
import { drivers } from './fleet';
import { terminals } from './marketplace';
import { trips } from './trip';
import { users } from './user';

/** Cash or a transfer the transporter gave the trip's driver for the road (decision 046). */
export const tripAdvances = pgTable(
  'trip_advances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id),
    method: text('method').$type<CashMethod>().notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reference: text('reference'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_advances_trip_idx').on(t.tripId, t.givenAt),
    index('trip_advances_driver_idx').on(t.driverId, t.tripId),
    check('trip_advances_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * What the driver spent on the trip, from the phone or recorded by the office; counted in the driver's
 * balance and the trip's profit once APPROVED. The receipt (when there is one) is the transporter's own
 * file, not a trip document: the customer never sees it.
 */
export const tripExpenses = pgTable(
  'trip_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    /** Whose cash paid it: the trip's driver when it was recorded. */
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id),
    kind: text('kind').$type<ExpenseKind>().notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Diesel only: what the diesel check divides by the distance. */
    litres: numeric('litres', { precision: 8, scale: 2, mode: 'number' }),
    pricePerLitreKobo: bigint('price_per_litre_kobo', { mode: 'number' }),
    note: text('note'),
    place: text('place'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ExpenseStatus>().notNull(),
    reviewNote: text('review_note'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    driverReply: text('driver_reply'),
    recordedByDriverId: uuid('recorded_by_driver_id').references(() => drivers.id),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    receiptFileName: text('receipt_file_name'),
    receiptContentType: text('receipt_content_type'),
    receiptSizeBytes: integer('receipt_size_bytes'),
    receiptStorageKey: text('receipt_storage_key'),
    receiptSha256: text('receipt_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_expenses_trip_idx').on(t.tripId, t.spentAt),
    index('trip_expenses_driver_idx').on(t.driverId, t.tripId),
    index('trip_expenses_review_idx')
      .on(t.transporterCompanyId, t.createdAt)
      .where(sql`${t.status} IN ('PENDING', 'QUERIED')`),
    check('trip_expenses_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'trip_expenses_diesel_litres',
      sql`(${t.kind} = 'DIESEL') = (${t.litres} IS NOT NULL AND ${t.pricePerLitreKobo} IS NOT NULL)`,
    ),
  ],
);

/**
 * The end of a trip's cash account: what it stood at, and what changed hands then (to the driver
 * positive, returned by the driver negative). What is left carries into the driver's running balance.
 */
export const tripSettlements = pgTable(
  'trip_settlements',
  {
    tripId: uuid('trip_id')
      .primaryKey()
      .references(() => trips.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
    method: text('method').$type<CashMethod>().notNull(),
    reference: text('reference'),
    note: text('note'),
    settledByUserId: uuid('settled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trip_settlements_driver_idx').on(t.driverId, t.settledAt)],
);

/**
 * A trip whose diesel was more than 25 % above its truck's median when it was judged (decision 046): the
 * owner was told once. The figures are those of that moment.
 */
export const tripDieselFlags = pgTable('trip_diesel_flags', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  transporterCompanyId: uuid('transporter_company_id')
    .notNull()
    .references(() => companies.id),
  litresPer100Km: doublePrecision('litres_per_100km').notNull(),
  truckMedianPer100Km: doublePrecision('truck_median_per_100km').notNull(),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A driver's cash with the company per Lagos day (decision 047): advances given, expenses approved and
 * waiting for review by the day they were spent, settlement payments by the day they were made. Kept by
 * the triggers of migration 0040 from the three tables above; the driver balance report sums a range of
 * days instead of every line of every trip. Derived rows, so no foreign keys: a company's erasure deletes
 * its lines in any order.
 */
export const driverCashDays = pgTable(
  'driver_cash_days',
  {
    transporterCompanyId: uuid('transporter_company_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    advancesKobo: bigint('advances_kobo', { mode: 'number' }).notNull().default(0),
    approvedKobo: bigint('approved_kobo', { mode: 'number' }).notNull().default(0),
    waitingKobo: bigint('waiting_kobo', { mode: 'number' }).notNull().default(0),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.transporterCompanyId, t.driverId, t.day] }),
    index('driver_cash_days_company_day_idx').on(t.transporterCompanyId, t.day),
  ],
);

/** The same sums over all time per driver: the running balance without reading every day. */
export const driverCashTotals = pgTable(
  'driver_cash_totals',
  {
    transporterCompanyId: uuid('transporter_company_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    advancesKobo: bigint('advances_kobo', { mode: 'number' }).notNull().default(0),
    approvedKobo: bigint('approved_kobo', { mode: 'number' }).notNull().default(0),
    waitingKobo: bigint('waiting_kobo', { mode: 'number' }).notNull().default(0),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.transporterCompanyId, t.driverId] })],
);

/**
 * An Eto call-up ticket of a trip picking up at an Apapa or Tin Can terminal (decision 048): the window the
 * truck may enter in, the holding bay it waits in first, and its cost. A re-booked window is a new ticket;
 * the latest is the trip's current one. The two alerts before the window closes are sent once each, and the
 * waits are measured once the truck is loaded.
 */
export const tripCallUps = pgTable(
  'trip_call_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    ticketNumber: text('ticket_number').notNull(),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id),
    holdingBayId: uuid('holding_bay_id')
      .notNull()
      .references(() => terminals.id),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    costKobo: bigint('cost_kobo', { mode: 'number' }).notNull(),
    /** The approved CALL_UP expense recorded with the ticket when the driver paid it. */
    expenseId: uuid('expense_id').references(() => tripExpenses.id, { onDelete: 'set null' }),
    alerted12hAt: timestamp('alerted_12h_at', { withTimezone: true }),
    alerted2hAt: timestamp('alerted_2h_at', { withTimezone: true }),
    /** Measured once the truck is loaded: minutes in the holding bay, and from the terminal to loaded. */
    holdingBayMinutes: integer('holding_bay_minutes'),
    gateMinutes: integer('gate_minutes'),
    measuredAt: timestamp('measured_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_call_ups_trip_idx').on(t.tripId, t.createdAt),
    index('trip_call_ups_company_idx').on(t.transporterCompanyId, t.validFrom),
    // The alert job's sweep: tickets whose last alert is not sent yet, by closing time.
    index('trip_call_ups_alert_idx')
      .on(t.validUntil)
      .where(sql`${t.alerted2hAt} IS NULL`),
    index('trip_call_ups_measure_idx')
      .on(t.createdAt)
      .where(sql`${t.measuredAt} IS NULL`),
    check('trip_call_ups_window', sql`${t.validUntil} > ${t.validFrom}`),
    check('trip_call_ups_cost', sql`${t.costKobo} >= 0`),
  ],
);
