import { and, eq, gt, gte, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CargoType, ContainerSize, TripStatus } from '@freightlane/domain';
import type { Db, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  companies,
  orders,
  revokedTrackingLinks,
  terminals,
  tripIssues,
  tripStatusLogs,
  trips,
  truckLatestPositions,
} from '../../db/schema';
import { ONGOING_LINK_ROTATED_CHANNEL } from '../../plugins/trip-events';

/**
 * The queries behind the public pages. Each page is one round trip that builds its JSON in PostgreSQL
 * (json_build_object / json_agg), so node only turns log times into Lagos text and serialises once.
 * Times come back as epoch milliseconds: the drivers disagree on how they hand back timestamps, numbers
 * they both read the same.
 */

export interface PublicTerminal {
  operator: string;
  city: string;
}

export interface PublicAddress {
  city: string;
  state: string;
}

/** A live status log: its status and when it happened (epoch ms). */
export interface PublicLogRow {
  tripStatus: TripStatus;
  at: number;
}

/** What the tracking page shows of a trip, plus what decides whether its link still works. */
export interface PublicTripRow {
  tripId: string;
  /** The trip's current tracking id. */
  trackingId: string;
  customerCompanyId: string;
  /** Epoch ms when the link stops working; null when it never does. */
  expiresAtMs: number | null;
  trip: {
    orderNumber: string | null;
    containerNumbers: string[];
    cargoType: CargoType;
    tripNumber: string;
    pickupTerminal: PublicTerminal | null;
    pickupAddress: PublicAddress | null;
    recipientTerminal: PublicTerminal | null;
    recipientAddress: PublicAddress | null;
    tripStatusLogs: PublicLogRow[];
    /** Epoch ms of the expected arrival while the trip is loaded; null otherwise. */
    eta: { typical: number; worst: number } | null;
    /** The transporter's delivery day (YYYY-MM-DD) until the trip is delivered or cancelled; null otherwise. */
    expectedDeliveryDate: string | null;
    /** Where the truck was last seen while the trip is on; null when the trip is not on or has no place. */
    lastSeen: PublicLastSeenRow | null;
  };
}

/**
 * The LGA and state of the trip's current location, with the times the truck is known to have been there
 * (epoch ms): its latest position when that is in the same place and taken on this trip, and the latest
 * step or issue reported there. Either may be null.
 */
export interface PublicLastSeenRow {
  lga: string;
  state: string;
  positionAtMs: number | null;
  reportedAtMs: number | null;
}

const pickupTerminal = alias(terminals, 'pickup_terminal');
const recipientTerminal = alias(terminals, 'recipient_terminal');

/** A terminal as the public sees it: operator and city, or null when the trip has none at that end. */
function publicTerminalJson(terminal: { id: AnyColumn; operator: AnyColumn; city: AnyColumn }) {
  return sql`CASE WHEN ${terminal.id} IS NULL THEN NULL
    ELSE json_build_object('operator', ${terminal.operator}, 'city', ${terminal.city}) END`;
}

/** An address (jsonb) as the public sees it: city and state only, never the street. */
function publicAddressJson(address: AnyColumn) {
  return sql`CASE WHEN jsonb_typeof(${address}) = 'object'
    THEN json_build_object('city', coalesce(${address}->>'city', ''), 'state', coalesce(${address}->>'state', ''))
    ELSE NULL END`;
}

/** A trip's live status logs (an undone step is not shown), oldest first; rides trip_status_logs_trip_idx. */
const liveLogsJson = sql`coalesce((
    SELECT json_agg(json_build_object('tripStatus', l.status, 'at', floor(extract(epoch FROM l.at) * 1000)) ORDER BY l.at)
    FROM trip_status_logs l WHERE l.trip_id = ${trips.id} AND l.undone_at IS NULL
  ), '[]'::json)`;

const epochMs = (column: AnyColumn) =>
  sql<number | null>`(floor(extract(epoch FROM ${column}) * 1000))::float8`;

const placeLga = sql`(${trips.currentLocation}->>'lga')`;
const placeState = sql`(${trips.currentLocation}->>'state')`;

/**
 * Where the truck was last seen, while the trip is on: the LGA and state of its current location (never the
 * landmark), and when it was there. The truck's latest position counts when it shows the same place and was
 * taken since the truck was put on this trip; a step or an issue counts when it was reported in that place.
 * Rides truck_latest_positions' key, trip_status_logs_trip_idx and trip_issues_trip_idx.
 */
