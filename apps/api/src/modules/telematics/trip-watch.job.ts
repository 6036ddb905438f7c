import {
  fromKeptPoint,
  geofenceOf,
  placeOfPosition,
  watchTrip,
  allowedNextStatuses,
  type LatLon,
  type TrackingSettings,
  type TripLocation,
  type TripStatus,
  type WatchOutcome,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { BackgroundLoop } from '../../lib/background-loop';
import { pastTripsOnLaneOf } from '../../queries/trip-lane.repository';
import {
  openAlarmIssue,
  recordTrackedArrival,
  tripStatusNotification,
  alarmNotification,
  raiseTripAlert,
} from '../trip';
import { queueNotification } from '../notification';
import { trackingSettingsOfCompany } from './telematics-settings.service';
import {
  dropFinishedWatches,
  enrolLiveTrips,
  finishWatch,
  findWatchedTrip,
  lastPositionAtOfTruck,
  leaseDueWatch,
  openAlarmsOfTrip,
  terminalPositions,
  trackOfTruckSince,
  type WatchedTripRow,
} from './trip-watch.repository';
import { keptRoutesOf } from './position-history.repository';
import { positionsOfTruck } from './truck-position.repository';

/** How long an instance holds a trip's watch; a crashed instance's lease runs out. */
const LEASE_SECONDS = 120;
/** How often the watched trips are brought up to date with the live trips of reporting trucks. */
const ENROL_EVERY_MS = 15_000;
/** Positions read per watch; a longer backlog is read on at the next one, straight after. */
const TRACK_BATCH = 5_000;
/** Past trips on the lane whose routes widen the corridor, each thinned to this many points. */
const PAST_ROUTES = 5;
const ROUTE_POINTS = 200;
/** How long a lane's past routes and the terminals' positions are reused before being read again. */
const REUSE_MS = 60 * 60_000;

/** What the watch needs of the app. */
export type TripWatchContext = Pick<AppContext, 'db' | 'env' | 'jobs'>;

interface Log {
  error: (obj: object, msg: string) => void;
}

const thin = <T>(points: readonly T[], most: number): T[] => {
  if (points.length <= most) return [...points];
  const step = points.length / most;
  return Array.from({ length: most }, (_, i) => points[Math.floor(i * step)]!);
};

const locationOf = (position: LatLon): TripLocation => {
  const place = placeOfPosition(position, null);
  return { state: place.state, lga: place.lga, description: place.description };
};

/**
 * Reads the track of each live trip whose truck reports positions, every TRACKING_WATCH_SECONDS: an
 * arrival its geofence saw is recorded (or proposed, per the transporter's settings), each alarm that
 * holds the trip up opens a trip issue by itself, and driving at night raises a trip alert (once a night),
 * each told to both companies. Each instance takes one due trip at a time under a lease (FOR UPDATE SKIP
 * LOCKED), so several instances share the trips and never watch one twice at once.
 */
export class TripWatch {
  private readonly loop: BackgroundLoop;
  private enrolledAt = 0;
  private terminals: { at: number; places: LatLon[] } | null = null;
  private readonly laneRoutes = new Map<string, { at: number; routes: LatLon[][] }>();

  constructor(
    private readonly ctx: TripWatchContext,
    private readonly log: Log,
    idleMs = 5_000,
  ) {
    this.loop = new BackgroundLoop(
      () => this.watchOne(),
      idleMs,
      (err) => this.log.error({ err }, 'trip watch failed to take work'),
    );
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Watches every due trip now; tests use it instead of waiting. Returns how many were watched. */
  async watchDue(): Promise<number> {
    this.enrolledAt = 0;
    return this.loop.drain();
  }

  private async watchOne(): Promise<boolean> {
    const { db } = this.ctx;
    let lease = await leaseDueWatch(db, LEASE_SECONDS);
    if (!lease && Date.now() - this.enrolledAt >= ENROL_EVERY_MS) {
      this.enrolledAt = Date.now();
      await dropFinishedWatches(db);
      await enrolLiveTrips(db);
      lease = await leaseDueWatch(db, LEASE_SECONDS);
    }
    if (!lease) return false;
    try {
      await this.watch(lease);
    } catch (err) {
      this.log.error({ err, tripId: lease.tripId }, 'trip watch failed on a trip');
      await finishWatch(db, lease.tripId, {
        checkedUntil: lease.checkedUntil,
        watchedAt: lease.watchedAt ?? new Date(),
        proposal: null,
        nextCheckInSeconds: this.ctx.env.TRACKING_WATCH_SECONDS,
      });
    }
    return true;
  }

  private async watch(lease: NonNullable<Awaited<ReturnType<typeof leaseDueWatch>>>): Promise<void> {
    const { db, env } = this.ctx;
    const now = new Date();
    const trip = await findWatchedTrip(db, lease.tripId);
    const later = { watchedAt: now, nextCheckInSeconds: env.TRACKING_WATCH_SECONDS };
    if (!trip || !trip.truckId || trip.completed || trip.cancelledAt) {
      await finishWatch(db, lease.tripId, { ...later, checkedUntil: lease.checkedUntil, proposal: null });
      return;
    }
    const settings = await trackingSettingsOfCompany(db, trip.transporterCompanyId);
    const pickup = geofenceOf(trip.pickupTerminal, trip.pickupAddress, settings.geofenceRadiusM);
    const delivery = geofenceOf(trip.recipientTerminal, trip.recipientAddress, settings.geofenceRadiusM);
    // Enough of the track before the unread part to see a stop that began before it.
    const leadMs = (settings.stopMinutes + 10) * 60_000;
    // The track since the trip set off, or since its truck was put on it if later: a replacement
    // truck's earlier road was another job's.
    const setOff = trip.setOffAt ?? trip.latestStatusAt ?? now;
    const start = new Date(Math.max(setOff.getTime(), trip.truckAssignedAt?.getTime() ?? 0));
    const from = lease.checkedUntil
      ? new Date(Math.max(start.getTime(), lease.checkedUntil.getTime() - leadMs))
      : start;
    const track = await trackOfTruckSince(db, trip.truckId, new Date(from.getTime() - 1), TRACK_BATCH);
    const outcome = watchTrip({
      trip: {
        cargoType: trip.cargoType,
        latestStatus: trip.latestStatus,
        latestStatusAt: trip.latestStatusAt,
        setOffAt: trip.setOffAt,
        pickup,
        delivery,
      },
      settings,
      track,
      checkedUntil: lease.checkedUntil,
      lastPositionAt: await lastPositionAtOfTruck(db, trip.truckId),
      pastRoutes:
        settings.diversionAlerts && trip.latestStatus === 'LOADED' ? await this.pastRoutesOf(trip.id) : [],
      knownPlaces: await this.terminalPlaces(),
      previousWatchAt: lease.watchedAt,
      openAlarms: await openAlarmsOfTrip(db, trip.id),
      now,
    });
    const backlog = track.length === TRACK_BATCH;
    await this.apply(trip, settings, outcome, lease, {
      watchedAt: now,
      nextCheckInSeconds: backlog ? 0 : env.TRACKING_WATCH_SECONDS,
    });
  }

  private async apply(
    trip: WatchedTripRow,
    settings: TrackingSettings,
    outcome: WatchOutcome,
    lease: { proposedStatus: TripStatus | null; proposedAt: Date | null },
    next: { watchedAt: Date; nextCheckInSeconds: number },
  ): Promise<void> {
    const { ctx } = this;
    let told = false;
    await ctx.db.transaction(async (tx) => {
      let proposal = stillProposed(trip, lease);
      const { arrival } = outcome;
      if (arrival) {
        const location = locationOf(arrival.position);
        if (settings.arrivalMode === 'RECORD') {
          const recorded = await recordTrackedArrival(tx, trip.id, {
            status: arrival.status,
            at: arrival.at,
            location,
          });
          if (recorded) {
            await queueNotification(
              ctx,
              tx,
              tripStatusNotification(trip, { status: arrival.status, at: arrival.at, by: 'geofence' }, null),
            );
            told = true;
          }
          proposal = null;
        } else {
          proposal = { status: arrival.status, at: arrival.at };
        }
      }
      for (const alarm of outcome.alarms) {
        const location = alarm.position ? locationOf(alarm.position) : null;
        const issueId = await openAlarmIssue(tx, trip.id, { ...alarm, location });
        if (issueId) {
          await queueNotification(ctx, tx, alarmNotification(trip, alarm, location, issueId));
          told = true;
        }
      }
      for (const alert of outcome.alerts) {
        if (await raiseTripAlert(ctx, tx, trip.id, { ...alert, location: locationOf(alert.position) })) {
          told = true;
        }
      }
      await finishWatch(tx, trip.id, { ...next, checkedUntil: outcome.checkedUntil, proposal });
    });
    if (told) ctx.jobs.kick();
  }

  private async terminalPlaces(): Promise<LatLon[]> {
    if (!this.terminals || Date.now() - this.terminals.at > REUSE_MS) {
      this.terminals = { at: Date.now(), places: await terminalPositions(this.ctx.db) };
    }
    return this.terminals.places;
  }

  /** The routes of the latest trips on the trip's lane, each thinned; reused for an hour per trip. */
  private async pastRoutesOf(tripId: string): Promise<LatLon[][]> {
    const known = this.laneRoutes.get(tripId);
    if (known && Date.now() - known.at < REUSE_MS) return known.routes;
    const routes: LatLon[][] = [];
    const pastTrips = await pastTripsOnLaneOf(this.ctx.db, tripId, PAST_ROUTES);
    // A past trip's kept route stands in for its raw positions, which may be gone (decision 041).
    const kept = await keptRoutesOf(
      this.ctx.db,
      pastTrips.map((p) => p.tripId),
    );
    for (const past of pastTrips) {
      if (!past.truckId) continue;
      const keptPoints = kept.get(past.tripId)?.points;
      const from = past.loadedAt.getTime() / 1000;
      const until = past.arrivedAt.getTime() / 1000;
      const route = keptPoints
        ? keptPoints.filter(([, , at]) => at >= from && at <= until).map(fromKeptPoint)
        : // Newest first; the corridor reads the points as a path, so they go back in order.
          (await positionsOfTruck(this.ctx.db, past.truckId, past.loadedAt, past.arrivedAt, 5_000)).reverse();
      if (route.length > 1) routes.push(thin(route, ROUTE_POINTS));
    }
    // One entry per live trip at most; the oldest goes first when the map grows past the live trips.
    if (this.laneRoutes.size >= 10_000) this.laneRoutes.delete(this.laneRoutes.keys().next().value!);
    this.laneRoutes.set(tripId, { at: Date.now(), routes });
    return routes;
  }
}

/** The proposal standing from the last watch, while its step is still the trip's next one. */
function stillProposed(
  trip: WatchedTripRow,
  lease: { proposedStatus: TripStatus | null; proposedAt: Date | null },
): { status: TripStatus; at: Date } | null {
  if (!lease.proposedStatus || !lease.proposedAt) return null;
  const next = allowedNextStatuses(trip.cargoType, trip.latestStatus);
  return next.includes(lease.proposedStatus) ? { status: lease.proposedStatus, at: lease.proposedAt } : null;
}
