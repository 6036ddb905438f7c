import { CALL_UP_PORTS, HOLDING_BAY_MAX_GAP_MINUTES, HOLDING_BAY_RADIUS_M } from '@freightlane/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { terminals, tripCallUps, users } from '../../db/schema';

export type CallUpRow = typeof tripCallUps.$inferSelect;

const holdingBay = sql`hb`;

/** The terminal when it admits trucks by call-up: a port terminal of Apapa or Tin Can Island. */
export async function callUpTerminal(db: Executor, terminalId: string | null) {
  if (!terminalId) return null;
  const [row] = await db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(
      and(
        eq(terminals.id, terminalId),
        eq(terminals.kind, 'PORT_TERMINAL'),
        inArray(terminals.port, [...CALL_UP_PORTS]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The holding bays a ticket may name: the active ones, by name. */
export async function holdingBayOptions(db: Executor) {
  return db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(and(eq(terminals.kind, 'HOLDING_BAY'), eq(terminals.active, true)))
    .orderBy(asc(terminals.name));
}

/** An active holding bay; null for any other terminal or none. */
export async function findHoldingBay(db: Executor, id: string) {
  const [row] = await db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(and(eq(terminals.id, id), eq(terminals.kind, 'HOLDING_BAY'), eq(terminals.active, true)))
    .limit(1);
  return row ?? null;
}

export async function insertCallUp(db: Executor, values: typeof tripCallUps.$inferInsert) {
  const [row] = await db.insert(tripCallUps).values(values).returning();
  return row!;
}

/** The trip's tickets, the latest first, with their places' and recorder's names. */
export async function callUpsOfTrip(db: Executor, tripId: string) {
  const bay = sql`(SELECT ${terminals.name} FROM ${terminals} WHERE ${terminals.id} = ${tripCallUps.holdingBayId})`;
  return db
    .select({
      callUp: tripCallUps,
      terminalName: terminals.name,
      holdingBayName: sql<string>`${bay}`,
      recordedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(tripCallUps)
    .innerJoin(terminals, eq(terminals.id, tripCallUps.terminalId))
    .leftJoin(users, eq(users.id, tripCallUps.createdByUserId))
    .where(eq(tripCallUps.tripId, tripId))
    .orderBy(desc(tripCallUps.createdAt), desc(tripCallUps.id));
}

export interface ClosingCallUp {
  id: string;
  tripId: string;
  tripNumber: string;
  transporterCompanyId: string;
  ticketNumber: string;
  terminalName: string;
  holdingBayName: string;
  validUntil: Date;
}

/**
 * The current tickets (a trip's latest) closing within `hours` whose alert for those hours is not sent: the
 * truck not at the terminal yet, the trip live. The 12-hour alert is for windows more than 2 hours from
 * closing; a ticket recorded later gets the 2-hour one only.
 */
export async function closingCallUps(db: Executor, now: Date, hours: 12 | 2): Promise<ClosingCallUp[]> {
  const alerted = hours === 12 ? sql`c.alerted_12h_at` : sql`c.alerted_2h_at`;
  const after = hours === 12 ? 2 : 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    SELECT c.id, c.trip_id, t.trip_number, c.transporter_company_id, c.ticket_number, pt.name AS terminal_name,
      ${holdingBay}.name AS holding_bay_name, c.valid_until
    FROM trip_call_ups c
    JOIN trips t ON t.id = c.trip_id
    JOIN terminals pt ON pt.id = c.terminal_id
    JOIN terminals ${holdingBay} ON ${holdingBay}.id = c.holding_bay_id
    WHERE c.alerted_2h_at IS NULL AND ${alerted} IS NULL
      AND c.valid_until > ${at} + ${after} * interval '1 hour'
      AND c.valid_until <= ${at} + ${hours} * interval '1 hour'
      AND t.arrived_pickup_at IS NULL AND t.cancelled_at IS NULL AND NOT t.completed
      AND NOT EXISTS (SELECT 1 FROM trip_call_ups n WHERE n.trip_id = c.trip_id
        AND (n.created_at, n.id) > (c.created_at, c.id))
    ORDER BY c.valid_until
    LIMIT 200`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    id: String(r.id),
    tripId: String(r.trip_id),
    tripNumber: String(r.trip_number),
    transporterCompanyId: String(r.transporter_company_id),
    ticketNumber: String(r.ticket_number),
    terminalName: String(r.terminal_name),
    holdingBayName: String(r.holding_bay_name),
    validUntil: new Date(r.valid_until as string),
  }));
}

/** Marks the alert sent; the 2-hour alert also settles the 12-hour one, which is then too late. */
export async function markCallUpAlerted(db: Executor, id: string, hours: 12 | 2, at: Date): Promise<boolean> {
  const rows = await db
    .update(tripCallUps)
    .set(
      hours === 12
        ? { alerted12hAt: at }
        : {
            alerted2hAt: at,
            alerted12hAt: sql`coalesce(${tripCallUps.alerted12hAt}, ${at.toISOString()}::timestamptz)`,
          },
    )
    .where(
      and(
        eq(tripCallUps.id, id),
        hours === 12 ? sql`${tripCallUps.alerted12hAt} IS NULL` : sql`${tripCallUps.alerted2hAt} IS NULL`,
      ),
    )
    .returning({ id: tripCallUps.id });
  return rows.length > 0;
}

export interface WaitWindow {
  truckId: string | null;
  companyId: string;
  holdingBayId: string;
  /** From when positions count: 48 hours before the window opens, never before the truck was on the trip. */
  from: Date;
  /** Until the truck reached the terminal (or now, before it did). */
  to: Date;
}

/**
 * Minutes the truck spent within HOLDING_BAY_RADIUS_M of the holding bay's point between `from` and `to`:
 * consecutive positions both inside, HOLDING_BAY_MAX_GAP_MINUTES apart at most (a longer gap is the tracker
 * off, not waiting). Null without a truck, without the bay's point, or without a position in the window.
 */
export async function holdingBayMinutes(db: Executor, w: WaitWindow): Promise<number | null> {
  if (!w.truckId || w.to <= w.from) return null;
  const result = (await db.execute(sql`
    WITH bay AS (SELECT latitude, longitude FROM terminals WHERE id = ${w.holdingBayId} AND latitude IS NOT NULL),
    p AS (
      SELECT p.recorded_at,
        2 * 6371008.8 * asin(sqrt(least(1, power(sin(radians(p.latitude - bay.latitude) / 2), 2)
          + cos(radians(bay.latitude)) * cos(radians(p.latitude))
            * power(sin(radians(p.longitude - bay.longitude) / 2), 2)))) <= ${HOLDING_BAY_RADIUS_M} AS inside
      FROM truck_positions p, bay
      WHERE p.truck_id = ${w.truckId} AND p.company_id = ${w.companyId}
        AND p.recorded_at >= ${w.from.toISOString()}::timestamptz AND p.recorded_at <= ${w.to.toISOString()}::timestamptz
    ),
    legs AS (
      SELECT inside, lag(inside) OVER w AS was_inside,
        extract(epoch FROM recorded_at - lag(recorded_at) OVER w) / 60 AS minutes
      FROM p WINDOW w AS (ORDER BY recorded_at)
    )
    SELECT (SELECT count(*) FROM bay) AS bays, count(*) AS positions,
      coalesce(sum(minutes) FILTER (WHERE inside AND was_inside AND minutes <= ${HOLDING_BAY_MAX_GAP_MINUTES}), 0)
        AS minutes
    FROM legs`)) as unknown as {
    rows: { bays: string | number; positions: string | number; minutes: string | number }[];
  };
  const row = result.rows[0]!;
  // No position in the window says nothing of the wait: the truck was not tracked.
  return Number(row.bays) === 0 || Number(row.positions) === 0 ? null : Math.round(Number(row.minutes));
}

/** The current ticket of each trip that is loaded and not measured yet, a batch at a time. */
export async function callUpsToMeasure(db: Executor, limit: number) {
  const result = (await db.execute(sql`
    SELECT c.id, c.holding_bay_id, c.valid_from, c.transporter_company_id, t.truck_id, t.truck_assigned_at,
      t.arrived_pickup_at, t.loaded_at,
      EXISTS (SELECT 1 FROM trip_call_ups n WHERE n.trip_id = c.trip_id
        AND (n.created_at, n.id) > (c.created_at, c.id)) AS replaced
    FROM trip_call_ups c JOIN trips t ON t.id = c.trip_id
    WHERE c.measured_at IS NULL AND (t.loaded_at IS NOT NULL OR t.cancelled_at IS NOT NULL)
    ORDER BY c.created_at
    LIMIT ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return result.rows.map((r) => ({
    id: String(r.id),
    holdingBayId: String(r.holding_bay_id),
    validFrom: at(r.valid_from)!,
    companyId: String(r.transporter_company_id),
    truckId: (r.truck_id as string | null) ?? null,
    truckAssignedAt: at(r.truck_assigned_at),
    arrivedPickupAt: at(r.arrived_pickup_at),
    loadedAt: at(r.loaded_at),
    replaced: r.replaced === true,
  }));
}

export async function saveCallUpWaits(
  db: Executor,
  id: string,
  waits: { holdingBayMinutes: number | null; gateMinutes: number | null },
  at: Date,
) {
  await db
    .update(tripCallUps)
    .set({ holdingBayMinutes: waits.holdingBayMinutes, gateMinutes: waits.gateMinutes, measuredAt: at })
    .where(eq(tripCallUps.id, id));
}
