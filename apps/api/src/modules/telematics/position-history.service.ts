import {
  KEPT_ROUTE_POINTS,
  MAX_POSITION_AGE_DAYS,
  pathLengthKm,
  POSITION_CLOCK_SKEW_MS,
  simplifyRoute,
  toKeptPoint,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import {
  countPendingRoutes,
  deleteAgedDefaultPositions,
  dropPositionPartition,
  ensurePositionPartitions,
  keepRoutes,
  pendingRoutes,
  positionPartitionNames,
  type KeptRoute,
} from './position-history.repository';
import { positionsOfTruck } from './truck-position.repository';

// Raw positions live in day partitions for TRACKING_HISTORY_DAYS; each finished trip keeps its route in
// trip_routes before its days go (decision 041).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of partitions made ahead, so a missed day of the job never sends positions to the default one. */
export const PARTITION_DAYS_AHEAD = 14;
/** Raw positions read for one trip's route: a truck reporting every 30 s for 70 days. */
export const KEEP_READ_LIMIT = 200_000;
/** Trips whose routes one pass keeps; a pass runs until none wait or it has kept this many times ten. */
const KEEP_BATCH = 100;

/** What bounds a trip's route: its set-off (and truck), its end. */
export interface RouteBounds {
  setOffAt: Date | null;
  truckAssignedAt: Date | null;
  cancelledAt: Date | null;
  completed: boolean;
  latestStatusAt: Date | null;
}

/**
 * The time span of a trip's route: from when it set off (or the truck was put on it, if later) until it
 * ended, or now for a live trip (timed by a clock a little ahead of the server's). Null before it set off.
 */
export function routeSpan(trip: RouteBounds, now: Date = new Date()): { from: Date; until: Date } | null {
  if (!trip.setOffAt) return null;
  const from = new Date(Math.max(trip.setOffAt.getTime(), trip.truckAssignedAt?.getTime() ?? 0));
  const ended = trip.cancelledAt ?? (trip.completed ? trip.latestStatusAt : null);
  return { from, until: ended ?? new Date(now.getTime() + POSITION_CLOCK_SKEW_MS) };
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The first moment after a partition's range, from its name; null for the default partition. */
export function partitionEnd(name: string): Date | null {
  const day = /^truck_positions_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + 1));
  const month = /^truck_positions_p(\d{4})(\d{2})$/.exec(name);
  if (month) return new Date(Date.UTC(Number(month[1]), Number(month[2]), 1));
  return null;
}

/** The first moment still kept: the start of the UTC day `days` days before `now`. */
export function retentionCutoff(now: Date, days: number): Date {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(start - days * DAY_MS);
}

/** Makes the partitions of the week a late position may arrive in and of the days ahead. */
export async function preparePositionHistory(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  return ensurePositionPartitions(
    ctx.db,
    utcDay(new Date(now.getTime() - (MAX_POSITION_AGE_DAYS + 1) * DAY_MS)),
    utcDay(new Date(now.getTime() + PARTITION_DAYS_AHEAD * DAY_MS)),
  );
}

/**
 * Keeps the routes of finished trips waiting for it: at most KEPT_ROUTE_POINTS of the raw positions,
 * the shape kept, and the length of the whole raw route; `onKept` then hears each batch's trips (their
 * diesel is judged against that length). Returns how many routes were kept.
 */
export async function keepFinishedRoutes(
  ctx: Pick<AppContext, 'db'>,
  passes = 10,
  onKept: (tripIds: string[]) => Promise<void> = async () => {},
): Promise<number> {
  let keptCount = 0;
  for (let pass = 0; pass < passes; pass++) {
    const waiting = await pendingRoutes(ctx.db, KEEP_BATCH);
    if (waiting.length === 0) break;
    const kept: KeptRoute[] = [];
    const nothing: string[] = [];
    for (const trip of waiting) {
      const span = trip.truckId ? routeSpan(trip) : null;
      const raw = span
        ? await positionsOfTruck(ctx.db, trip.truckId!, span.from, span.until, KEEP_READ_LIMIT)
        : [];
      if (raw.length === 0) {
        nothing.push(trip.tripId);
        continue;
      }
      const path = raw.reverse();
      kept.push({
        tripId: trip.tripId,
        points: simplifyRoute(path, KEPT_ROUTE_POINTS).map(toKeptPoint),
        rawPoints: path.length,
        distanceKm: path.length > 1 ? pathLengthKm(path) : null,
      });
    }
    await keepRoutes(ctx.db, kept, nothing);
    keptCount += kept.length;
    await onKept(kept.map((route) => route.tripId));
    if (waiting.length < KEEP_BATCH) break;
  }
  return keptCount;
}

export interface HistoryOutcome {
  made: number;
  kept: number;
  dropped: string[];
  /** Positions deleted from the default partition for being older than the cutoff. */
  deletedLate: number;
  /** True when routes still waited, so no day was dropped this time. */
  heldBack: boolean;
}

/**
 * The hourly care of position history: partitions made ahead, the routes of finished trips kept, then
 * every partition wholly older than TRACKING_HISTORY_DAYS dropped. Nothing is dropped while a finished
 * trip's route waits to be kept, so a route is never lost to a drop.
 */
export async function maintainPositionHistory(
  ctx: Pick<AppContext, 'db' | 'env'>,
  now: Date = new Date(),
  onKept?: (tripIds: string[]) => Promise<void>,
): Promise<HistoryOutcome> {
  const made = await preparePositionHistory(ctx, now);
  const kept = await keepFinishedRoutes(ctx, 1_000, onKept);
  if ((await countPendingRoutes(ctx.db)) > 0) {
    return { made, kept, dropped: [], deletedLate: 0, heldBack: true };
  }
  const cutoff = retentionCutoff(now, ctx.env.TRACKING_HISTORY_DAYS);
  const dropped: string[] = [];
  for (const name of await positionPartitionNames(ctx.db)) {
    const end = partitionEnd(name);
    if (end && end.getTime() <= cutoff.getTime()) {
      await dropPositionPartition(ctx.db, name);
      dropped.push(name);
    }
  }
  const deletedLate = await deleteAgedDefaultPositions(ctx.db, cutoff);
  return { made, kept, dropped, deletedLate, heldBack: false };
}
