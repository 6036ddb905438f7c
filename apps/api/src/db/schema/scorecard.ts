import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerFigures, TransporterFigures } from '@freightlane/domain';
import { companies } from './company';
import { trips } from './trip';

/**
 * Each company's scorecard as last counted from its trips, invoices and ratings (modules/scorecard):
 * bids, the market, profiles and the directory read it instead of counting per request.
 */
export const companyScorecards = pgTable(
  'company_scorecards',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    side: text('side').$type<'transporter' | 'customer'>().notNull(),
    figures: jsonb('figures').$type<TransporterFigures | CustomerFigures>().notNull(),
    /** Out of 100; null while the company has fewer than five completed trips. */
    score: integer('score'),
    /** Completed trips, all time: the directory filters and sorts by it. */
    trips: integer('trips').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('company_scorecards_side_score_idx').on(t.side, t.score)],
);

/**
 * How much of a delivered trip's loaded time had positions: its loaded time cut into 15-minute slots and
 * the slots with at least one position of its truck. Counted once, after delivery, by the scorecard
 * refresh; positions are thinned after 90 days, so it is counted while they are whole.
 */
export const tripTrackingCoverage = pgTable('trip_tracking_coverage', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  slots: integer('slots').notNull(),
  covered: integer('covered').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Companies whose scorecard a change touched, written by triggers (migration 0026) as trips are delivered
 * or cancelled, issues opened, proofs of delivery uploaded, invoices paid and ratings given. Append-only
 * (no key on the company), so two deliveries of one transporter at once never wait on each other; the
 * refresh takes the rows and counts each company once.
 */
export const scorecardRefreshQueue = pgTable('scorecard_refresh_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: uuid('company_id').notNull(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The lanes a transporter served (pickup state → delivery state) in the scorecard's window: the directory's filter. */
export const companyLanes = pgTable(
  'company_lanes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pickupState: text('pickup_state').notNull(),
    deliveryState: text('delivery_state').notNull(),
    trips: integer('trips').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.pickupState, t.deliveryState] }),
    index('company_lanes_lane_idx').on(t.pickupState, t.deliveryState),
  ],
);
