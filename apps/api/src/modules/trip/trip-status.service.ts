import { timingSafeEqual } from 'node:crypto';
import {
  toTripLocation,
  HANDOVER_LOCK_MINUTES,
  HANDOVER_MAX_ATTEMPTS,
  NEEDS_RESOURCES_BEFORE,
  TRIP_STATUS_LABELS,
  allowedNextStatuses,
  canMoveTo,
  etaRange,
  isFinalStatus,
  type ChangeTripStatusRequest,
  type NoteSide,
  type TripDetail,
  type TripLocation,
  type TripStatus,
  type UndoTripStatusRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { uniqueViolation } from '../../lib/db-errors';
import { pastTripsOnLaneOf } from '../../queries/trip-lane.repository';
import type { Principal } from '../../plugins/auth';
import { auditTrip } from './audit-trip';
import { BACKGROUND_ORIGIN } from '../../lib/audit';
import {
  isDriverActor,
  loadTripFor,
  loadTripForTracking,
  type TripActor,
  type TripRecord,
} from './trip-access.service';
import { assertTripAction } from './trip-actions';
import { loadTripDetail } from './trip-detail.service';
import { latestLiveStatusLog, markStatusLogUndone, recordStep, updateTrip } from './trip.repository';
import { queueNotification } from '../notification';
import { tripStatusNotification } from './trip-notifications';
import { chargeWaitingTime } from '../invoice';

const DELIVERED: TripStatus = 'DELIVERED';
const LOADED: TripStatus = 'LOADED';
/** How many of a lane's latest trips its ETA is read from. */
const ETA_PAST_TRIPS = 20;

/** The ETA range of a trip loaded at `loadedAt`, from its lane's past trips; null without enough of them. */
async function laneEta(tx: Executor, tripId: string, loadedAt: Date) {
  const past = await pastTripsOnLaneOf(tx, tripId, ETA_PAST_TRIPS);
  return etaRange(
    past.map((p) => (p.arrivedAt.getTime() - p.loadedAt.getTime()) / 60_000),
    loadedAt,
  );
}
const LIVE_LOG_INDEX = 'trip_status_logs_live_uq';
const LIVE_RESOURCE_INDEXES = new Set(['trips_live_truck_uq', 'trips_live_driver_uq']);

const label = (status: TripStatus) => TRIP_STATUS_LABELS[status];
const fieldError = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { errors: [{ field, message }] });

/** A refused move names the trip's position and the moves it does allow, for the client to offer. */
function transitionError(trip: TripRecord): AppError {
  const allowed = allowedNextStatuses(trip.cargoType, trip.latestStatus);
  const next = allowed[0];
  const message =
    next === undefined
      ? 'This trip is completed; its status cannot move further'
      : trip.latestStatus === null
        ? `This trip has not started; it can only move to ${label(next)}`
        : `This trip is at ${label(trip.latestStatus)}; it can only move to ${label(next)}`;
  return new AppError('CONFLICT', message, { details: { allowedNextStatuses: allowed } });
}

/** Checks of the body alone, before the trip is touched. */
function checkRequest(side: NoteSide, input: ChangeTripStatusRequest): void {
  if (input.overrideReason !== undefined && side !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'Only an admin can record a delivery without the handover code');
  }
  if (input.tripStatus !== DELIVERED) {
    if (input.handoverCode !== undefined) {
      throw fieldError('handoverCode', `Only ${label(DELIVERED)} takes a handover code`);
    }
    if (input.overrideReason !== undefined) {
      throw fieldError('overrideReason', `Only ${label(DELIVERED)} takes an override reason`);
    }
    return;
  }
  if (input.handoverCode !== undefined && input.overrideReason !== undefined) {
    throw fieldError('overrideReason', 'Send the handover code or an override reason, not both');
  }
  if (input.handoverCode === undefined && input.overrideReason === undefined) {
    throw fieldError('handoverCode', 'Enter the 6-digit handover code');
  }
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function minutesUntil(when: Date, now: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 60_000));
}

