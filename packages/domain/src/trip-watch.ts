import type { CargoType } from './cargo';
import { TRIP_STATUSES, type TripStatus } from './contracts/trip';
import type { TrackingAlarm, TrackingSettings } from './contracts/telematics-settings';
import type { TripAlertKind } from './contracts/trip-alert';
import { distanceKm, type LatLon } from './geo';
import { lgaCentre } from './gazetteer';
import { DAY_MS, lagosHour, lagosToday } from './lagos-time';
import {
  corridorBufferKm,
  findStops,
  insideGeofence,
  isLagosNight,
  kmOutsideCorridor,
  moved,
  type TrackPoint,
} from './track-analysis';
import { nextTripStatus } from './trip-status';

/** A place a trip goes to, fenced: a terminal's yard or the LGA an address is in. */
export interface Geofence {
  center: LatLon;
  radiusKm: number;
}

/** An address without coordinates is fenced around its LGA's centre, this wide at least. */
export const ADDRESS_GEOFENCE_MIN_KM = 3;

/**
 * The geofence of a trip's end: around the terminal's yard when it is a terminal with coordinates, else
 * around the centre of the address's LGA when the gazetteer has it (at least ADDRESS_GEOFENCE_MIN_KM
 * wide, as an LGA is kilometres across); null when neither is known.
 */
export function geofenceOf(
  terminal: { latitude: number | null; longitude: number | null } | null,
  address: { state: string; lga: string } | null,
  radiusM: number,
): Geofence | null {
  if (terminal && terminal.latitude !== null && terminal.longitude !== null) {
    return {
      center: { latitude: terminal.latitude, longitude: terminal.longitude },
      radiusKm: radiusM / 1000,
    };
  }
  const centre = address && lgaCentre(address.state, address.lga);
  if (!centre) return null;
  return {
    center: centre,
    radiusKm: Math.max(radiusM / 1000, ADDRESS_GEOFENCE_MIN_KM),
  };
}

/** How far from a known place (a terminal, the trip's own places) a stop is an expected one. */
const KNOWN_PLACE_KM = 1;

/** Positions in a row outside the corridor before it counts as leaving it (one stray fix is not a diversion). */
const OUTSIDE_IN_A_ROW = 2;

export interface WatchedTrip {
  cargoType: CargoType;
  latestStatus: TripStatus | null;
  latestStatusAt: Date | null;
  /** When the trip was STARTED; null before. */
  setOffAt: Date | null;
  pickup: Geofence | null;
  delivery: Geofence | null;
}

export interface WatchInput {
  trip: WatchedTrip;
  settings: TrackingSettings;
  /**
   * The truck's positions, oldest first: those not read yet (after `checkedUntil`), preceded by enough of
   * the earlier ones to see a stop that began before them.
   */
  track: readonly TrackPoint[];
  /** Positions up to this time were read by the last watch; null on the first. */
  checkedUntil: Date | null;
  /** The truck's newest position's time, whenever it was; null when it never reported. */
  lastPositionAt: Date | null;
  /** The routes trucks took on the same lane before, each thinned. */
  pastRoutes: readonly (readonly LatLon[])[];
  /** Terminals and other places a truck is expected to stand still at. */
  knownPlaces: readonly LatLon[];
  /** When the last watch of this trip ran; null on the first. */
  previousWatchAt: Date | null;
  /** The alarms that already have an unresolved issue on this trip: they are not raised again. */
  openAlarms: ReadonlySet<TrackingAlarm>;
  now: Date;
}

export interface Arrival {
  status: TripStatus;
  at: Date;
  position: LatLon;
}

/**
 * The alarms that hold a trip up: each opens a trip issue, which shows the trip DELAYED until someone
 * resolves it. Driving at night delays nothing: it raises a trip alert instead (RaisedAlert).
 */
export type DelayingAlarm = Exclude<TrackingAlarm, 'NIGHT_MOVEMENT'>;

export interface RaisedAlarm {
  alarm: DelayingAlarm;
  at: Date;
  position: LatLon | null;
  /** What happened, in words, for the description. */
  description: string;
}

/** Something both companies should know of that does not hold the trip up: it becomes a trip alert. */
export interface RaisedAlert {
  kind: TripAlertKind;
  at: Date;
  position: LatLon;
  description: string;
  /**
   * The Lagos date the night began on ("2026-11-24" for 23:00 that day and 02:00 the next): a trip has at
   * most one alert per night, however often the truck sets off again in it.
   */
  night: string;
}

