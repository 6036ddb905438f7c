import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ArrivalMode,
  DriverAction,
  DriverActionResult,
  KeptRoutePoint,
  TrackingAuthMethod,
  TrackingCredentialStatus,
  TrackingProviderKind,
  TripAlertKind,
  TripLocation,
  TripStatus,
} from '@freightlane/domain';
import { companies } from './company';
import { drivers, trucks } from './fleet';
import { trips } from './trip';
import { users } from './user';

/** The tracking companies (telematics providers) the platform can read positions from. Reference data. */
export const trackingCompanies = pgTable('tracking_companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable key of the reference data; the name may be corrected. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').$type<TrackingProviderKind>().notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * A transporter's account at a tracking company. The password or token is kept only encrypted
 * (AES-256-GCM, lib/secret-box.ts). The poll fields let one instance at a time read the provider:
 * an instance takes the lease (pollLeaseUntil) with FOR UPDATE SKIP LOCKED and the next poll is
 * pushed back further after each failure.
 */
export const trackingCredentials = pgTable(
  'tracking_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    trackingCompanyId: uuid('tracking_company_id')
      .notNull()
      .references(() => trackingCompanies.id),
    label: text('label').notNull(),
    baseUrl: text('base_url'),
    authMethod: text('auth_method').$type<TrackingAuthMethod>(),
    username: text('username'),
    secretCiphertext: text('secret_ciphertext'),
    active: boolean('active').notNull().default(true),
    status: text('status').$type<TrackingCredentialStatus>().notNull().default('CONNECTED'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    lastError: text('last_error'),
    pollFailures: integer('poll_failures').notNull().default(0),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    pollLeaseUntil: timestamp('poll_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_credentials_company_idx').on(t.companyId),
    index('tracking_credentials_due_idx')
      .on(t.nextPollAt)
      .where(sql`active`),
  ],
);

/** A device (tracker or phone app) a credential's provider reports, linked to at most one truck. */
export const trackingDevices = pgTable(
  'tracking_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => trackingCredentials.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    uniqueId: text('unique_id').notNull(),
    truckId: uuid('truck_id').references(() => trucks.id),
    /** When the device was put on its truck; null while it follows none. */
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracking_devices_external_idx').on(t.credentialId, t.externalId),
    // A truck follows one device at a time, whichever account it comes from.
    uniqueIndex('tracking_devices_truck_idx')
      .on(t.truckId)
      .where(sql`truck_id IS NOT NULL`),
  ],
);

/**
 * Every position a truck reported. Unique per truck and time, so a position sent again (a phone
 * resending its queue, a provider answering the same fix twice) is stored once. Partitioned by day of
 * `recorded_at` (migration 0033, decision 041): a day's partition is made ahead and dropped whole once
 * older than TRACKING_HISTORY_DAYS, after each finished trip's route is kept in `trip_routes`.
 */
export const truckPositions = pgTable(
  'truck_positions',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id),
    companyId: uuid('company_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    speedKmh: real('speed_kmh'),
    heading: real('heading'),
    accuracyM: real('accuracy_m'),
    source: text('source').$type<TrackingProviderKind>().notNull(),
    address: text('address'),
  },
  (t) => [primaryKey({ name: 'truck_positions_pkey', columns: [t.truckId, t.recordedAt] })],
);

/**
 * A finished trip's route as its truck travelled it, kept when the trip completes or is cancelled so the
 * trip page, the reports and the lane corridors outlive the raw positions: at most KEPT_ROUTE_POINTS
 * points chosen to keep the shape, each `[latitude, longitude, epoch seconds, speed km/h or null,
 * heading or null]`, and the length of the whole raw route.
 */
