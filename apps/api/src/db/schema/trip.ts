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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Address,
  CargoType,
  ContainerSize,
  DepositStatus,
  StoredInvoiceStatus,
  NoteSide,
  TrackingAlarm,
  TripDocumentKind,
  TripIssueStatus,
  TripIssueType,
  TripLocation,
  TripStatus,
  TruckType,
} from '@freightlane/domain';
import { companies } from './company';
import { drivers, motorBoys, trucks } from './fleet';
import { bids, orderItems, orders, shippingLines, terminals } from './marketplace';
import { users } from './user';

/** One container or one truck load moved by one transporter, created when an order is awarded. */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripNumber: text('trip_number').notNull().unique(),
    /** The public tracking id: 128 random bits, URL-safe; never derived from the internal id. */
    trackingId: text('tracking_id').notNull().unique(),
    /** When the tracking link stops working; null: it works as long as the trip exists. */
    trackingExpiresAt: timestamp('tracking_expires_at', { withTimezone: true }),
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
    /**
     * The states of the two addresses, kept by PostgreSQL from them: a lane's address end
     * (docs/reports.md 1.8) as a plain column an index can carry, instead of a read of the jsonb.
     */
    pickupState: text('pickup_state').generatedAlwaysAs(sql`pickup_address->>'state'`),
    recipientState: text('recipient_state').generatedAlwaysAs(sql`recipient_address->>'state'`),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    latestStatus: text('latest_status').$type<TripStatus>(),
    latestStatusAt: timestamp('latest_status_at', { withTimezone: true }),
    completed: boolean('completed').notNull().default(false),
    resourcesAssigned: boolean('resources_assigned').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    cancelledByUserId: uuid('cancelled_by_user_id').references(() => users.id),
    truckId: uuid('truck_id').references(() => trucks.id),
    /**
     * When the truck now on the trip was put on it; null for trips assigned before this was kept. The
     * trip's route shows the truck's positions from then on only, never where it drove for another trip.
     */
    truckAssignedAt: timestamp('truck_assigned_at', { withTimezone: true }),
    driverId: uuid('driver_id').references(() => drivers.id),
    motorBoyId: uuid('motor_boy_id').references(() => motorBoys.id),
    /** Where the truck was last reported (a status change or an issue with a location). */
    currentLocation: jsonb('current_location').$type<TripLocation>(),
    /**
     * When a loaded trip typically and at the latest reaches its delivery, from the durations of past
     * trips on its lane; set when the trip is loaded, null without enough history.
     */
    etaTypicalAt: timestamp('eta_typical_at', { withTimezone: true }),
    etaWorstAt: timestamp('eta_worst_at', { withTimezone: true }),
    /** Set by the transporter; the schedule shows it as the expected delivery. */
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    /**
     * Where the trip delivers: the terminal's gate, else the centre of the address's LGA; null when neither
     * is known. Kept by the trigger of migration 0027 (return loads search around it).
     */
    deliveryLatitude: doublePrecision('delivery_latitude'),
    deliveryLongitude: doublePrecision('delivery_longitude'),
    /** Six digits given to the consignee through the customer; DELIVERED needs it. */
    handoverCode: text('handover_code').notNull(),
    handoverFailedAttempts: integer('handover_failed_attempts').notNull().default(0),
    handoverLockedUntil: timestamp('handover_locked_until', { withTimezone: true }),
    /**
     * The step times of docs/reports.md 1.8: the `at` of the trip's live log of each step, null when the
     * step is not done (or was undone). These and the facts below are kept by the triggers of migration
     * 0016, so a report reads one row per trip instead of aggregating its logs, issues, documents,
     * consignment and invoice. The one write of them by the API: a step sets its own step time in the same
     * update as the trip's status (trip.repository recordStep, migration 0036).
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    arrivedPickupAt: timestamp('arrived_pickup_at', { withTimezone: true }),
    /** Who recorded the arrival at pickup: GEOFENCE, DRIVER_PHONE, or null for a person. */
    arrivedPickupBy: text('arrived_pickup_by').$type<'GEOFENCE' | 'DRIVER_PHONE'>(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }),
    arrivedDeliveryAt: timestamp('arrived_delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    emptyDroppedAt: timestamp('empty_dropped_at', { withTimezone: true }),
    /** The trip's issues, any type and status; kept by the trip_issues triggers of migration 0016. */
    issueCount: integer('issue_count').notNull().default(0),
    /** The weight of what the trip carries (`consignments.weight_kg`); kept by the consignments triggers of 0016. */
    weightKg: integer('weight_kg'),
    /** What is owed on the trip: its invoice's amount while PENDING_PAYMENT, else 0; kept by the invoices triggers of 0016. */
    outstandingKobo: bigint('outstanding_kobo', { mode: 'number' }).notNull().default(0),
    /**
     * The trip's approved road expenses, and the commission rate of its payout once the invoice is paid
     * (null before): kept by the trip_expenses and payouts triggers of migration 0040, so the trip profit
     * and truck reports read a trip's profit off the completed trips' covering index.
     */
    approvedExpensesKobo: bigint('approved_expenses_kobo', { mode: 'number' }).notNull().default(0),
    payoutCommissionBps: integer('payout_commission_bps'),
    /** The document kinds the trip holds at least one of; kept by the trip_documents triggers of 0016. */
    documentKinds: text('document_kinds')
      .array()
      .$type<TripDocumentKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trips_customer_idx').on(t.customerCompanyId, t.completed, t.createdAt),
    index('trips_transporter_idx').on(t.transporterCompanyId, t.completed, t.createdAt),
    index('trips_order_idx').on(t.orderId),
    index('trips_pickup_date_idx').on(t.pickupDate),
    // The trip list's default order (most recently moved first, ties newest first) for each side and for
    // admins, so page 1 reads its 20 rows off the index however many trips a company has. Migration 0032
    // adds the INCLUDE columns the list's filters read (Drizzle cannot write them).
    index('trips_customer_list_idx').on(
      t.customerCompanyId,
      sql`${t.latestStatusAt} DESC NULLS LAST`,
      t.createdAt.desc().nullsFirst(),
      t.tripNumber.desc().nullsFirst(),
    ),
    index('trips_transporter_list_idx').on(
      t.transporterCompanyId,
      sql`${t.latestStatusAt} DESC NULLS LAST`,
      t.createdAt.desc().nullsFirst(),
      t.tripNumber.desc().nullsFirst(),
    ),
    index('trips_list_idx').on(
      sql`${t.latestStatusAt} DESC NULLS LAST`,
      t.createdAt.desc().nullsFirst(),
      t.tripNumber.desc().nullsFirst(),
    ),
    // The last guard behind the service's check: a truck or a driver is on one live trip at most.
    uniqueIndex('trips_live_truck_uq')
      .on(t.truckId)
      .where(sql`truck_id IS NOT NULL AND completed = false AND cancelled_at IS NULL`),
    uniqueIndex('trips_live_driver_uq')
      .on(t.driverId)
      .where(sql`driver_id IS NOT NULL AND completed = false AND cancelled_at IS NULL`),
    // Return loads: the trucks on live trips delivering inside a box around an order's pickup.
    index('trips_live_delivery_point_idx')
      .on(t.deliveryLatitude, t.deliveryLongitude)
      .where(
        sql`completed = false AND cancelled_at IS NULL AND truck_id IS NOT NULL AND delivery_latitude IS NOT NULL`,
      ),
    // A truck's, a driver's or a motor boy's trips: an edit to one announces the customers who see it on
    // their trip pages (migration 0015), and their reports read them.
    index('trips_truck_idx').on(t.truckId),
    index('trips_driver_idx').on(t.driverId),
    index('trips_motor_boy_idx').on(t.motorBoyId),
    // The reports' covering indexes (a company's trips by pickup date, award, loading, delivery, completion
    // and the live ones) are in migration 0017: Drizzle cannot write an index's INCLUDE columns.
    // The completed trips of a lane (a terminal, or an address's state and LGA, at each end), latest first:
    // the corridor a truck is watched against and the ETA of a trip read them (queries/trip-lane.repository.ts).
    index('trips_lane_idx')
      .on(
        sql`(coalesce(${t.pickupTerminalId}::text, (${t.pickupAddress}->>'state') || '/' || (${t.pickupAddress}->>'lga')))`,
        sql`(coalesce(${t.recipientTerminalId}::text, (${t.recipientAddress}->>'state') || '/' || (${t.recipientAddress}->>'lga')))`,
        sql`${t.latestStatusAt} DESC NULLS LAST`,
      )
      .where(sql`completed`),
  ],
);