const lastSeenJson = sql`CASE WHEN ${trips.latestStatus} IS NOT NULL AND NOT ${trips.completed}
    AND ${trips.cancelledAt} IS NULL AND jsonb_typeof(${trips.currentLocation}) = 'object'
    AND coalesce(${placeLga}, '') <> '' AND coalesce(${placeState}, '') <> ''
  THEN json_build_object(
    'lga', ${placeLga},
    'state', ${placeState},
    'positionAtMs', (
      SELECT floor(extract(epoch FROM p.recorded_at) * 1000)::float8 FROM ${truckLatestPositions} p
      WHERE p.truck_id = ${trips.truckId} AND p.lga = ${placeLga} AND p.state = ${placeState}
        AND (${trips.truckAssignedAt} IS NULL OR p.recorded_at >= ${trips.truckAssignedAt})
    ),
    'reportedAtMs', floor(extract(epoch FROM greatest(
      (SELECT max(l.at) FROM ${tripStatusLogs} l
        WHERE l.trip_id = ${trips.id} AND l.undone_at IS NULL
          AND l.location->>'lga' = ${placeLga} AND l.location->>'state' = ${placeState}),
      (SELECT max(i.opened_at) FROM ${tripIssues} i
        WHERE i.trip_id = ${trips.id}
          AND i.location->>'lga' = ${placeLga} AND i.location->>'state' = ${placeState})
    )) * 1000)::float8
  )
  ELSE NULL END`;

/** What the tracking page reads of a trip, joined; the callers add which trips. */
function publicTripSelect(db: Db) {
  return db
    .select({
      tripId: trips.id,
      trackingId: trips.trackingId,
      customerCompanyId: trips.customerCompanyId,
      expiresAtMs: epochMs(trips.trackingExpiresAt),
      trip: sql<PublicTripRow['trip']>`json_build_object(
        'orderNumber', ${orders.orderNumber},
        'containerNumbers', coalesce((
          SELECT json_agg(c.container_number ORDER BY c.container_number) FROM consignments c
          WHERE c.trip_id = ${trips.id} AND c.container_number IS NOT NULL AND c.container_number <> ''
        ), '[]'::json),
        'cargoType', ${trips.cargoType},
        'tripNumber', ${trips.tripNumber},
        'pickupTerminal', ${publicTerminalJson(pickupTerminal)},
        'pickupAddress', ${publicAddressJson(trips.pickupAddress)},
        'recipientTerminal', ${publicTerminalJson(recipientTerminal)},
        'recipientAddress', ${publicAddressJson(trips.recipientAddress)},
        'tripStatusLogs', ${liveLogsJson},
        'eta', CASE WHEN ${trips.latestStatus} = 'LOADED' AND ${trips.cancelledAt} IS NULL
            AND ${trips.etaTypicalAt} IS NOT NULL AND ${trips.etaWorstAt} IS NOT NULL
          THEN json_build_object('typical', ${epochMs(trips.etaTypicalAt)}, 'worst', ${epochMs(trips.etaWorstAt)})
          ELSE NULL END,
        'expectedDeliveryDate', CASE WHEN ${trips.expectedDeliveryDate} IS NOT NULL
            AND ${trips.cancelledAt} IS NULL AND NOT EXISTS (
            SELECT 1 FROM ${tripStatusLogs} d
            WHERE d.trip_id = ${trips.id} AND d.status = 'DELIVERED' AND d.undone_at IS NULL
          )
          THEN to_char(${trips.expectedDeliveryDate}, 'YYYY-MM-DD') ELSE NULL END,
        'lastSeen', ${lastSeenJson}
      )`,
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId))
    .$dynamic();
}

/** The trip whose current tracking id is `trackingId`, as the tracking page needs it; null when none. */
export async function findPublicTrip(db: Db, trackingId: string): Promise<PublicTripRow | null> {
  const [row] = await prepared(db, 'public_trip_by_tracking_id', (d) =>
    publicTripSelect(d)
      // The unique index on trips.tracking_id finds the row.
      .where(eq(trips.trackingId, sql.placeholder('trackingId')))
      .limit(1),
  ).execute({ trackingId });
  return row ?? null;
}

/**
 * The tracking pages of up to `limit` trips people still track whose ids come after `afterTripId` (all
 * when null), in trip id order: how the in-memory read model is filled without one query per trip. A trip
 * completed or cancelled before `endedAfter` is left out (its link is read on demand). Keyset paging on
 * the primary key, so each page costs the same however deep into a million trips it is; the trips left
 * out cost a look at their row, not their JSON.
 */