export const tripRoutes = pgTable('trip_routes', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id),
  points: jsonb('points').$type<KeptRoutePoint[]>().notNull(),
  /** The raw positions the points were chosen from. */
  rawPoints: integer('raw_points').notNull(),
  /** Great-circle length of the raw route in km; null with fewer than two positions. */
  distanceKm: doublePrecision('distance_km'),
  keptAt: timestamp('kept_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Finished trips whose route is still to be kept; a trigger on trips adds them (migration 0033). */
export const tripRoutesPending = pgTable('trip_routes_pending', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each truck's latest position with its place, so reads never scan the history. */
export const truckLatestPositions = pgTable('truck_latest_positions', {
  truckId: uuid('truck_id')
    .primaryKey()
    .references(() => trucks.id),
  companyId: uuid('company_id').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  speedKmh: real('speed_kmh'),
  heading: real('heading'),
  source: text('source').$type<TrackingProviderKind>().notNull(),
  lga: text('lga'),
  state: text('state'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A driver's private phone link. The token is found by its SHA-256 (a leaked table gives no working
 * link) and kept sealed so the transporter can show the link again; issuing a new one replaces it.
 */
export const driverPhoneLinks = pgTable('driver_phone_links', {
  driverId: uuid('driver_id')
    .primaryKey()
    .references(() => drivers.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed').notNull(),
  lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The actions drivers recorded from their phone link, by the id the phone made up for each: a resent action
 * finds its row and answers the stored result instead of acting twice. The row is written in the action's
 * own transaction, so an action is either recorded with its row or not at all.
 */
export const driverActions = pgTable(
  'driver_actions',
  {
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id),
    clientActionId: uuid('client_action_id').notNull(),
    action: text('action').$type<DriverAction>().notNull(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** The answer of the action; set before its transaction commits. */
    result: jsonb('result').$type<DriverActionResult>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.driverId, t.clientActionId] })],
);

/**
 * How a transporter wants its trucks watched: whether entering a geofence records the arrival or only
 * proposes it, and the thresholds of the alarms. A company without a row uses the defaults
 * (TRACKING_SETTINGS_DEFAULTS in the domain).
 */
export const trackingSettings = pgTable('tracking_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  arrivalMode: text('arrival_mode').$type<ArrivalMode>().notNull(),
  geofenceRadiusM: integer('geofence_radius_m').notNull(),
  diversionAlerts: boolean('diversion_alerts').notNull(),
  minCorridorKm: integer('min_corridor_km').notNull(),
  stopAlerts: boolean('stop_alerts').notNull(),
  stopMinutes: integer('stop_minutes').notNull(),
  nightAlerts: boolean('night_alerts').notNull(),
  nightFromHour: integer('night_from_hour').notNull(),
  nightToHour: integer('night_to_hour').notNull(),
  silenceAlerts: boolean('silence_alerts').notNull(),
  silenceMinutes: integer('silence_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The watch over one live trip whose truck reports positions: how far its track has been read, the
 * arrival it proposes, and the lease that keeps two instances from reading it at once.
 */
export const tripWatches = pgTable(
  'trip_watches',
  {
    tripId: uuid('trip_id')
      .primaryKey()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** Positions up to this time have been read. */
    checkedUntil: timestamp('checked_until', { withTimezone: true }),
    /** An arrival the geofence saw, waiting for the transporter to record it (arrival mode PROPOSE). */
    proposedStatus: text('proposed_status').$type<TripStatus>(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    /** When the watch last ran, so a silence is raised once, when it passes the threshold. */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [index('trip_watches_due_idx').on(t.nextCheckAt)],
);

/**
 * What a truck's tracking saw on a trip that both companies should know of but that does not hold the trip
 * up, unlike a trip issue (which shows the trip DELAYED): a truck driving at night. At most one per trip,
 * kind and night, so the watch raising it again in the same night adds nothing and tells nobody twice.
 */
export const tripAlerts = pgTable(
  'trip_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TripAlertKind>().notNull(),
    description: text('description').notNull(),
    /** When it happened on the road, not when the watch read it. */
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    /** The Lagos date the night began on (domain: lagosNightOf). */
    night: date('night', { mode: 'string' }).notNull(),
    location: jsonb('location').$type<TripLocation>(),
    /** When the transporter marked it seen, and who; null until then. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedByUserId: uuid('acknowledged_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trip_alerts_once_per_night_idx').on(t.tripId, t.kind, t.night)],
);