/**
 * How many trips each company has on each side, by the three facts the list filters and the dashboard
 * count by (completed, cancelled, started). Kept exact by the triggers of migrations 0005 and 0035, so a
 * list's totalElements is a sum of a few rows instead of a count over every trip of the company. Each
 * bucket is split in slots, one per database connection (its process id modulo 16): trips completing at
 * once on different connections add to different rows, so they do not wait for each other's commit.
 * Readers sum every slot; a slot alone may hold a negative number.
 */
export const tripCounts = pgTable(
  'trip_counts',
  {
    companyId: uuid('company_id').notNull(),
    side: text('side').$type<'customer' | 'transporter'>().notNull(),
    completed: boolean('completed').notNull(),
    cancelled: boolean('cancelled').notNull(),
    started: boolean('started').notNull(),
    slot: smallint('slot').notNull().default(0),
    trips: bigint('trips', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.side, t.completed, t.cancelled, t.started, t.slot] })],
);

/**
 * What a trip search matches, one text per trip: its trip, container, order and invoice numbers, the client
 * and the reference. Kept by migration 0029's triggers from trips, consignments, orders and invoices, in a
 * table of its own so a trip's status moves never rewrite its trigram index entries (decision 039).
 */
export const tripSearch = pgTable(
  'trip_search',
  {
    tripId: uuid('trip_id')
      .primaryKey()
      .references(() => trips.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
  },
  (t) => [index('trip_search_document_idx').using('gin', sql`${t.document} gin_trgm_ops`)],
);

/** Each step a trip took. An admin's undo marks the log undone instead of deleting it. */
export const tripStatusLogs = pgTable(
  'trip_status_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    status: text('status').$type<TripStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    location: jsonb('location').$type<TripLocation>(),
    note: text('note'),
    handoverOverrideReason: text('handover_override_reason'),
    /**
     * GEOFENCE when the truck's tracking recorded the step by entering the place's geofence; DRIVER_PHONE
     * when the trip's driver recorded it from the phone link (`actorDriverId`, no user account).
     */
    recordedBy: text('recorded_by').$type<'GEOFENCE' | 'DRIVER_PHONE'>(),
    actorDriverId: uuid('actor_driver_id').references(() => drivers.id),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByUserId: uuid('undone_by_user_id').references(() => users.id),
    undoReason: text('undo_reason'),
  },
  (t) => [
    index('trip_status_logs_trip_idx').on(t.tripId, t.at),
    // Two racing moves to the same step cannot both be written.
    uniqueIndex('trip_status_logs_live_uq')
      .on(t.tripId, t.status)
      .where(sql`undone_at IS NULL`),
  ],
);

