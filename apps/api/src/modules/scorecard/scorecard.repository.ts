import { eq, inArray, sql } from 'drizzle-orm';
import type { CustomerFigures, TripIssueType, TransporterFigures } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, companyLanes, companyScorecards, scorecardRefreshQueue } from '../../db/schema';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const n = (value: unknown) => Number(value ?? 0);

/** The moments the figures count from: the rates' window and the recent count's. */
export interface Windows {
  from: Date;
  recentFrom: Date;
}

// A date's end in Lagos: the first moment of the next day there, as PostgreSQL reads a local timestamp.
const endOfLagosDay = (column: string) => sql.raw(`((${column} + 1)::timestamp AT TIME ZONE 'Africa/Lagos')`);

/**
 * Counts, once, how much of each of the transporter's trips delivered in the window had positions while
 * loaded: its loaded time (loaded to arrival at delivery, or to delivery) in 15-minute slots, and the slots
 * holding a position of its truck. Trips counted before are left as they were.
 */
export async function countTrackingCoverage(db: Executor, companyId: string, from: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO trip_tracking_coverage (trip_id, slots, covered)
    SELECT t.id,
      greatest(1, ceil(extract(epoch FROM (coalesce(t.arrived_delivery_at, t.delivered_at) - t.loaded_at)) / 900))::int,
      least(
        greatest(1, ceil(extract(epoch FROM (coalesce(t.arrived_delivery_at, t.delivered_at) - t.loaded_at)) / 900))::int,
        coalesce((
          SELECT count(DISTINCT floor(extract(epoch FROM (p.recorded_at - t.loaded_at)) / 900))
          FROM truck_positions p
          WHERE p.truck_id = t.truck_id
            AND p.recorded_at >= t.loaded_at
            AND p.recorded_at < coalesce(t.arrived_delivery_at, t.delivered_at)
        ), 0)::int)
    FROM trips t
    WHERE t.transporter_company_id = ${companyId}
      AND t.delivered_at >= ${from.toISOString()}::timestamptz
      AND t.loaded_at IS NOT NULL
      AND coalesce(t.arrived_delivery_at, t.delivered_at) > t.loaded_at
      AND NOT EXISTS (SELECT 1 FROM trip_tracking_coverage c WHERE c.trip_id = t.id)
    ON CONFLICT (trip_id) DO NOTHING`);
}

/** A transporter's figures, ratings aside (ratings have their own rule of what is shown). */
export async function transporterFigures(
  db: Executor,
  companyId: string,
  w: Windows,
): Promise<Omit<TransporterFigures, 'rating'>> {
  const from = w.from.toISOString();
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE t.completed AND t.cancelled_at IS NULL
          AND coalesce(t.delivered_at, t.latest_status_at) >= ${w.recentFrom.toISOString()}::timestamptz) AS completed_recent,
        count(*) FILTER (WHERE t.completed AND t.cancelled_at IS NULL) AS completed_all,
        count(*) FILTER (WHERE t.arrived_pickup_at >= ${from}::timestamptz
          AND t.arrived_pickup_at < ${endOfLagosDay('t.pickup_date')}) AS pickup_on_time,
        count(*) FILTER (WHERE t.arrived_pickup_at >= ${from}::timestamptz) AS pickup_of,
        count(*) FILTER (WHERE t.delivered_at >= ${from}::timestamptz AND t.expected_delivery_date IS NOT NULL
          AND t.delivered_at < ${endOfLagosDay('t.expected_delivery_date')}) AS delivery_on_time,
        count(*) FILTER (WHERE t.delivered_at >= ${from}::timestamptz
          AND t.expected_delivery_date IS NOT NULL) AS delivery_of,
        count(*) FILTER (WHERE t.delivered_at >= ${from}::timestamptz) AS delivered,
        count(*) FILTER (WHERE t.delivered_at >= ${from}::timestamptz AND EXISTS (
          SELECT 1 FROM trip_documents d WHERE d.trip_id = t.id AND d.kind = 'PROOF_OF_DELIVERY'
            AND d.created_at <= t.delivered_at + interval '24 hours')) AS pod_on_time,
        count(*) FILTER (WHERE t.created_at >= ${from}::timestamptz) AS awarded,
        count(*) FILTER (WHERE t.created_at >= ${from}::timestamptz AND t.cancelled_at IS NOT NULL
          AND t.cancelled_by_user_id IN (SELECT u.id FROM users u WHERE u.company_id = ${companyId})) AS cancelled,
        (SELECT coalesce(sum(c.covered), 0) FROM trip_tracking_coverage c JOIN trips ct ON ct.id = c.trip_id
          WHERE ct.transporter_company_id = ${companyId} AND ct.delivered_at >= ${from}::timestamptz) AS covered,
        (SELECT coalesce(sum(c.slots), 0) FROM trip_tracking_coverage c JOIN trips ct ON ct.id = c.trip_id
          WHERE ct.transporter_company_id = ${companyId} AND ct.delivered_at >= ${from}::timestamptz) AS slots
      FROM trips t
      WHERE t.transporter_company_id = ${companyId}`),
  );
  const issues = rowsOf<{ issue_type: TripIssueType; issues: unknown }>(
    await db.execute(sql`
      SELECT i.issue_type, count(*) AS issues
      FROM trip_issues i JOIN trips t ON t.id = i.trip_id
      WHERE t.transporter_company_id = ${companyId} AND t.delivered_at >= ${from}::timestamptz
      GROUP BY i.issue_type`),
  );
  const r = row ?? {};
  return {
    completedTripsRecent: n(r.completed_recent),
    completedTripsAll: n(r.completed_all),
    onTimePickup: { count: n(r.pickup_on_time), of: n(r.pickup_of) },
    onTimeDelivery: { count: n(r.delivery_on_time), of: n(r.delivery_of) },
    trackingCoverage: { count: n(r.covered), of: n(r.slots) },
    issues: {
      byType: Object.fromEntries(issues.map((i) => [i.issue_type, n(i.issues)])),
      trips: n(r.delivered),
    },
    cancellationsAfterAward: { count: n(r.cancelled), of: n(r.awarded) },
    proofOfDeliveryOnTime: { count: n(r.pod_on_time), of: n(r.delivered) },
  };
}