export interface WatchOutcome {
  arrival: Arrival | null;
  /** Alarms that open a trip issue. */
  alarms: RaisedAlarm[];
  /** At most one per night a fresh position moved in. */
  alerts: RaisedAlert[];
  /** Where the next watch carries on from. */
  checkedUntil: Date | null;
}

/** The statuses between setting off and arriving at the delivery, when the truck is expected to move. */
const ON_THE_ROAD: ReadonlySet<TripStatus> = new Set<TripStatus>(['STARTED', 'LOADED']);
/** From setting off until the cargo is handed over: the truck is the trip's. */
const UNDER_WAY: ReadonlySet<TripStatus> = new Set<TripStatus>(
  TRIP_STATUSES.filter((status) => status !== 'DELIVERED' && status !== 'EMPTY_DROP_OFF'),
);

const minutesText = (minutes: number) => {
  const whole = Math.round(minutes);
  if (whole < 120) return `${whole} minutes`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${hours} hours` : `${hours} h ${rest} min`;
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The step the next position inside a geofence records: arriving at the pickup (or the warehouse of an
 * export) after setting off, and at the delivery (or drop-off) once loaded.
 */
function fenceOfNextStep(trip: WatchedTrip): { status: TripStatus; fence: Geofence } | null {
  if (trip.latestStatus !== 'STARTED' && trip.latestStatus !== 'LOADED') return null;
  const status = nextTripStatus(trip.cargoType, trip.latestStatus);
  const fence = trip.latestStatus === 'STARTED' ? trip.pickup : trip.delivery;
  return status && fence ? { status, fence } : null;
}

function arrivalOf(trip: WatchedTrip, fresh: readonly TrackPoint[]): Arrival | null {
  const next = fenceOfNextStep(trip);
  if (!next) return null;
  const since = trip.latestStatusAt?.getTime() ?? 0;
  const inside = fresh.find(
    (p) => p.at.getTime() > since && insideGeofence(p, next.fence.center, next.fence.radiusKm),
  );
  return inside
    ? {
        status: next.status,
        at: inside.at,
        position: { latitude: inside.latitude, longitude: inside.longitude },
      }
    : null;
}

/** Whether a position was not read by the last watch. */
const isFresh = (p: TrackPoint, checkedUntil: Date | null) => checkedUntil === null || p.at > checkedUntil;

function diversionOf(input: WatchInput): RaisedAlarm | null {
  const { trip, settings, track, checkedUntil } = input;
  if (trip.latestStatus !== 'LOADED' || !trip.pickup || !trip.delivery) return null;
  const corridor = {
    line: [trip.pickup.center, trip.delivery.center],
    pastRoutes: input.pastRoutes,
    bufferKm: corridorBufferKm(trip.pickup.center, trip.delivery.center, settings.minCorridorKm),
  };
  const since = trip.latestStatusAt?.getTime() ?? 0;
  let inARow = 0;
  for (const p of track) {
    if (p.at.getTime() < since) continue;
    const outside = kmOutsideCorridor(p, corridor);
    inARow = outside > 0 ? inARow + 1 : 0;
    // Raised when the truck leaves, once: staying out is the same diversion.
    if (inARow === OUTSIDE_IN_A_ROW && isFresh(p, checkedUntil)) {
      return {
        alarm: 'DIVERSION',
        at: p.at,
        position: { latitude: p.latitude, longitude: p.longitude },
        description: `The truck left the corridor of its lane: ${outside.toFixed(1)} km beyond the ${corridor.bufferKm.toFixed(0)} km either side of the road between pickup and delivery.`,
      };
    }
  }
  return null;
}

function longStopOf(input: WatchInput): RaisedAlarm | null {
  const { trip, settings, track, checkedUntil } = input;
  const known = [
    ...input.knownPlaces,
    ...[trip.pickup, trip.delivery].flatMap((fence) => (fence ? [fence.center] : [])),
  ];
  const expected = (p: LatLon) =>
    known.some((place) => distanceKm(p, place) <= KNOWN_PLACE_KM) ||
    [trip.pickup, trip.delivery].some((fence) => fence && insideGeofence(p, fence.center, fence.radiusKm));
  const since = trip.latestStatusAt?.getTime() ?? 0;
  const thresholdMs = settings.stopMinutes * 60_000;
  // Raised once, when the stop grows past the threshold: a stop the last watch already saw that long is not new.
  const stop = findStops(
    track.filter((p) => p.at.getTime() >= since),
    settings.stopMinutes,
  ).find(
    (s) =>
      (checkedUntil === null || s.from.getTime() + thresholdMs > checkedUntil.getTime()) &&
      !expected(s.center),
  );
  return stop
    ? {
        alarm: 'LONG_STOP',
        at: new Date(stop.from.getTime() + thresholdMs),
        position: stop.center,
        description: `The truck has stood still for ${minutesText(stop.minutes)} away from the terminals and the trip's own places.`,
      }
    : null;
}