export const tripIssues = pgTable(
  'trip_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    issueType: text('issue_type').$type<TripIssueType>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<TripIssueStatus>().notNull().default('OPEN'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openedByUserId: uuid('opened_by_user_id').references(() => users.id),
    /** The trip's driver, when opened from the phone link (no user account). */
    openedByDriverId: uuid('opened_by_driver_id').references(() => drivers.id),
    location: jsonb('location').$type<TripLocation>(),
    /** The tracking alarm that opened the issue by itself; null when a person opened it. */
    alarm: text('alarm').$type<TrackingAlarm>(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_issues_trip_idx').on(t.tripId, t.openedAt),
    index('trip_issues_open_idx')
      .on(t.openedAt)
      .where(sql`status = 'OPEN'`),
  ],
);

/** One note per side of a trip (customer, transporter, admin), edited in place. */
export const tripNotes = pgTable(
  'trip_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    side: text('side').$type<NoteSide>().notNull(),
    note: text('note').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trip_notes_trip_side_uq').on(t.tripId, t.side)],
);

export const tripDocuments = pgTable(
  'trip_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TripDocumentKind>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The file's SHA-256 (hex), shown in the delivery dossier; null for files stored before it was kept. */
    sha256: text('sha256'),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id),
    /** The trip's driver, when uploaded from the phone link (no user account). */
    uploadedByDriverId: uuid('uploaded_by_driver_id').references(() => drivers.id),
    uploadedByCompanyId: uuid('uploaded_by_company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trip_documents_trip_idx').on(t.tripId, t.createdAt)],
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
  /** The container's free time and deposit, kept by the customer (docs/decisions/019-money.md). */
  dischargeDate: date('discharge_date', { mode: 'string' }),
  expectedEmptyReturnDate: date('expected_empty_return_date', { mode: 'string' }),
  depositKobo: bigint('deposit_kobo', { mode: 'number' }),
  depositStatus: text('deposit_status').$type<DepositStatus>().notNull().default('NOT_PAID'),
  depositRefundedOn: date('deposit_refunded_on', { mode: 'string' }),
});

