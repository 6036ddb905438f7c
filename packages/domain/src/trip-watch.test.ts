import { describe, expect, it } from 'vitest';
import { TRACKING_SETTINGS_DEFAULTS, type TrackingAlarm } from './contracts/telematics-settings';
import type { LatLon } from './geo';
import { after, drive, parked } from './recorded-tracks';
import type { TrackPoint } from './track-analysis';
import { geofenceOf, lagosNightOf, watchTrip, type WatchInput, type WatchedTrip } from './trip-watch';

const APAPA = { latitude: 6.4453, longitude: 3.3636 };
const OSHODI = { latitude: 6.555, longitude: 3.343 };
const BERGER = { latitude: 6.638, longitude: 3.378 };
const SHAGAMU = { latitude: 6.8485, longitude: 3.6465 };
const IBADAN = { latitude: 7.3775, longitude: 3.947 };
const ABEOKUTA = { latitude: 7.1475, longitude: 3.3619 };

/** 09:00 in Lagos. */
const MORNING = new Date('2026-11-24T08:00:00Z');
/** 23:00 in Lagos. */
const NIGHT = new Date('2026-11-24T22:00:00Z');

const importTrip = (over: Partial<WatchedTrip> = {}): WatchedTrip => ({
  cargoType: 'IMPORT_SHIPPER_OWNED',
  latestStatus: 'LOADED',
  latestStatusAt: new Date(MORNING.getTime() - 60 * 60_000),
  setOffAt: new Date(MORNING.getTime() - 3 * 60 * 60_000),
  pickup: { center: APAPA, radiusKm: 1 },
  delivery: { center: IBADAN, radiusKm: 1 },
  ...over,
});

function watch(track: TrackPoint[], over: Partial<WatchInput> = {}) {
  const last = track.at(-1)?.at ?? MORNING;
  return watchTrip({
    trip: importTrip(),
    settings: TRACKING_SETTINGS_DEFAULTS,
    track,
    checkedUntil: null,
    lastPositionAt: track.at(-1)?.at ?? null,
    pastRoutes: [],
    knownPlaces: [],
    previousWatchAt: null,
    openAlarms: new Set<TrackingAlarm>(),
    now: new Date(last.getTime() + 60_000),
    ...over,
  });
}
const alarmsOf = (outcome: ReturnType<typeof watchTrip>) => outcome.alarms.map((a) => a.alarm);
const alertsOf = (outcome: ReturnType<typeof watchTrip>) => outcome.alerts.map((a) => `${a.kind} ${a.night}`);

describe('the trip watch: arrivals', () => {
  it('records the pickup once a started truck enters the terminal’s geofence', () => {
    const track = drive([OSHODI, APAPA], 40, 25, MORNING);
    const outcome = watch(track, { trip: importTrip({ latestStatus: 'STARTED', latestStatusAt: MORNING }) });
    expect(outcome.arrival?.status).toBe('AT_PICKUP_LOCATION');
    const inside = track.find((p) => p.at.getTime() === outcome.arrival!.at.getTime())!;
    const before = track[track.indexOf(inside) - 1]!;
    // The first position inside the fence, not the last one: the arrival time is when the truck got there.
    expect(Math.abs(inside.latitude - APAPA.latitude)).toBeLessThan(0.01);
    expect(Math.abs(before.latitude - APAPA.latitude)).toBeGreaterThan(0.005);
  });

  it('names the warehouse for an export and the delivery once loaded', () => {
    const toApapa = drive([OSHODI, APAPA], 40, 25, MORNING);
    const exportTrip = importTrip({ cargoType: 'EXPORT', latestStatus: 'STARTED', latestStatusAt: MORNING });
    expect(watch(toApapa, { trip: exportTrip }).arrival?.status).toBe('AT_WAREHOUSE_LOCATION');
    const toIbadan = drive([SHAGAMU, IBADAN], 60, 90, MORNING);
    expect(watch(toIbadan).arrival?.status).toBe('AT_DELIVERY_LOCATION');
  });

  it('does not record an arrival outside the fence, before the last step, or at a step already past', () => {
    const nearby = drive([OSHODI, BERGER], 40, 15, MORNING);
    expect(watch(nearby, { trip: importTrip({ latestStatus: 'STARTED' }) }).arrival).toBeNull();
    const atApapa = parked(APAPA, 10, MORNING);
    const startedLater = importTrip({ latestStatus: 'STARTED', latestStatusAt: after(atApapa) });
    expect(watch(atApapa, { trip: startedLater }).arrival).toBeNull();
    expect(watch(atApapa, { trip: importTrip({ latestStatus: 'AT_PICKUP_LOCATION' }) }).arrival).toBeNull();
    expect(
      watch(atApapa, { trip: importTrip({ latestStatus: 'STARTED', pickup: null }) }).arrival,
    ).toBeNull();
  });
});