export async function findPublicTripsPage(
  db: Db,
  page: { afterTripId: string | null; endedAfter: Date; limit: number },
): Promise<PublicTripRow[]> {
  const { afterTripId, endedAfter, limit } = page;
  const tracked = and(
    or(eq(trips.completed, false), isNull(trips.latestStatusAt), gte(trips.latestStatusAt, endedAfter)),
    or(isNull(trips.cancelledAt), gte(trips.cancelledAt, endedAfter)),
  );
  return publicTripSelect(db)
    .where(afterTripId === null ? tracked : and(gt(trips.id, afterTripId), tracked))
    .orderBy(trips.id)
    .limit(limit);
}

/** The trip a revoked tracking id belonged to, or null when the id was never revoked. */
export async function findRevokedTrackingLink(
  db: Executor,
  trackingId: string,
): Promise<{ tripId: string } | null> {
  const [row] = await db
    .select({ tripId: revokedTrackingLinks.tripId })
    .from(revokedTrackingLinks)
    .where(eq(revokedTrackingLinks.trackingId, trackingId))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Ongoing trips of a customer company

/**
 * The most trips the public ongoing table lists. A customer with more trucks on the road at once than this
 * is far beyond any fleet we serve, and the cap keeps an unauthenticated answer bounded: about 1 KB a trip,
 * so at most half a megabyte to build, cache and send to a phone, whatever a company's size.
 */
export const ONGOING_TRIPS_CAP = 500;

export interface OngoingTripRow {
  id: string;
  cargoType: CargoType;
  consignments: {
    containerNumber: string | null;
    containerSize: ContainerSize | null;
    liner: { name: string } | null;
    deliveryOrderValidityDate: string | null;
  }[];
  pickupDate: string;
  pickupTerminal: PublicTerminal | null;
  pickupAddress: PublicAddress | null;
  recipientTerminal: PublicTerminal | null;
  recipientAddress: PublicAddress | null;
  tripStatusLogs: PublicLogRow[];
  currentLocation: { address: { lga: string | null; state: string } } | null;
  hasOpenIssue: boolean;
  latestStatus: TripStatus | null;
  latestStatusAtMs: number | null;
  truckRegistrationNumber: string | null;
}

export interface OngoingTripsRow {
  companyId: string;
  trips: OngoingTripRow[];
}

/**
 * The customer company whose ongoing-trips share id is `shareId`, with its trips that are started, neither
 * completed nor cancelled (the signed-in Ongoing tab's rule), most recently moved first; null for an
 * unknown id. The filter rides trips_customer_idx (customer, completed).
 */
export async function findOngoingTrips(db: Db, shareId: string): Promise<OngoingTripsRow | null> {
  const result = await db.execute(sql`
    SELECT c.id AS "companyId", coalesce((
      SELECT json_agg(x.item ORDER BY x.moved_at DESC NULLS LAST, x.trip_number DESC)
      FROM (
        SELECT t.latest_status_at AS moved_at, t.trip_number, json_build_object(
          'id', t.id,
          'cargoType', t.cargo_type,
          'consignments', coalesce((
            SELECT json_agg(json_build_object(
              'containerNumber', nullif(cs.container_number, ''),
              'containerSize', cs.container_size,
              'liner', CASE WHEN sl.id IS NULL THEN NULL ELSE json_build_object('name', sl.name) END,
              'deliveryOrderValidityDate', to_char(cs.delivery_order_validity_date, 'YYYY-MM-DD')
            ) ORDER BY cs.container_number)
            FROM consignments cs LEFT JOIN shipping_lines sl ON sl.id = cs.liner_id
            WHERE cs.trip_id = t.id
          ), '[]'::json),
          'pickupDate', to_char(t.pickup_date, 'YYYY-MM-DD'),
          'pickupTerminal', CASE WHEN pt.id IS NULL THEN NULL
            ELSE json_build_object('operator', pt.operator, 'city', pt.city) END,
          'pickupAddress', CASE WHEN jsonb_typeof(t.pickup_address) = 'object'
            THEN json_build_object('city', coalesce(t.pickup_address->>'city', ''),
              'state', coalesce(t.pickup_address->>'state', ''))
            ELSE NULL END,
          'recipientTerminal', CASE WHEN rt.id IS NULL THEN NULL
            ELSE json_build_object('operator', rt.operator, 'city', rt.city) END,
          'recipientAddress', CASE WHEN jsonb_typeof(t.recipient_address) = 'object'
            THEN json_build_object('city', coalesce(t.recipient_address->>'city', ''),
              'state', coalesce(t.recipient_address->>'state', ''))
            ELSE NULL END,
          'tripStatusLogs', coalesce((
            SELECT json_agg(json_build_object('tripStatus', l.status, 'at', floor(extract(epoch FROM l.at) * 1000))
              ORDER BY l.at)
            FROM trip_status_logs l WHERE l.trip_id = t.id AND l.undone_at IS NULL
          ), '[]'::json),
          'currentLocation', CASE WHEN jsonb_typeof(t.current_location) = 'object'
            THEN json_build_object('address', json_build_object(
              'lga', nullif(t.current_location->>'lga', ''),
              'state', coalesce(t.current_location->>'state', '')))
            ELSE NULL END,
          'hasOpenIssue', EXISTS (SELECT 1 FROM trip_issues i WHERE i.trip_id = t.id AND i.status = 'OPEN'),
          'latestStatus', t.latest_status,
          'latestStatusAtMs', floor(extract(epoch FROM t.latest_status_at) * 1000),
          'truckRegistrationNumber', tr.registration_number
        ) AS item
        FROM trips t
        LEFT JOIN terminals pt ON pt.id = t.pickup_terminal_id
        LEFT JOIN terminals rt ON rt.id = t.recipient_terminal_id
        LEFT JOIN trucks tr ON tr.id = t.truck_id
        WHERE t.customer_company_id = c.id
          AND t.completed = false
          AND t.cancelled_at IS NULL
          AND t.latest_status IS NOT NULL
        ORDER BY t.latest_status_at DESC NULLS LAST, t.trip_number DESC
        LIMIT ${ONGOING_TRIPS_CAP}
      ) x
    ), '[]'::json) AS "trips"
    FROM companies c
    WHERE c.ongoing_share_id = ${shareId}`);
  const [row] = (result as unknown as { rows: OngoingTripsRow[] }).rows;
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Managing the links

/** Sets when a trip's tracking link stops working (null: never). */
export async function setTrackingExpiry(tx: Executor, tripId: string, expiresAt: Date | null): Promise<void> {
  await tx
    .update(trips)
    .set({ trackingExpiresAt: expiresAt, updatedAt: new Date() })
    .where(eq(trips.id, tripId));
}

/**
 * Gives the trip a fresh tracking id and remembers the old one as revoked, so whoever holds the old link
 * is told it was revoked rather than that the trip does not exist.
 */
export async function replaceTrackingId(
  tx: Executor,
  trip: { id: string; trackingId: string },
  freshId: string,
  revokedByUserId: string,
): Promise<void> {
  await tx
    .insert(revokedTrackingLinks)
    .values({ trackingId: trip.trackingId, tripId: trip.id, revokedByUserId });
  await tx.update(trips).set({ trackingId: freshId, updatedAt: new Date() }).where(eq(trips.id, trip.id));
}

/** The company's ongoing-trips share id, or null before it was first asked for. */
export async function findOngoingShareId(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ shareId: companies.ongoingShareId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.shareId ?? null;
}

/** Sets the share id when the company has none yet; null when another request set one first. */
export async function createOngoingShareId(
  db: Executor,
  companyId: string,
  shareId: string,
): Promise<string | null> {
  const [row] = await db
    .update(companies)
    .set({ ongoingShareId: shareId })
    .where(and(eq(companies.id, companyId), isNull(companies.ongoingShareId)))
    .returning({ shareId: companies.ongoingShareId });
  return row?.shareId ?? null;
}

/**
 * Replaces the share id in one UPDATE: the moment it commits the old id matches no company, on every
 * instance's next database read. Answers the id it replaced (null when there was none).
 */
export async function rotateOngoingShareId(
  tx: Executor,
  companyId: string,
  shareId: string,
): Promise<{ previous: string | null }> {
  const result = await tx.execute(sql`
    UPDATE companies AS c SET ongoing_share_id = ${shareId}, updated_at = now()
    FROM (SELECT id, ongoing_share_id FROM companies WHERE id = ${companyId} FOR UPDATE) AS old
    WHERE c.id = old.id
    RETURNING old.ongoing_share_id AS previous`);
  const [row] = (result as unknown as { rows: { previous: string | null }[] }).rows;
  return { previous: row?.previous ?? null };
}

/**
 * Tells every API instance (each LISTENs) that a company's share id changed, so none keeps serving the
 * old one from memory. Delivered at commit, like the trip_changed triggers.
 */
export async function announceOngoingLinkRotated(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${ONGOING_LINK_ROTATED_CHANNEL}, ${companyId})`);
}
