import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address, CargoType, ContainerSize, TripStatus, TruckType } from '@freightlane/domain';
import { companies } from './company';
import { bids, orderItems, orders, shippingLines, terminals } from './marketplace';

/** One container or one truck load moved by one transporter, created when an order is awarded. */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripNumber: text('trip_number').notNull().unique(),
    /** The public tracking id: 128 random bits, URL-safe; never derived from the internal id. */
    trackingId: text('tracking_id').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Unique: one item can never become two trips, whatever races happen. */
    orderItemId: uuid('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id),
    bidId: uuid('bid_id')
      .notNull()
      .references(() => bids.id),
    customerCompanyId: uuid('customer_company_id')
      .notNull()
      .references(() => companies.id),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    cargoType: text('cargo_type').$type<CargoType>().notNull(),
    pickupTerminalId: uuid('pickup_terminal_id').references(() => terminals.id),
    pickupAddress: jsonb('pickup_address').$type<Address>(),
    recipientTerminalId: uuid('recipient_terminal_id').references(() => terminals.id),
    recipientAddress: jsonb('recipient_address').$type<Address>(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    latestStatus: text('latest_status').$type<TripStatus>(),
    latestStatusAt: timestamp('latest_status_at', { withTimezone: true }),
    completed: boolean('completed').notNull().default(false),
    resourcesAssigned: boolean('resources_assigned').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trips_customer_idx').on(t.customerCompanyId, t.completed, t.createdAt),
    index('trips_transporter_idx').on(t.transporterCompanyId, t.completed, t.createdAt),
    index('trips_order_idx').on(t.orderId),
  ],
);

/** What the trip carries: the spec's consignment (a container, or a general-cargo load). */
export const consignments = pgTable('consignments', {
  id: uuid('id').primaryKey().defaultRandom(),
  tripId: uuid('trip_id')
    .notNull()
    .unique()
    .references(() => trips.id, { onDelete: 'cascade' }),
  containerNumber: text('container_number'),
  containerSize: text('container_size').$type<ContainerSize>(),
  linerId: uuid('liner_id').references(() => shippingLines.id),
  deliveryOrderValidityDate: date('delivery_order_validity_date', { mode: 'string' }),
  description: text('description'),
  quantity: integer('quantity'),
  weightKg: integer('weight_kg'),
  truckType: text('truck_type').$type<TruckType>(),
});

export const INVOICE_STATUSES = ['PENDING_PAYMENT', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Raised per trip at award; payment arrives later. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    tripId: uuid('trip_id')
      .notNull()
      .unique()
      .references(() => trips.id, { onDelete: 'cascade' }),
    customerCompanyId: uuid('customer_company_id')
      .notNull()
      .references(() => companies.id),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('PENDING_PAYMENT'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_customer_pending_idx')
      .on(t.customerCompanyId)
      .where(sql`status = 'PENDING_PAYMENT'`),
  ],
);