describe('the trip watch: alarms', () => {
  it('raises a diversion when a loaded truck heads off its lane, and not on the lane', () => {
    const onLane = drive([APAPA, BERGER, SHAGAMU, IBADAN], 60, 150, MORNING);
    expect(alarmsOf(watch(onLane))).toEqual([]);
    const offLane = drive([APAPA, BERGER, ABEOKUTA], 60, 120, MORNING);
    const outcome = watch(offLane);
    expect(alarmsOf(outcome)).toEqual(['DIVERSION']);
    expect(outcome.alarms[0]!.description).toMatch(/left the corridor/);
  });

  it('lets a route trucks took before widen the corridor, and ignores one stray fix', () => {
    const viaAbeokuta = drive([APAPA, BERGER, ABEOKUTA, IBADAN], 60, 240, MORNING);
    const pastRoute: LatLon[] = viaAbeokuta.filter((_, i) => i % 10 === 0);
    expect(alarmsOf(watch(viaAbeokuta, { pastRoutes: [pastRoute] }))).toEqual([]);
    const onLane = drive([APAPA, BERGER, SHAGAMU], 60, 60, MORNING);
    const stray = { ...ABEOKUTA, at: after(onLane) };
    const back = drive([SHAGAMU, IBADAN], 60, 30, after([stray]));
    expect(alarmsOf(watch([...onLane, stray, ...back]))).toEqual([]);
  });

  it('raises a long stop away from known places, not at a terminal or a short halt', () => {
    const road = drive([BERGER, SHAGAMU], 60, 30, MORNING);
    const stop = parked(SHAGAMU, 150, after(road));
    expect(alarmsOf(watch([...road, ...stop]))).toEqual(['LONG_STOP']);
    expect(alarmsOf(watch([...road, ...stop], { knownPlaces: [SHAGAMU] }))).toEqual([]);
    expect(alarmsOf(watch([...road, ...parked(SHAGAMU, 60, after(road))]))).toEqual([]);
    const atDelivery = parked(IBADAN, 200, MORNING);
    expect(alarmsOf(watch(atDelivery))).toEqual([]);
  });

  it('raises each alarm once, when it begins, not again while it lasts or while its issue is open', () => {
    const stop = parked(SHAGAMU, 150, MORNING);
    expect(alarmsOf(watch(stop, { openAlarms: new Set(['LONG_STOP']) }))).toEqual([]);
    // The last watch saw the stop pass two hours; the truck is still there (its issue since resolved).
    const sawIt = stop[125]!.at;
    expect(alarmsOf(watch(stop, { checkedUntil: sawIt }))).toEqual([]);
    expect(alarmsOf(watch(stop, { checkedUntil: stop[100]!.at }))).toEqual(['LONG_STOP']);

    const offLane = drive([APAPA, BERGER, ABEOKUTA], 60, 120, MORNING);
    const firstOut = watch(offLane).alarms[0]!.at;
    expect(alarmsOf(watch(offLane, { checkedUntil: firstOut }))).toEqual([]);

    const trip = importTrip({ latestStatusAt: new Date(NIGHT.getTime() - 60 * 60_000) });
    const moving = drive([BERGER, SHAGAMU], 50, 30, NIGHT);
    expect(alertsOf(watch(moving, { trip, checkedUntil: moving[5]!.at }))).toEqual([]);

    const road = drive([BERGER, SHAGAMU], 60, 30, MORNING);
    const silentSince = new Date(road.at(-1)!.at.getTime() + 60 * 60_000);
    const later = new Date(silentSince.getTime() + 30 * 60_000);
    const quiet = { checkedUntil: road.at(-1)!.at, now: later };
    expect(alarmsOf(watch(road, { ...quiet, previousWatchAt: new Date(silentSince.getTime() - 1) }))).toEqual(
      ['TRACKING_LOST'],
    );
    expect(alarmsOf(watch(road, { ...quiet, previousWatchAt: silentSince }))).toEqual([]);
  });

  it('raises movement at night as an alert, not an issue-opening alarm, nor for a parked truck or when off', () => {
    const trip = importTrip({ latestStatusAt: new Date(NIGHT.getTime() - 60 * 60_000) });
    const moving = drive([BERGER, SHAGAMU], 50, 30, NIGHT);
    const outcome = watch(moving, { trip });
    expect(alarmsOf(outcome)).toEqual([]);
    expect(alertsOf(outcome)).toEqual(['NIGHT_MOVEMENT 2026-11-24']);
    expect(outcome.alerts[0]!.description).toContain('22:00 to 05:00');
    expect(outcome.alerts[0]!.at).toEqual(moving[1]!.at);
    expect(alertsOf(watch(parked(SHAGAMU, 60, NIGHT), { trip }))).toEqual([]);
    const off = { ...TRACKING_SETTINGS_DEFAULTS, nightAlerts: false };
    expect(alertsOf(watch(moving, { trip, settings: off }))).toEqual([]);
    expect(alertsOf(watch(drive([BERGER, SHAGAMU], 50, 30, MORNING)))).toEqual([]);
  });

  it('raises one night-movement alert per night, however often the truck sets off in it', () => {
    const trip = importTrip({ latestStatusAt: new Date(NIGHT.getTime() - 60 * 60_000) });
    const first = drive([BERGER, SHAGAMU], 50, 30, NIGHT);
    const halt = parked(SHAGAMU, 60, after(first));
    // Off again at about 00:30, past midnight: still the night of the 24th.
    const again = drive([SHAGAMU, IBADAN], 50, 30, after(halt));
    expect(alertsOf(watch([...first, ...halt, ...again], { trip }))).toEqual(['NIGHT_MOVEMENT 2026-11-24']);
    // The next night is another alert.
    const parkedTill = parked(SHAGAMU, 10, new Date(NIGHT.getTime() + 24 * 60 * 60_000));
    const nextNight = drive([SHAGAMU, IBADAN], 50, 30, after(parkedTill));
    expect(alertsOf(watch([...first, ...parkedTill, ...nextNight], { trip }))).toEqual([
      'NIGHT_MOVEMENT 2026-11-24',
      'NIGHT_MOVEMENT 2026-11-25',
    ]);
  });

  it('raises lost tracking when a truck that reported on this trip falls silent', () => {
    const road = drive([BERGER, SHAGAMU], 60, 30, MORNING);
    const later = new Date(road.at(-1)!.at.getTime() + 90 * 60_000);
    const outcome = watch(road, { checkedUntil: road.at(-1)!.at, now: later });
    expect(alarmsOf(outcome)).toEqual(['TRACKING_LOST']);
    expect(outcome.alarms[0]!.description).toBe('The truck has sent no position for 90 minutes.');
    expect(
      alarmsOf(watch(road, { checkedUntil: road.at(-1)!.at, now: new Date(later.getTime() - 60 * 60_000) })),
    ).toEqual([]);
    const beforeTheTrip = importTrip({ setOffAt: later });
    expect(alarmsOf(watch(road, { trip: beforeTheTrip, checkedUntil: road.at(-1)!.at, now: later }))).toEqual(
      [],
    );
  });

  it('leaves trips that are not under way alone, and carries on from the newest position read', () => {
    const offLane = drive([APAPA, BERGER, ABEOKUTA], 60, 120, MORNING);
    for (const latestStatus of [null, 'DELIVERED', 'EMPTY_DROP_OFF'] as const) {
      const outcome = watch(offLane, { trip: importTrip({ latestStatus }) });
      expect(outcome.alarms).toEqual([]);
      expect(outcome.checkedUntil).toEqual(offLane.at(-1)!.at);
    }
    expect(watch([], { checkedUntil: MORNING }).checkedUntil).toEqual(MORNING);
  });
});