/** A customer's figures, ratings aside. */
export async function customerFigures(
  db: Executor,
  companyId: string,
  w: Windows,
  now: Date,
): Promise<Omit<CustomerFigures, 'rating'>> {
  const from = w.from.toISOString();
  const [trips] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE t.completed AND t.cancelled_at IS NULL
          AND coalesce(t.delivered_at, t.latest_status_at) >= ${w.recentFrom.toISOString()}::timestamptz) AS trips_recent,
        count(*) FILTER (WHERE t.completed AND t.cancelled_at IS NULL) AS trips_all,
        count(*) FILTER (WHERE t.created_at >= ${from}::timestamptz) AS awarded,
        count(*) FILTER (WHERE t.created_at >= ${from}::timestamptz AND t.cancelled_at IS NOT NULL
          AND t.cancelled_by_user_id IN (SELECT u.id FROM users u WHERE u.company_id = ${companyId})) AS cancelled,
        coalesce(sum(extract(epoch FROM (t.loaded_at - t.arrived_pickup_at)) / 3600) FILTER (
          WHERE t.pickup_terminal_id IS NULL AND t.loaded_at >= ${from}::timestamptz
            AND t.arrived_pickup_at IS NOT NULL AND t.loaded_at >= t.arrived_pickup_at), 0)
        + coalesce(sum(extract(epoch FROM (t.delivered_at - t.arrived_delivery_at)) / 3600) FILTER (
          WHERE t.recipient_terminal_id IS NULL AND t.delivered_at >= ${from}::timestamptz
            AND t.arrived_delivery_at IS NOT NULL AND t.delivered_at >= t.arrived_delivery_at), 0) AS waiting_hours,
        count(*) FILTER (WHERE t.pickup_terminal_id IS NULL AND t.loaded_at >= ${from}::timestamptz
            AND t.arrived_pickup_at IS NOT NULL AND t.loaded_at >= t.arrived_pickup_at)
        + count(*) FILTER (WHERE t.recipient_terminal_id IS NULL AND t.delivered_at >= ${from}::timestamptz
            AND t.arrived_delivery_at IS NOT NULL AND t.delivered_at >= t.arrived_delivery_at) AS waiting_stops
      FROM trips t
      WHERE t.customer_company_id = ${companyId}`),
  );
  const nowText = now.toISOString();
  const [invoices] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT
        coalesce(sum(extract(epoch FROM (i.paid_at - i.created_at)) / 86400) FILTER (
          WHERE i.paid_at >= ${from}::timestamptz), 0) AS paid_days,
        count(*) FILTER (WHERE i.paid_at >= ${from}::timestamptz) AS paid,
        count(*) FILTER (WHERE i.status <> 'VOID' AND i.due_at >= ${from}::timestamptz AND i.due_at < ${nowText}::timestamptz
          AND (i.paid_at > i.due_at OR i.paid_at IS NULL)) AS overdue,
        count(*) FILTER (WHERE i.status <> 'VOID' AND i.due_at >= ${from}::timestamptz
          AND i.due_at < ${nowText}::timestamptz) AS due
      FROM invoices i
      WHERE i.customer_company_id = ${companyId}`),
  );
  const t = trips ?? {};
  const i = invoices ?? {};
  return {
    tripsRecent: n(t.trips_recent),
    tripsAll: n(t.trips_all),
    daysToPay: { totalDays: Math.round(n(i.paid_days) * 10) / 10, invoices: n(i.paid) },
    overdue: { count: n(i.overdue), of: n(i.due) },
    waitingAtSites: { totalHours: Math.round(n(t.waiting_hours) * 10) / 10, stops: n(t.waiting_stops) },
    cancellationsAfterAward: { count: n(t.cancelled), of: n(t.awarded) },
  };
}