/**
 * Raised per trip at award; payment arrives later. The reports' covering indexes on invoices (by issue,
 * payment and due date) are in migration 0017: Drizzle cannot write an index's INCLUDE columns.
 */
export const invoices = pgTable('invoices', {
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
  /** What the customer pays: haulage, accepted charges and VAT (docs/decisions/019-money.md). */
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  /** The price won at award, before VAT. */
  haulageKobo: bigint('haulage_kobo', { mode: 'number' }).notNull(),
  /** The accepted extra charges, before VAT; kept with them in the same transaction. */
  chargesKobo: bigint('charges_kobo', { mode: 'number' }).notNull().default(0),
  /** The VAT rate when the invoice was raised, in basis points (750 is 7.5 %). */
  vatBasisPoints: integer('vat_basis_points').notNull().default(750),
  vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull(),
  /** The trip's cargo type, copied at award (it never changes): spend by cargo type reads invoices alone. */
  cargoType: text('cargo_type').$type<CargoType>().notNull(),
  status: text('status').$type<StoredInvoiceStatus>().notNull().default('PENDING_PAYMENT'),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tracking ids a party revoked. The trip gets a fresh id; the old one answers "revoked" rather than
 * "unknown", so whoever holds it knows to ask for the new link.
 */
export const revokedTrackingLinks = pgTable(
  'revoked_tracking_links',
  {
    trackingId: text('tracking_id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id),
  },
  (t) => [index('revoked_tracking_links_trip_idx').on(t.tripId)],
);

/**
 * The head of a trip's record chain (decision 049): how many links it has and the last one's hash. Its row
 * is locked by each write to the trip's record, so writes at the same moment make one chain, in turn.
 */
export const tripRecordHeads = pgTable('trip_record_heads', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(0),
  head: text('head').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One link of a trip's record chain: a write (or removal) of one of its status logs, issues, notes,
 * documents or expenses, in the order written. `contentHash` is the SHA-256 of the entry's row as written
 * (null for a removal); `linkHash` the SHA-256 of the previous link's hash, this link's number, the entry
 * and its content hash. Written by the triggers of migration 0042 in the write's own transaction.
 */
export const tripRecordLinks = pgTable(
  'trip_record_links',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    entryId: uuid('entry_id').notNull(),
    op: text('op').$type<'WRITE' | 'REMOVE'>().notNull(),
    contentHash: text('content_hash'),
    prevHash: text('prev_hash').notNull(),
    linkHash: text('link_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.seq] }),
    index('trip_record_links_entry_idx').on(t.tripId, t.kind, t.entryId, t.seq),
  ],
);
