import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  distanceKm,
  distanceToPathKm,
  lagosHour,
  ongoingStatus,
  pointAlong,
  type LatLon,
} from '@freightlane/domain';
import { MIGRATIONS_DIR } from '../../db/client';
import {
  notifications,
  trackingDevices,
  tripAlerts,
  tripIssues,
  trips,
  tripStatusLogs,
  tripWatches,
  truckLatestPositions,
} from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { simulatedTripsOf } from './simulated-trips.service';
import { recordTruckPositions } from './truck-position.service';

const APAPA_GATE = { latitude: 6.4453, longitude: 3.3636 };
const OSHODI = { latitude: 6.555, longitude: 3.343 };
/** The Ikeja LGA of the trips' delivery address, its centre in the gazetteer. */
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };
/** West along the Badagry road, far out of the Apapa–Ikeja corridor. */
const OJO = { latitude: 6.4667, longitude: 3.1833 };
const SETTINGS = '/api/v1/tracking-settings';

describe('the trip watch', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    // The tests drive at whatever hour they run; night movement has its own tests in the domain.
    const token = w.transporter.accessToken;
    const defaults = (await call(t.app, 'GET', SETTINGS, undefined, { token })).body;
    await call(t.app, 'PUT', SETTINGS, { ...defaults, nightAlerts: false }, { token });
  });
  afterAll(() => t.close());

  /** Moves the trip's steps `minutes` into the past, so the positions sent after them fall within the trip. */
  async function backdate(tripId: string, minutes: number) {
    const shift = sql`make_interval(mins => ${minutes})`;
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: sql`${tripStatusLogs.at} - ${shift}` })
      .where(eq(tripStatusLogs.tripId, tripId));
    await t.ctx.db
      .update(trips)
      .set({
        latestStatusAt: sql`${trips.latestStatusAt} - ${shift}`,
        createdAt: sql`${trips.createdAt} - ${shift}`,
      })
      .where(eq(trips.id, tripId));
  }

  /** A position a minute along `path` at `kmh` for `minutes`, ending `endMinutesAgo` minutes ago. */
  async function drive(
    truck: { id: string; companyId: string },
    path: LatLon[],
    kmh: number,
    minutes: number,
    endMinutesAgo = 0,
  ) {
    const end = Date.now() - endMinutesAgo * 60_000;
    const outcome = await recordTruckPositions(
      t.ctx,
      Array.from({ length: minutes + 1 }, (_, m) => {
        const p = pointAlong(path, (kmh * m) / 60);
        return {
          truckId: truck.id,
          companyId: truck.companyId,
          recordedAt: new Date(end - (minutes - m) * 60_000),
          latitude: p.latitude,
          longitude: p.longitude,
          speedKmh: kmh,
          heading: p.heading,
          accuracyM: 8,
          source: 'SIMULATOR' as const,
          address: null,
        };
      }),
    );
    expect(outcome.refused).toEqual([]);
  }

  /** A trip of the pair with a truck on it, moved to `status` `minutes` ago. */
  async function tripAt(status: 'STARTED' | 'LOADED', minutes: number) {
    const trip = await w.newTrip();
    const { truck } = await w.assignFleet(trip.id);
    await w.walkTo(trip.id, status);
    await backdate(trip.id, minutes);
    return { trip, truck };
  }

  const issuesOf = (tripId: string) =>
    t.ctx.db.select().from(tripIssues).where(eq(tripIssues.tripId, tripId));

  /** Watches the trip again now, as the next tick would, instead of waiting for its next check. */
  async function watchAgain(tripId: string) {
    await t.ctx.db
      .update(tripWatches)
      .set({ nextCheckAt: sql`now()` })
      .where(eq(tripWatches.tripId, tripId));
    await t.ctx.tripWatch.watchDue();
  }

  /** The notifications of a kind about a trip, to the customer's and the transporter's people. */
  async function notificationsAbout(tripId: string, kind: 'TRIP_ALERT' | 'ISSUE_OPENED') {
    await t.ctx.jobs.drain();
    return t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, kind),
          eq(notifications.link, `/trips/${tripId}`),
          inArray(notifications.userId, [w.customer.user.id, w.transporter.user.id]),
        ),
      );
  }

  /** The trip's status words where the spec reads DELAYED: the public tracking page's Trip Status. */
  async function publicStatusOf(trackingId: string) {
    const res = await call(t.app, 'GET', `/api/v1/trips/open-access/${trackingId}`);
    expect(res.status).toBe(200);
    return ongoingStatus(res.body);
  }

  it('records the arrival at the pickup when the truck enters the terminal’s geofence', async () => {
    const { trip, truck } = await tripAt('STARTED', 40);
    await drive(truck, [OSHODI, APAPA_GATE], 30, 30);
    await t.ctx.tripWatch.watchDue();

    const detail = await w.detail(trip.id, w.transporter.accessToken);
    expect(detail.latestTripStatus.tripStatus).toBe('AT_PICKUP_LOCATION');
    const arrival = detail.tripStatusLogs.at(-1);
    expect(arrival.changedBy).toBe('Freightlane tracking (geofence)');
    expect(arrival.location).toMatchObject({ state: 'Lagos', lga: 'Apapa' });
    // When the truck got there, not when the watch ran.
    expect(new Date(arrival.timeStamp).getTime()).toBeLessThan(Date.now() - 60_000);
    expect(await w.audits(trip.id, 'trip.status_changed')).toHaveLength(2);
  });

  it('proposes the arrival instead when the transporter says so, to the transporter only', async () => {
    const saved = await call(
      t.app,
      'PUT',
      SETTINGS,
      {
        ...(await call(t.app, 'GET', SETTINGS, undefined, { token: w.transporter.accessToken })).body,
        arrivalMode: 'PROPOSE',
      },
      { token: w.transporter.accessToken },
    );
    expect(saved.status).toBe(200);
    try {
      const { trip, truck } = await tripAt('LOADED', 60);
      await drive(truck, [OSHODI, IKEJA], 30, 20);
      await t.ctx.tripWatch.watchDue();

      const forTransporter = await w.detail(trip.id, w.transporter.accessToken);
      expect(forTransporter.latestTripStatus.tripStatus).toBe('LOADED');
      expect(forTransporter.arrivalProposal).toMatchObject({ status: 'AT_DELIVERY_LOCATION' });
      expect((await w.detail(trip.id, w.customer.accessToken)).arrivalProposal).toBeNull();

      // Recorded by hand, the step is no longer proposed.
      await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
      expect((await w.detail(trip.id, w.transporter.accessToken)).arrivalProposal).toBeNull();
    } finally {
      await call(
        t.app,
        'PUT',
        SETTINGS,
        { ...saved.body, arrivalMode: 'RECORD' },
        { token: w.transporter.accessToken },
      );
    }
  });

  it('reads a replacement truck’s track only from when it was put on the trip', async () => {
    const { trip } = await tripAt('LOADED', 90);
    const replacement = await w.spareTruck(trip.id);
    // Half an hour ago, on another job, the replacement drove into Ikeja: this trip's delivery.
    await drive(replacement, [OSHODI, IKEJA], 30, 20, 30);
    await w.replaceTruck(trip.id, replacement.id);
    await t.ctx.tripWatch.watchDue();
    expect((await w.tripRow(trip.id)).latestStatus).toBe('LOADED');
    expect(await issuesOf(trip.id)).toEqual([]);
  });

  it('opens a diversion issue once when a loaded truck leaves its corridor, and tells both companies', async () => {
    const { trip, truck } = await tripAt('LOADED', 90);
    await drive(truck, [APAPA_GATE, OJO], 40, 40);
    await t.ctx.tripWatch.watchDue();

    const issues = await call(t.app, 'GET', `/api/v1/trips/issues?tripId=${trip.id}`, undefined, {
      token: w.customer.accessToken,
    });
    expect(issues.body.content).toHaveLength(1);
    expect(issues.body.content[0]).toMatchObject({
      issueType: 'DIVERSION',
      alarm: 'DIVERSION',
      status: 'OPEN',
      openedBy: 'Freightlane tracking',
    });
    expect(issues.body.content[0].description).toMatch(/left the corridor/);
    const detail = await w.detail(trip.id);
    expect(detail.issues[0].alarm).toBe('DIVERSION');

    for (const account of [w.customer, w.transporter]) {
      const mails = await t.mailsTo(account.email);
      expect(
        mails.find((m) =>
          new RegExp(`^${trip.tripNumber}: left its corridor near .+, Lagos$`).test(m.subject),
        ),
      ).toBeDefined();
    }

    // Driving on out of the corridor is the same diversion.
    await drive(truck, [OJO, { latitude: 6.45, longitude: 3.1 }], 40, 10);
    await t.ctx.tripWatch.watchDue();
    expect(await issuesOf(trip.id)).toHaveLength(1);
  });

  it('raises driving at night as one alert a night, told once to both companies, and opens no issue', async () => {
    const token = w.transporter.accessToken;
    const saved = (await call(t.app, 'GET', SETTINGS, undefined, { token })).body;
    // The night hours are set around now, so the truck can drive in them whenever the test runs.
    const hour = lagosHour(new Date());
    const nightNow = {
      ...saved,
      nightAlerts: true,
      nightFromHour: (hour + 23) % 24,
      nightToHour: (hour + 2) % 24,
    };
    expect((await call(t.app, 'PUT', SETTINGS, nightNow, { token })).status).toBe(200);
    try {
      const { trip, truck } = await tripAt('LOADED', 60);
      const before = await w.detail(trip.id);
      const statusBefore = await publicStatusOf(before.trackingId);

      // Sets off at night on its lane, towards Oshodi: no issue, one alert.
      await drive(truck, [APAPA_GATE, OSHODI], 30, 20, 30);
      await t.ctx.tripWatch.watchDue();
      expect(await issuesOf(trip.id)).toEqual([]);
      const [alert, ...more] = await t.ctx.db.select().from(tripAlerts).where(eq(tripAlerts.tripId, trip.id));
      expect(more).toEqual([]);
      expect(alert).toMatchObject({ kind: 'NIGHT_MOVEMENT', acknowledgedAt: null });
      expect(alert!.location).toMatchObject({ state: 'Lagos' });
      // When the truck set off, not when the watch ran.
      expect(alert!.raisedAt.getTime()).toBeLessThan(Date.now() - 25 * 60_000);
      expect(await w.audits(alert!.id, 'trip.alert_raised')).toHaveLength(1);

      const told = await notificationsAbout(trip.id, 'TRIP_ALERT');
      expect(told.map((n) => n.userId).sort()).toEqual([w.customer.user.id, w.transporter.user.id].sort());
      const place = `${alert!.location!.lga}, ${alert!.location!.state}`;
      expect(told[0]!.title).toBe(`${trip.tripNumber}: moving at night near ${place}`);
      expect(told[0]!.body).toContain('not shown as delayed');
      for (const account of [w.customer, w.transporter]) {
        const mails = await t.mailsTo(account.email);
        expect(mails.filter((m) => m.subject === told[0]!.title)).toHaveLength(1);
      }

      // The trip page shows the alert apart from the issues, and the status words stay the trip's own.
      const after = await w.detail(trip.id);
      expect(after.issues).toEqual([]);
      expect(after.hasOpenIssue).toBe(false);
      expect(after.latestTripStatus).toEqual(before.latestTripStatus);
      expect(after.alerts).toEqual([
        {
          id: alert!.id,
          kind: 'NIGHT_MOVEMENT',
          description: expect.stringMatching(/^The truck moved during the night hours/),
          raisedAt: alert!.raisedAt.toISOString(),
          location: alert!.location,
          acknowledgedAt: null,
          acknowledgedBy: null,
        },
      ]);
      expect(await publicStatusOf(before.trackingId)).toBe(statusBefore);
      expect(statusBefore).not.toBe('DELAYED');

      // It halts, then sets off again later the same night: the same night's alert, nobody told twice.
      await drive(truck, [OSHODI, OSHODI], 0, 10, 18);
      await drive(truck, [OSHODI, APAPA_GATE], 30, 10, 5);
      await watchAgain(trip.id);
      expect(await t.ctx.db.select().from(tripAlerts).where(eq(tripAlerts.tripId, trip.id))).toHaveLength(1);
      expect(await notificationsAbout(trip.id, 'TRIP_ALERT')).toHaveLength(2);
      expect(await issuesOf(trip.id)).toEqual([]);
    } finally {
      await call(t.app, 'PUT', SETTINGS, saved, { token });
    }
  });

  it('lets the transporter mark an alert seen, once, and nobody else', async () => {
    const { trip } = await tripAt('LOADED', 60);
    const [alert] = await t.ctx.db
      .insert(tripAlerts)
      .values({
        tripId: trip.id,
        kind: 'NIGHT_MOVEMENT',
        description: 'The truck moved during the night hours (22:00 to 05:00, Lagos time).',
        raisedAt: new Date(Date.now() - 30 * 60_000),
        night: '2026-11-24',
        location: { state: 'Lagos', lga: 'Ikeja', description: null },
      })
      .returning();
    const url = `/api/v1/trips/alerts/${alert!.id}/acknowledge`;

    for (const [token, status] of [
      [w.customer.accessToken, 403],
      [w.admin.accessToken, 403],
      [w.otherTransporter.accessToken, 404],
      [undefined, 401],
    ] as const) {
      expect((await call(t.app, 'POST', url, undefined, { token })).status).toBe(status);
    }
    const unknown = await call(t.app, 'POST', '/api/v1/trips/alerts/nope/acknowledge', undefined, {
      token: w.transporter.accessToken,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBeTruthy();

    const seen = await call(t.app, 'POST', url, undefined, { token: w.fleetManager.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      id: alert!.id,
      acknowledgedBy: expect.stringMatching(/^Bola Adeyemi \(/),
    });
    // Marked again by someone else: who saw it first stays.
    const again = await call(t.app, 'POST', url, undefined, { token: w.transporter.accessToken });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(seen.body);
    expect(await w.audits(alert!.id, 'trip.alert_acknowledged')).toHaveLength(1);
    const detail = await w.detail(trip.id);
    expect(detail.alerts[0]).toEqual(seen.body);
    expect(detail.hasOpenIssue).toBe(false);
  });

  it('moves the night-movement issues of an upgraded database into alerts (migration 0020)', async () => {
    const { trip } = await tripAt('LOADED', 60);
    const { trip: handTrip } = await tripAt('LOADED', 60);
    // 23:10 and 01:30 in Lagos, the night of 24 Nov; 23:30 on the 25th.
    const at = (iso: string) => new Date(iso);
    const nightIssue = (over: Partial<typeof tripIssues.$inferInsert>) => ({
      tripId: trip.id,
      issueType: 'NIGHT_MOVEMENT' as const,
      alarm: 'NIGHT_MOVEMENT' as const,
      description: 'The truck moved during the night hours (22:00 to 05:00, Lagos time).',
      status: 'OPEN' as const,
      openedAt: at('2026-11-24T22:10:00Z'),
      location: { state: 'Lagos', lga: 'Ikeja', description: null },
      ...over,
    });
    await t.ctx.db.insert(tripIssues).values([
      nightIssue({
        status: 'RESOLVED',
        resolvedAt: at('2026-11-24T23:00:00Z'),
        resolvedByUserId: w.transporter.user.id,
      }),
      nightIssue({ openedAt: at('2026-11-25T00:30:00Z') }),
      nightIssue({
        openedAt: at('2026-11-25T22:30:00Z'),
        status: 'RESOLVED',
        resolvedAt: at('2026-11-26T06:00:00Z'),
        resolvedByUserId: w.transporter.user.id,
      }),
      // Reported by a person: a person said the trip was held up, so it stays an issue.
      {
        tripId: handTrip.id,
        issueType: 'NIGHT_MOVEMENT',
        description: 'Driver moved at night against our rules',
        status: 'OPEN',
        openedAt: at('2026-11-24T22:10:00Z'),
        openedByUserId: w.customer.user.id,
      },
    ]);
    expect((await w.detail(trip.id)).hasOpenIssue).toBe(true);

    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0020_trip_alerts.sql'), 'utf8');
    const moves = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /INSERT INTO trip_alerts|DELETE FROM trip_issues/.test(statement));
    expect(moves).toHaveLength(2);
    for (const statement of moves) await t.ctx.db.execute(sql.raw(statement));

    expect(await issuesOf(trip.id)).toEqual([]);
    expect(await issuesOf(handTrip.id)).toHaveLength(1);
    const moved = await t.ctx.db
      .select()
      .from(tripAlerts)
      .where(eq(tripAlerts.tripId, trip.id))
      .orderBy(tripAlerts.raisedAt);
    expect(
      moved.map((a) => ({
        night: a.night,
        raisedAt: a.raisedAt.toISOString(),
        seen: a.acknowledgedAt?.toISOString() ?? null,
        by: a.acknowledgedByUserId,
      })),
    ).toEqual([
      // One of the night's two issues is still open: the night's alert is not seen yet.
      { night: '2026-11-24', raisedAt: '2026-11-24T22:10:00.000Z', seen: null, by: null },
      {
        night: '2026-11-25',
        raisedAt: '2026-11-25T22:30:00.000Z',
        seen: '2026-11-26T06:00:00.000Z',
        by: w.transporter.user.id,
      },
    ]);
    const detail = await w.detail(trip.id);
    expect(detail.hasOpenIssue).toBe(false);
    expect(detail.alerts).toHaveLength(2);
  });

  it('opens a lost-tracking issue when a truck that reported on the trip falls silent', async () => {
    const { trip, truck } = await tripAt('LOADED', 240);
    await drive(truck, [APAPA_GATE, OSHODI], 30, 20, 120);
    await t.ctx.tripWatch.watchDue();
    const [issue] = await issuesOf(trip.id);
    expect(issue).toMatchObject({ alarm: 'TRACKING_LOST', issueType: 'TRACKING_LOST', status: 'OPEN' });
    expect(issue!.openedByUserId).toBeNull();
    await t.ctx.tripWatch.watchDue();
    expect(await issuesOf(trip.id)).toHaveLength(1);
  });

  it('has the simulator drive its tracker to the pickup of its truck’s started trip', async () => {
    const token = w.transporter.accessToken;
    const companies = (await call(t.app, 'GET', '/api/v1/tracking-companies', undefined, { token })).body as {
      id: string;
      kind: string;
    }[];
    const account = await call(
      t.app,
      'POST',
      '/api/v1/tracking-credentials',
      { trackingCompanyId: companies.find((c) => c.kind === 'SIMULATOR')!.id, label: 'Demo trackers' },
      { token },
    );
    const devicesUrl = `/api/v1/tracking-credentials/trucks/${account.body.id}`;
    const [device] = (await call(t.app, 'GET', devicesUrl, undefined, { token })).body.content;
    const { trip, truck } = await tripAt('STARTED', 10);
    const linked = await call(
      t.app,
      'POST',
      devicesUrl,
      { links: [{ deviceId: device.id, truckId: truck.id }] },
      { token },
    );
    expect(linked.status).toBe(200);

    // Just put on the truck: the tracker reports from now, however long ago the trip started.
    const linkedNow = (await simulatedTripsOf(t.ctx.db, account.body.id)).get(device.externalId)!;
    expect(Date.now() - linkedNow.since.getTime()).toBeLessThan(60_000);
    await t.ctx.db
      .update(trackingDevices)
      .set({ linkedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(trackingDevices.id, device.id));
    const simulated = await simulatedTripsOf(t.ctx.db, account.body.id);
    const followed = simulated.get(device.externalId)!;
    expect(followed.pickup).toEqual(APAPA_GATE);
    expect(distanceKm(followed.delivery, IKEJA)).toBeLessThan(0.01);
    expect(followed.status).toBe('STARTED');
    expect(simulated.size).toBe(1);
    const lane = [followed.delivery, followed.pickup];

    expect(await t.ctx.positionPoller.pollDue()).toBeGreaterThanOrEqual(1);
    const [latest] = await t.ctx.db
      .select()
      .from(truckLatestPositions)
      .where(eq(truckLatestPositions.truckId, truck.id));
    expect(distanceToPathKm(latest!, lane)).toBeLessThan(0.05);
    // Set off ten minutes ago from the delivery end at 40 km/h: about 6.7 km on.
    expect(distanceKm(latest!, followed.delivery)).toBeGreaterThan(6);
    expect(distanceKm(latest!, followed.delivery)).toBeLessThan(7.5);
    expect((await w.tripRow(trip.id)).truckId).toBe(truck.id);
  });

  it('leaves a trip alone when its transporter turned the alarms off', async () => {
    const other = await w.award({}, undefined, {
      customer: w.otherCustomer,
      transporter: w.otherTransporter,
    });
    const tripId = other.trips[0].id as string;
    const { truck } = await w.assignFleet(tripId);
    const token = w.otherTransporter.accessToken;
    const defaults = (await call(t.app, 'GET', SETTINGS, undefined, { token })).body;
    const off = {
      ...defaults,
      diversionAlerts: false,
      silenceAlerts: false,
      stopAlerts: false,
      nightAlerts: false,
    };
    expect((await call(t.app, 'PUT', SETTINGS, off, { token })).status).toBe(200);
    for (const tripStatus of ['STARTED', 'AT_PICKUP_LOCATION', 'LOADED']) {
      expect(
        (await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, { tripStatus }, { token })).status,
      ).toBe(200);
    }
    await backdate(tripId, 90);
    await drive(truck, [APAPA_GATE, OJO], 40, 40, 70);
    await t.ctx.tripWatch.watchDue();
    expect(await issuesOf(tripId)).toEqual([]);
    // The watch did read the whole track, to its last position: the alarms were off, not the watch.
    const [watch] = await t.ctx.db.select().from(tripWatches).where(eq(tripWatches.tripId, tripId));
    const [latest] = await t.ctx.db
      .select()
      .from(truckLatestPositions)
      .where(eq(truckLatestPositions.truckId, truck.id));
    expect(watch!.checkedUntil).toEqual(latest!.recordedAt);
    expect(watch!.watchedAt).not.toBeNull();
  });
});