function lockedError(lockedUntil: Date, now: Date, message?: string): AppError {
  const minutes = minutesUntil(lockedUntil, now);
  return new AppError(
    'UNPROCESSABLE',
    message ?? `Too many wrong handover codes; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    { details: { lockedUntil: lockedUntil.toISOString() } },
  );
}

/**
 * Counts a wrong handover code and, at the last allowed try, locks the code for a while. The caller
 * commits this and answers the error afterwards, so a failing request still uses up a try.
 */
async function recordWrongCode(
  tx: Executor,
  principal: TripActor,
  trip: TripRecord,
  now: Date,
  ip: string,
): Promise<AppError> {
  const attempts = trip.handoverFailedAttempts + 1;
  const locks = attempts >= HANDOVER_MAX_ATTEMPTS;
  const lockedUntil = locks ? new Date(now.getTime() + HANDOVER_LOCK_MINUTES * 60_000) : null;
  await updateTrip(tx, trip.id, {
    handoverFailedAttempts: locks ? 0 : attempts,
    handoverLockedUntil: lockedUntil,
  });
  await auditTrip(tx, principal, { ip }, trip, locks ? 'trip.handover_locked' : 'trip.handover_code_failed', {
    attempts,
  });
  if (lockedUntil) {
    return lockedError(
      lockedUntil,
      now,
      `The handover code was wrong ${HANDOVER_MAX_ATTEMPTS} times; try again in ${HANDOVER_LOCK_MINUTES} minutes`,
    );
  }
  const left = HANDOVER_MAX_ATTEMPTS - attempts;
  return new AppError(
    'UNPROCESSABLE',
    `The handover code is wrong; ${left} ${left === 1 ? 'try' : 'tries'} left`,
  );
}

/** A move inside its transaction: the trip as moved, or a refusal the caller answers after committing. */
export type StatusMove = { moved: TripRecord } | { refused: AppError };

/**
 * Moves a trip one step forward on its timeline, inside the caller's transaction. The trip row is locked
 * first, so racing moves run one after the other and the later one sees the step already taken; the
 * live-log unique index backs this up (see `refuseRacedMove`). A wrong handover code is written (it uses
 * up a try) and answered as `refused`: the caller commits, then throws it.
 */
export async function moveTripStatus(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  actor: TripActor,
  tripId: string,
  input: ChangeTripStatusRequest,
  ip: string,
): Promise<StatusMove> {
  const { trip, side } = await loadTripFor(tx, actor, tripId, { forUpdate: true });
  checkRequest(side, input);
  // A completed trip is left to the transition check, whose answer names the (no) statuses allowed.
  if (!trip.completed) assertTripAction(side, trip, 'CHANGE_STATUS');
  if (!canMoveTo(trip.cargoType, trip.latestStatus, input.tripStatus)) throw transitionError(trip);
  if (input.tripStatus === NEEDS_RESOURCES_BEFORE && (!trip.truckId || !trip.driverId)) {
    throw new AppError('CONFLICT', 'Assign a truck and a driver before starting the trip');
  }

  const now = new Date();
  const delivering = input.tripStatus === DELIVERED;
  if (delivering && input.handoverCode !== undefined) {
    if (trip.handoverLockedUntil && trip.handoverLockedUntil > now) {
      throw lockedError(trip.handoverLockedUntil, now);
    }
    if (!sameCode(input.handoverCode, trip.handoverCode)) {
      return { refused: await recordWrongCode(tx, actor, trip, now, ip) };
    }
  }

  const location = toTripLocation(input.location);
  const eta = input.tripStatus === LOADED ? await laneEta(tx, trip.id, now) : null;
  const moved = {
    latestStatus: input.tripStatus,
    latestStatusAt: now,
    completed: isFinalStatus(trip.cargoType, input.tripStatus),
    ...(input.tripStatus === LOADED
      ? { etaTypicalAt: eta?.typical ?? null, etaWorstAt: eta?.worst ?? null }
      : {}),
    ...(location ? { currentLocation: location } : {}),
    ...(delivering ? { handoverFailedAttempts: 0, handoverLockedUntil: null } : {}),
  };
  await recordStep(
    tx,
    {
      tripId: trip.id,
      status: input.tripStatus,
      at: now,
      actorUserId: actor.userId,
      location,
      note: input.note ?? null,
      handoverOverrideReason: delivering ? (input.overrideReason ?? null) : null,
      ...(isDriverActor(actor) ? { actorDriverId: actor.driverId, recordedBy: 'DRIVER_PHONE' as const } : {}),
    },
    moved,
  );
  await chargeWaitingTime(ctx, tx, trip, input.tripStatus, now);
  await auditTrip(tx, actor, { ip }, trip, 'trip.status_changed', {
    from: trip.latestStatus,
    to: input.tripStatus,
    ...(location ? { location } : {}),
    ...(input.overrideReason ? { handoverOverrideReason: input.overrideReason } : {}),
  });
  return { moved: { ...trip, ...moved } };
}

/**
 * A move that failed after its transaction: when another request took the same step at the same moment
 * (the live-log unique index refused this one), the answer is the refused transition, as if they had run
 * one after the other. Any other error is thrown as it is.
 */
export async function refuseRacedMove(
  db: Executor,
  actor: TripActor,
  tripId: string,
  err: unknown,
): Promise<never> {
  if (uniqueViolation(err)?.constraint === LIVE_LOG_INDEX) {
    const { trip } = await loadTripFor(db, actor, tripId);
    throw transitionError(trip);
  }
  throw err;
}

/** Moves a trip one step forward for a signed-in caller, answering the trip as the move left it. */
export async function changeTripStatus(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: ChangeTripStatusRequest,
  ip: string,
): Promise<TripDetail> {
  let outcome: { refused: AppError } | { detail: TripDetail };
  try {
    outcome = await ctx.db.transaction(
      async (tx): Promise<{ refused: AppError } | { detail: TripDetail }> => {
        const move = await moveTripStatus(ctx, tx, principal, tripId, input, ip);
        if ('refused' in move) return move;
        await queueNotification(
          ctx,
          tx,
          tripStatusNotification(
            move.moved,
            { status: input.tripStatus, at: move.moved.latestStatusAt ?? new Date(), by: 'person' },
            principal.userId,
          ),
        );
        return { detail: await loadTripDetail(ctx, principal, move.moved.id, tx) };
      },
    );
  } catch (err) {
    return refuseRacedMove(ctx.db, principal, tripId, err);
  }
  if ('refused' in outcome) throw outcome.refused;
  ctx.jobs.kick();
  return outcome.detail;
}

/**
 * Records the step a truck's geofence saw it reach (arriving at the pickup or the delivery), for the trip
 * watch. The trip is locked and the step checked as for a person: a step someone recorded in the meantime
 * is not recorded twice. Returns whether it was recorded.
 */
export async function recordTrackedArrival(
  tx: Executor,
  tripId: string,
  arrival: { status: TripStatus; at: Date; location: TripLocation },
): Promise<boolean> {
  const trip = await loadTripForTracking(tx, tripId);
  if (!trip || trip.completed || trip.cancelledAt) return false;
  if (!canMoveTo(trip.cargoType, trip.latestStatus, arrival.status)) return false;
  await recordStep(
    tx,
    {
      tripId: trip.id,
      status: arrival.status,
      at: arrival.at,
      actorUserId: null,
      location: arrival.location,
      note: null,
      handoverOverrideReason: null,
      recordedBy: 'GEOFENCE',
    },
    {
      latestStatus: arrival.status,
      latestStatusAt: arrival.at,
      completed: isFinalStatus(trip.cargoType, arrival.status),
      currentLocation: arrival.location,
    },
  );
  await auditTrip(
    tx,
    { userId: null, companyId: trip.transporterCompanyId },
    BACKGROUND_ORIGIN,
    trip,
    'trip.status_changed',
    { from: trip.latestStatus, to: arrival.status, location: arrival.location, recordedBy: 'GEOFENCE' },
  );
  return true;
}

/**
 * An admin takes back the trip's last step: the log stays, marked undone with the reason, and the trip
 * returns to the step before it (or to no status).
 */
export async function undoTripStatus(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: UndoTripStatusRequest,
  ip: string,
): Promise<TripDetail> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { trip, side } = await loadTripFor(tx, principal, tripId, { forUpdate: true });
      assertTripAction(side, trip, 'UNDO_STATUS');
      const last = await latestLiveStatusLog(tx, trip.id);
      if (!last) throw new AppError('CONFLICT', 'This trip has no status to undo');
      const now = new Date();
      await markStatusLogUndone(tx, last.id, {
        undoneAt: now,
        undoneByUserId: principal.userId,
        undoReason: input.reason,
      });
      const previous = await latestLiveStatusLog(tx, trip.id);
      await updateTrip(tx, trip.id, {
        latestStatus: previous?.status ?? null,
        latestStatusAt: previous?.at ?? null,
        completed: false,
        // An ETA counts from loading: a trip taken back before it is loaded has none.
        ...(last.status === LOADED ? { etaTypicalAt: null, etaWorstAt: null } : {}),
      });
      await auditTrip(tx, principal, { ip }, trip, 'trip.status_undone', {
        undone: last.status,
        backTo: previous?.status ?? null,
        reason: input.reason,
      });
      return loadTripDetail(ctx, principal, trip.id, tx);
    });
  } catch (err) {
    // A completed trip let its truck and driver go; if they are on another live trip now, it cannot reopen.
    const violation = uniqueViolation(err);
    if (violation && LIVE_RESOURCE_INDEXES.has(violation.constraint)) {
      throw new AppError(
        'CONFLICT',
        'The truck or driver of this trip is on another live trip now, so the trip cannot be reopened',
      );
    }
    throw err;
  }
}
