import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Address,
  BidStatus,
  CargoType,
  ContainerSize,
  OrderStatus,
  TerminalKind,
  TruckType,
} from '@freightlane/domain';
import { companies } from './company';
import { users } from './user';

/** Port terminals, holding bays and depots a load can be picked up from or delivered to. */
export const terminals = pgTable('terminals', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  operator: text('operator').notNull(),
  kind: text('kind').$type<TerminalKind>().notNull(),
  port: text('port').notNull(),
  city: text('city').notNull(),
  lga: text('lga').notNull(),
  state: text('state').notNull(),
  /** The terminal's gate, for its geofence; null where it is not known. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** A retired terminal is not offered for new orders; orders and trips that name it keep it. */
  active: boolean('active').notNull().default(true),
});

/** Shipping lines (liners) that own or carry the containers. */
export const shippingLines = pgTable('shipping_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * A shipping line's free days and daily charges for one container size: demurrage while the full
 * container waits at the port past its free days, detention while the container is out of the port
 * until its empty is returned. Kept by admins.
 */
export const shippingLineTariffs = pgTable(
  'shipping_line_tariffs',
  {
    shippingLineId: uuid('shipping_line_id')
      .notNull()
      .references(() => shippingLines.id, { onDelete: 'cascade' }),
    containerSize: text('container_size').$type<ContainerSize>().notNull(),
    freeDays: integer('free_days').notNull(),
    demurrageKoboPerDay: bigint('demurrage_kobo_per_day', { mode: 'number' }).notNull(),
    detentionKoboPerDay: bigint('detention_kobo_per_day', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shippingLineId, t.containerSize] })],
);

/** Gap-free-enough human numbers (TRP-2026-000123) handed out atomically per name and year. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Files uploaded with an order (the quote). Uploaded first, then attached when the order is placed. */
export const orderDocuments = pgTable('order_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    customerCompanyId: uuid('customer_company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    cargoType: text('cargo_type').$type<CargoType>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('OPEN'),
    clientName: text('client_name').notNull(),
    reference: text('reference').notNull().default(''),
    pickupTerminalId: uuid('pickup_terminal_id').references(() => terminals.id),
    pickupAddress: jsonb('pickup_address').$type<Address>(),
    recipientTerminalId: uuid('recipient_terminal_id').references(() => terminals.id),
    recipientAddress: jsonb('recipient_address').$type<Address>(),
    /** Copied from the terminal or address, so filters by pickup state need no join. */
    pickupState: text('pickup_state').notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    biddingClosesAt: timestamp('bidding_closes_at', { withTimezone: true }).notNull(),
    targetAmountKobo: bigint('target_amount_kobo', { mode: 'number' }),
    preferredPartnersOnly: boolean('preferred_partners_only').notNull().default(false),
    /** The customer would take a truck returning from a delivery nearby (docs/decisions/036-return-loads.md). */
    returnLoadsWelcome: boolean('return_loads_welcome').notNull().default(false),
    /**
     * Where the pickup is: the terminal's gate, else the centre of the address's LGA; null when neither is
     * known. Kept by the trigger of migration 0027 from the terminal or address, never written by the API.
     */
    pickupLatitude: doublePrecision('pickup_latitude'),
    pickupLongitude: doublePrecision('pickup_longitude'),
    quoteDocumentId: uuid('quote_document_id').references(() => orderDocuments.id),
    itemCount: integer('item_count').notNull(),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerCompanyId, t.createdAt),
    // The transporters' market: open orders, newest first.
    index('orders_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'OPEN'`),
    // Return loads' index of the open orders by pickup point (orders_open_pickup_point_idx) is in migrations
    // 0027 and 0028: it carries the ranking's columns (INCLUDE), which Drizzle cannot write.
  ],
);

/**
 * What an order search matches, one text per order: its number, client, reference and the container numbers
 * of its items. Kept by migration 0031's triggers from orders and order items, with a trigram index, as
 * trip_search is for trips (decision 039).
 */
export const orderSearch = pgTable(
  'order_search',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
  },
  (t) => [index('order_search_document_idx').using('gin', sql`${t.document} gin_trgm_ops`)],
);

/** One container, or one truck load of general cargo: each becomes one trip when awarded. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    containerNumber: text('container_number'),
    containerSize: text('container_size').$type<ContainerSize>(),
    linerId: uuid('liner_id').references(() => shippingLines.id),
    deliveryOrderValidityDate: date('delivery_order_validity_date', { mode: 'string' }),
    description: text('description'),
    quantity: integer('quantity'),
    weightKg: integer('weight_kg'),
    truckType: text('truck_type').$type<TruckType>(),
    awardedBidId: uuid('awarded_bid_id'),
  },
  (t) => [uniqueIndex('order_items_position_idx').on(t.orderId, t.position)],
);

export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    trucksAvailable: integer('trucks_available').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').$type<BidStatus>().notNull().default('ACTIVE'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One bid per transporter per order: revising changes it, re-bidding after a withdrawal revives it.
    uniqueIndex('bids_order_transporter_idx').on(t.orderId, t.transporterCompanyId),
    index('bids_transporter_idx').on(t.transporterCompanyId, t.updatedAt),
  ],
);

/** A transporter's watch list ("monitored bids"). */
export const orderWatches = pgTable(
  'order_watches',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transporterCompanyId, t.orderId] })],
);

/** A customer's preferred transporters: the only ones who see its preferred-partner orders. */
export const preferredPartners = pgTable(
  'preferred_partners',
  {
    customerCompanyId: uuid('customer_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerCompanyId, t.transporterCompanyId] }),
    index('preferred_partners_transporter_idx').on(t.transporterCompanyId),
  ],
);
