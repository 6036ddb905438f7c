import { bigserial, doublePrecision, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './marketplace';
import { trips } from './trip';

/**
 * The centre of each LGA the gazetteer places (packages/domain gazetteer.ts, `lgaCentres`), loaded by
 * migration 0027 so the triggers that place an order's pickup and a trip's delivery can read an address's
 * position without the API. A test holds it equal to the gazetteer.
 */
export const lgaCentres = pgTable(
  'lga_centres',
  {
    state: text('state').notNull(),
    lga: text('lga').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.lga] })],
);

/**
 * What may have new return loads, noted by the triggers of migration 0027: a trip that got a truck, an ETA,
 * an expected date or a new delivery place; an order that opened or moved its pickup. The return-loads job
 * takes the rows, matches, and tells transporters of matches they have not heard of.
 */
export const returnLoadQueue = pgTable('return_load_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tripId: uuid('trip_id'),
  orderId: uuid('order_id'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The matches a transporter has been told of, so a match is announced once. */
export const returnLoadNotices = pgTable(
  'return_load_notices',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.orderId] })],
);
