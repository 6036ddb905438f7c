import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TrackingAlarm } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import {
  terminals,
  tripIssues,
  trips,
  tripStatusLogs,
  tripWatches,
  truckLatestPositions,
  truckPositions,
} from '../../db/schema';

const pickupTerminal = alias(terminals, 'pickup_terminal');
const recipientTerminal = alias(terminals, 'recipient_terminal');

const live = and(eq(trips.completed, false), isNull(trips.cancelledAt), isNotNull(trips.latestStatus));

/** Starts watching every live trip whose truck reports positions and is not watched yet. */
export async function enrolLiveTrips(db: Executor): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${tripWatches} (trip_id)
    SELECT ${trips.id} FROM ${trips}
    JOIN ${truckLatestPositions} ON ${truckLatestPositions.truckId} = ${trips.truckId}
    WHERE ${live}
    ON CONFLICT DO NOTHING`);
}

/** Stops watching trips that were completed or cancelled. */
export async function dropFinishedWatches(db: Executor): Promise<void> {
  await db.delete(tripWatches).where(
    inArray(
      tripWatches.tripId,
      db
        .select({ id: trips.id })
        .from(trips)
        .innerJoin(tripWatches, eq(tripWatches.tripId, trips.id))
        .where(or(eq(trips.completed, true), isNotNull(trips.cancelledAt))),
    ),
  );
}

/**
 * Takes the watch that is due the longest, under a lease: FOR UPDATE SKIP LOCKED lets several instances
 * share the watches, never two on one trip; a crashed instance's lease runs out.
 */
export async function leaseDueWatch(db: Executor, leaseSeconds: number) {
  const due = db
    .select({ tripId: tripWatches.tripId })
    .from(tripWatches)
    .where(
      and(
        lte(tripWatches.nextCheckAt, sql`now()`),
        or(isNull(tripWatches.leaseUntil), lt(tripWatches.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(tripWatches.nextCheckAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(tripWatches)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(tripWatches.tripId, due))
    .returning();
  return row;
}

/** Records a watch: how far the track was read, the arrival it proposes, and when to look again. */
export async function finishWatch(
  db: Executor,
  tripId: string,
  values: {
    checkedUntil: Date | null;
    watchedAt: Date;
    proposal: { status: NonNullable<typeof tripWatches.$inferSelect.proposedStatus>; at: Date } | null;
    nextCheckInSeconds: number;
  },
): Promise<void> {
  await db
    .update(tripWatches)
    .set({
      checkedUntil: values.checkedUntil,
      watchedAt: values.watchedAt,
      proposedStatus: values.proposal?.status ?? null,
      proposedAt: values.proposal?.at ?? null,
      nextCheckAt: sql`now() + make_interval(secs => ${values.nextCheckInSeconds})`,
      leaseUntil: null,
    })
    .where(eq(tripWatches.tripId, tripId));
}

/** When the trip set off: its STARTED step, unless taken back; null before. */
export const setOffOf = (tripId: SQL | string) =>
  sql<Date | null>`(SELECT min(l.at) FROM ${tripStatusLogs} l WHERE l.trip_id = ${tripId} AND l.status = 'STARTED' AND l.undone_at IS NULL)`;

/**
 * The set-off of each row of a select from `trips`. Named in full: a select from one table names its
 * columns bare, and inside the subquery a bare "id" would be the status log's own.
 */
export const setOffOfTripRow = () => setOffOf(sql`"trips"."id"`).mapWith(tripStatusLogs.at);

/** When the trip set off (its STARTED step), or null when it has not. */
export async function setOffAtOfTrip(db: Executor, tripId: string): Promise<Date | null> {
  const result = await db.execute(sql`SELECT ${setOffOf(tripId)} AS at`);
  const at = (result as unknown as { rows: { at: Date | string | null }[] }).rows[0]?.at ?? null;
  return at === null ? null : new Date(at);
}

/** The watched trip with what the watch reads of it: its places' terminals and when it set off. */
export async function findWatchedTrip(db: Executor, tripId: string) {
  const setOff = setOffOf(sql`${trips.id}`);
  const [row] = await db
    .select({
      id: trips.id,
      tripNumber: trips.tripNumber,
      customerCompanyId: trips.customerCompanyId,
      transporterCompanyId: trips.transporterCompanyId,
      cargoType: trips.cargoType,
      truckId: trips.truckId,
      truckAssignedAt: trips.truckAssignedAt,
      latestStatus: trips.latestStatus,
      latestStatusAt: trips.latestStatusAt,
      completed: trips.completed,
      cancelledAt: trips.cancelledAt,
      pickupAddress: trips.pickupAddress,
      recipientAddress: trips.recipientAddress,
      pickupTerminal: { latitude: pickupTerminal.latitude, longitude: pickupTerminal.longitude },
      recipientTerminal: { latitude: recipientTerminal.latitude, longitude: recipientTerminal.longitude },
      setOffAt: setOff.mapWith(tripStatusLogs.at),
    })
    .from(trips)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId))
    .where(eq(trips.id, tripId))
    .limit(1);
  return row ?? null;
}

export type WatchedTripRow = NonNullable<Awaited<ReturnType<typeof findWatchedTrip>>>;

/**
 * The live trips of these trucks: their ends (terminals' coordinates and addresses) and their latest
 * step with its time.
 */
export async function liveTripsOfTrucks(db: Executor, truckIds: string[]) {
  if (truckIds.length === 0) return [];
  return db
    .select({
      truckId: trips.truckId,
      latestStatus: trips.latestStatus,
      latestStatusAt: trips.latestStatusAt,
      pickupAddress: trips.pickupAddress,
      recipientAddress: trips.recipientAddress,
      pickupTerminal: { latitude: pickupTerminal.latitude, longitude: pickupTerminal.longitude },
      recipientTerminal: { latitude: recipientTerminal.latitude, longitude: recipientTerminal.longitude },
    })
    .from(trips)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId))
    .where(and(inArray(trips.truckId, truckIds), live));
}

/** A truck's positions after `from`, oldest first, at most `limit` (the earliest ones: the watch reads on). */
export async function trackOfTruckSince(db: Executor, truckId: string, from: Date, limit: number) {
  return db
    .select({
      latitude: truckPositions.latitude,
      longitude: truckPositions.longitude,
      at: truckPositions.recordedAt,
    })
    .from(truckPositions)
    .where(and(eq(truckPositions.truckId, truckId), gt(truckPositions.recordedAt, from)))
    .orderBy(asc(truckPositions.recordedAt))
    .limit(limit);
}

/** When the truck last reported, whatever trip it was on. */
export async function lastPositionAtOfTruck(db: Executor, truckId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: truckLatestPositions.recordedAt })
    .from(truckLatestPositions)
    .where(eq(truckLatestPositions.truckId, truckId));
  return row?.at ?? null;
}

/** The alarms with an unresolved issue on the trip. */
export async function openAlarmsOfTrip(db: Executor, tripId: string): Promise<Set<TrackingAlarm>> {
  const rows = await db
    .selectDistinct({ alarm: tripIssues.alarm })
    .from(tripIssues)
    .where(and(eq(tripIssues.tripId, tripId), eq(tripIssues.status, 'OPEN'), isNotNull(tripIssues.alarm)));
  return new Set(rows.flatMap((r) => (r.alarm ? [r.alarm] : [])));
}

/** Every terminal with coordinates: places a truck is expected to stand still at. */
export async function terminalPositions(db: Executor) {
  const rows = await db
    .select({ latitude: terminals.latitude, longitude: terminals.longitude })
    .from(terminals)
    .where(and(isNotNull(terminals.latitude), isNotNull(terminals.longitude)));
  return rows.flatMap((r) =>
    r.latitude !== null && r.longitude !== null ? [{ latitude: r.latitude, longitude: r.longitude }] : [],
  );
}

/** The arrival the watch proposes on a trip, if any. */
export async function findProposedArrival(db: Executor, tripId: string) {
  const [row] = await db
    .select({ status: tripWatches.proposedStatus, at: tripWatches.proposedAt })
    .from(tripWatches)
    .where(and(eq(tripWatches.tripId, tripId), isNotNull(tripWatches.proposedStatus)));
  return row?.status && row.at ? { status: row.status, at: row.at } : null;
}