/**
 * Replaces a transporter's lanes (pickup state → delivery state) with those of its completed trips in the
 * window: a lane is served once a truck has run it, as the card's trip counts are of completed trips.
 */
export async function replaceCompanyLanes(db: Executor, companyId: string, from: Date): Promise<void> {
  await db.delete(companyLanes).where(eq(companyLanes.companyId, companyId));
  await db.execute(sql`
    INSERT INTO company_lanes (company_id, pickup_state, delivery_state, trips)
    SELECT ${companyId}, coalesce(pt.state, t.pickup_address->>'state'), coalesce(dt.state, t.recipient_address->>'state'), count(*)
    FROM trips t
    LEFT JOIN terminals pt ON pt.id = t.pickup_terminal_id
    LEFT JOIN terminals dt ON dt.id = t.recipient_terminal_id
    WHERE t.transporter_company_id = ${companyId} AND t.created_at >= ${from.toISOString()}::timestamptz
      AND t.completed AND t.cancelled_at IS NULL
      AND coalesce(pt.state, t.pickup_address->>'state') IS NOT NULL
      AND coalesce(dt.state, t.recipient_address->>'state') IS NOT NULL
    GROUP BY 2, 3`);
}

export async function saveScorecard(db: Executor, row: typeof companyScorecards.$inferInsert): Promise<void> {
  await db
    .insert(companyScorecards)
    .values(row)
    .onConflictDoUpdate({
      target: companyScorecards.companyId,
      set: {
        side: row.side,
        figures: row.figures,
        score: row.score,
        trips: row.trips,
        computedAt: row.computedAt,
      },
    });
}

export async function scorecardsOf(db: Executor, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(companyScorecards)
    .where(inArray(companyScorecards.companyId, [...companyIds]));
}

/**
 * The company a card (or a profile) is about: its name and type, whether others may see it (verified, not
 * suspended), and what a profile shows of it.
 */
export async function companyForScorecard(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      verificationStatus: companies.verificationStatus,
      suspendedAt: companies.suspendedAt,
      address: companies.address,
      verifiedAt: companies.verifiedAt,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/**
 * Takes up to `limit` notes off the queue, the oldest first, and answers their companies once each. Two
 * instances take different rows; a company whose recount then fails is noted again by the caller.
 */
export async function takeQueuedCompanies(db: Executor, limit: number): Promise<string[]> {
  const taken = rowsOf<{ company_id: string }>(
    await db.execute(sql`
      DELETE FROM scorecard_refresh_queue
      WHERE id IN (SELECT id FROM scorecard_refresh_queue ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING company_id`),
  );
  return [...new Set(taken.map((t) => t.company_id))];
}

/** Notes one company for the next recount. */
export async function queueScorecard(db: Executor, companyId: string): Promise<void> {
  await db.insert(scorecardRefreshQueue).values({ companyId });
}

/** Notes every company with a trip in the window, for the nightly recount (windows move with the days). */
export async function queueActiveCompanies(db: Executor, from: Date): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO scorecard_refresh_queue (company_id)
    SELECT DISTINCT c.id FROM companies c
    WHERE c.type <> 'PLATFORM' AND EXISTS (
      SELECT 1 FROM trips t
      WHERE (t.transporter_company_id = c.id OR t.customer_company_id = c.id)
        AND t.created_at >= ${from.toISOString()}::timestamptz)`);
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}