describe('the night a time falls in', () => {
  it('is named by the Lagos date it began on, across midnight', () => {
    // 23:00 and 02:00 in Lagos (UTC+1), nights from 22:00 to 05:00.
    expect(lagosNightOf(new Date('2026-11-24T22:00:00Z'), 22, 5)).toBe('2026-11-24');
    expect(lagosNightOf(new Date('2026-11-25T01:00:00Z'), 22, 5)).toBe('2026-11-24');
    // 23:30 UTC on the 24th is already 00:30 on the 25th in Lagos.
    expect(lagosNightOf(new Date('2026-11-24T23:30:00Z'), 22, 5)).toBe('2026-11-24');
    // Nights that begin at midnight belong to their own date.
    expect(lagosNightOf(new Date('2026-11-25T01:00:00Z'), 0, 5)).toBe('2026-11-25');
  });
});

describe('geofences of a trip’s ends', () => {
  it('fence a terminal at the radius chosen, an address around its LGA at least 3 km wide', () => {
    expect(geofenceOf({ latitude: 6.4453, longitude: 3.3636 }, null, 800)).toEqual({
      center: { latitude: 6.4453, longitude: 3.3636 },
      radiusKm: 0.8,
    });
    const ikeja = geofenceOf(null, { state: 'Lagos', lga: 'Ikeja' }, 800);
    expect(ikeja?.radiusKm).toBe(3);
    expect(ikeja!.center.latitude).toBeCloseTo(6.6, 1);
    expect(geofenceOf(null, { state: 'Lagos', lga: 'Ikeja' }, 4000)?.radiusKm).toBe(4);
  });

  it('are unknown for a terminal without coordinates and an LGA the gazetteer lacks', () => {
    expect(geofenceOf({ latitude: null, longitude: null }, null, 1000)).toBeNull();
    expect(geofenceOf(null, { state: 'Borno', lga: 'Abadam' }, 1000)).toBeNull();
  });
});