describe('tracking settings', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  it('start at the defaults, are saved per company, and are the owner’s and fleet managers’ to change', async () => {
    const mine = await call(t.app, 'GET', SETTINGS, undefined, { token: w.transporter.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      arrivalMode: 'RECORD',
      stopMinutes: 120,
      nightFromHour: 22,
      nightToHour: 5,
    });

    const changed = { ...mine.body, stopMinutes: 90, nightAlerts: false };
    const saved = await call(t.app, 'PUT', SETTINGS, changed, { token: w.fleetManager.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(changed);
    expect(
      (await call(t.app, 'GET', SETTINGS, undefined, { token: w.transporter.accessToken })).body,
    ).toEqual(changed);

    // Another transporter's settings are its own.
    const theirs = await call(t.app, 'GET', SETTINGS, undefined, { token: w.otherTransporter.accessToken });
    expect(theirs.body.stopMinutes).toBe(120);
    for (const token of [w.customer.accessToken, undefined]) {
      const res = await call(t.app, 'GET', SETTINGS, undefined, { token });
      expect(res.status).toBe(token ? 403 : 401);
      expect((await call(t.app, 'PUT', SETTINGS, changed, { token })).status).toBe(token ? 403 : 401);
    }
  });

  it('refuse impossible values with the field and the reason, and change nothing', async () => {
    const token = w.transporter.accessToken;
    const before = (await call(t.app, 'GET', SETTINGS, undefined, { token })).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ stopMinutes: 5 }, 'stopMinutes'],
      [{ nightFromHour: 24 }, 'nightFromHour'],
      [{ geofenceRadiusM: '1000' }, 'geofenceRadiusM'],
      [{ arrivalMode: 'MAYBE' }, 'arrivalMode'],
      [{ silenceMinutes: 30.5 }, 'silenceMinutes'],
      [{ extra: true }, ''],
    ];
    for (const [change, field] of cases) {
      const res = await call(t.app, 'PUT', SETTINGS, { ...before, ...change }, { token });
      expect(res.status, JSON.stringify(change)).toBe(400);
      if (field) expect(JSON.stringify(res.body), field).toContain(field);
    }
    const { stopMinutes: _dropped, ...missing } = before;
    expect((await call(t.app, 'PUT', SETTINGS, missing, { token })).status).toBe(400);
    expect((await call(t.app, 'GET', SETTINGS, undefined, { token })).body).toEqual(before);
  });
});