/**
 * The night a time falls in, named by the Lagos date it began on: with nights from 22:00 to 05:00, both
 * 23:00 on the 24th and 02:00 on the 25th are the night of the 24th. A time outside the night hours gets the
 * night of its own date.
 */
export function lagosNightOf(at: Date, fromHour: number, toHour: number): string {
  const afterMidnight = fromHour > toHour && lagosHour(at) < toHour;
  return lagosToday(afterMidnight ? new Date(at.getTime() - DAY_MS) : at);
}

function nightMovementsOf(input: WatchInput): RaisedAlert[] {
  const { settings, track, checkedUntil } = input;
  const { nightFromHour: from, nightToHour: to } = settings;
  const movingAtNight = (i: number) => {
    const before = track[i - 1];
    const p = track[i]!;
    return (
      before !== undefined &&
      isLagosNight(before.at, from, to) &&
      isLagosNight(p.at, from, to) &&
      moved(before, p)
    );
  };
  const byNight = new Map<string, RaisedAlert>();
  for (let i = 1; i < track.length; i++) {
    const p = track[i]!;
    // Raised when the truck sets off at night: driving on is the same movement, and setting off again
    // later the same night is the same night's alert (the trip watch keeps one per night).
    if (!isFresh(p, checkedUntil) || !movingAtNight(i) || movingAtNight(i - 1)) continue;
    const night = lagosNightOf(p.at, from, to);
    if (byNight.has(night)) continue;
    byNight.set(night, {
      kind: 'NIGHT_MOVEMENT',
      at: p.at,
      position: { latitude: p.latitude, longitude: p.longitude },
      description: `The truck moved during the night hours (${pad(from)}:00 to ${pad(to)}:00, Lagos time).`,
      night,
    });
  }
  return [...byNight.values()];
}

function silenceOf(input: WatchInput): RaisedAlarm | null {
  const { trip, settings, lastPositionAt, previousWatchAt, now } = input;
  // A truck that has not reported since the trip set off has no working tracker to fall silent.
  if (!lastPositionAt || !trip.setOffAt || lastPositionAt < trip.setOffAt) return null;
  const silentSince = new Date(lastPositionAt.getTime() + settings.silenceMinutes * 60_000);
  // Raised once, when the silence grows past the threshold; the last watch may have raised it already.
  if (now < silentSince || (previousWatchAt !== null && previousWatchAt >= silentSince)) return null;
  const silentMinutes = (now.getTime() - lastPositionAt.getTime()) / 60_000;
  return {
    alarm: 'TRACKING_LOST',
    at: silentSince,
    position: null,
    description: `The truck has sent no position for ${minutesText(silentMinutes)}.`,
  };
}

/**
 * What a truck's track says about its trip since it was last read: an arrival its geofence saw, the alarms
 * that hold the trip up (each at most once while its issue is unresolved), and the alerts that do not
 * (driving at night). Pure: the trip watch reads the inputs and writes the outcome.
 */
export function watchTrip(input: WatchInput): WatchOutcome {
  const { trip, settings, track, checkedUntil, openAlarms } = input;
  const fresh = track.filter((p) => isFresh(p, checkedUntil));
  const newest = fresh.at(-1)?.at ?? checkedUntil;
  if (!trip.latestStatus || !UNDER_WAY.has(trip.latestStatus)) {
    return { arrival: null, alarms: [], alerts: [], checkedUntil: newest };
  }
  const candidates: (RaisedAlarm | null)[] = [
    settings.diversionAlerts ? diversionOf(input) : null,
    settings.stopAlerts && ON_THE_ROAD.has(trip.latestStatus) ? longStopOf(input) : null,
    settings.silenceAlerts ? silenceOf(input) : null,
  ];
  return {
    arrival: arrivalOf(trip, fresh),
    alarms: candidates.filter((a): a is RaisedAlarm => a !== null && !openAlarms.has(a.alarm)),
    alerts: settings.nightAlerts && ON_THE_ROAD.has(trip.latestStatus) ? nightMovementsOf(input) : [],
    checkedUntil: newest,
  };
}
