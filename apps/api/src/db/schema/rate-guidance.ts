import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CargoType } from '@freightlane/domain';
import { users } from './user';

/**
 * The band of awarded prices per lane over the last 90 days, worked out from the trips by the database
 * function refresh_lane_rates() (migration 0025) every hour, so that the order wizard, the market and the
 * lane-rates report read one row instead of ranking a lane's awards on every request.
 */
export const laneRates = pgTable(
  'lane_rates',
  {
    /**
     * The pickup terminal's id, or an address's "state/lga" in lower case (a person may type "apapa" where
     * another typed "Apapa").
     */
    pickupKey: text('pickup_key').notNull(),
    /** The pickup's state and LGA as written (a terminal's own), for the report to show and filter by. */
    pickupState: text('pickup_state').notNull(),
    pickupLga: text('pickup_lga').notNull(),
    /** In lower case, as the lookup compares it. */
    deliveryState: text('delivery_state').notNull(),
    cargoType: text('cargo_type').$type<CargoType>().notNull(),
    /** The container size, or for general cargo the truck type. */
    equipment: text('equipment').notNull(),
    awards: integer('awards').notNull(),
    p25Kobo: bigint('p25_kobo', { mode: 'number' }).notNull(),
    p50Kobo: bigint('p50_kobo', { mode: 'number' }).notNull(),
    p75Kobo: bigint('p75_kobo', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pickupKey, t.deliveryState, t.cargoType, t.equipment] }),
    // The report's list: the busiest lanes first.
    index('lane_rates_awards_idx').on(t.awards),
  ],
);

/** The diesel price per litre as the back office observed it on a date; the latest date is the one shown. */
export const dieselPrices = pgTable(
  'diesel_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    koboPerLitre: bigint('kobo_per_litre', { mode: 'number' }).notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diesel_prices_as_of_idx').on(t.asOf, t.recordedAt)],
);
