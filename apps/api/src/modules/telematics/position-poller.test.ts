import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TrackingCompany, TrackingCredential, TrackingDevice } from '@freightlane/domain';
import { trackingCredentials, truckLatestPositions, truckPositions } from '../../db/schema';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { recordTruckPositions } from './truck-position.service';
import { signedInAccount } from '../../test/accounts';
import { createTruckViaApi } from '../../test/fleet';
import { call, createSecondTestApp, createTestApp, type TestApp } from '../../test/test-app';
import { TraccarServer, traccarDevice, traccarPosition } from '../../test/traccar-server';
import { nextPollSeconds } from './position-poller.job';

const CREDENTIALS = '/api/v1/tracking-credentials';
const devicesOf = (id: string) => `/api/v1/tracking-credentials/trucks/${id}`;

describe('polling the tracking companies', () => {
  let t: TestApp;
  const traccar = new TraccarServer();
  let owner: Awaited<ReturnType<typeof signedInAccount>>;
  let credential: TrackingCredential;
  let truckId: string;

  beforeAll(async () => {
    await traccar.start();
    t = await createTestApp({ TRACKING_ALLOW_INTERNAL_HOSTS: 'true', TRACKING_POLL_SECONDS: '60' });
    owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const companies = (await call(t.app, 'GET', '/api/v1/tracking-companies', undefined, { token }))
      .body as TrackingCompany[];
    traccar.devices = [traccarDevice(7, 'Tracker 7', '356307042441013')];
    const res = await call(
      t.app,
      'POST',
      CREDENTIALS,
      {
        trackingCompanyId: companies.find((c) => c.kind === 'TRACCAR')!.id,
        label: 'GPS',
        baseUrl: traccar.url,
        authMethod: 'TOKEN',
        token: traccar.token,
      },
      { token },
    );
    credential = res.body as TrackingCredential;
    truckId = (await createTruckViaApi(t, token)).id;
    const device = (
      (await call(t.app, 'GET', devicesOf(credential.id), undefined, { token })).body
        .content as TrackingDevice[]
    )[0]!;
    await call(
      t.app,
      'POST',
      devicesOf(credential.id),
      { links: [{ deviceId: device.id, truckId }] },
      { token },
    );
  });
  afterAll(async () => {
    await t.close();
    await traccar.stop();
  });
  beforeEach(async () => {
    traccar.mode = 'ok';
    await makeDue();
  });

  const makeDue = () =>
    t.ctx.db
      .update(trackingCredentials)
      .set({ nextPollAt: sql`now() - interval '1 second'` })
      .where(eq(trackingCredentials.id, credential.id));
  const credentialRow = async () =>
    (await t.ctx.db.select().from(trackingCredentials).where(eq(trackingCredentials.id, credential.id)))[0]!;

  it('stores the linked truck’s position once, keeps the latest, and refuses nonsense without stopping', async () => {
    const at = new Date(Date.now() - 30_000);
    traccar.positions = [traccarPosition(7, at, 6.6018, 3.3515, { speed: 20, course: 90 })];
    expect(await t.ctx.positionPoller.pollDue()).toBe(1);
    await makeDue();
    expect(await t.ctx.positionPoller.pollDue()).toBe(1);
    const stored = await t.ctx.db.select().from(truckPositions).where(eq(truckPositions.truckId, truckId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      latitude: 6.6018,
      longitude: 3.3515,
      speedKmh: 37,
      heading: 90,
      source: 'TRACCAR',
    });
    const [latest] = await t.ctx.db
      .select()
      .from(truckLatestPositions)
      .where(eq(truckLatestPositions.truckId, truckId));
    expect(latest).toMatchObject({ lga: 'Ikeja', state: 'Lagos' });
    expect(await credentialRow()).toMatchObject({ status: 'CONNECTED', lastError: null, pollFailures: 0 });

    // A fix timed a day ahead is refused; the poll itself still succeeds.
    traccar.positions.push(traccarPosition(7, new Date(Date.now() + 86_400_000), 6.7, 3.4));
    await makeDue();
    await t.ctx.positionPoller.pollDue();
    expect(
      await t.ctx.db.select().from(truckPositions).where(eq(truckPositions.truckId, truckId)),
    ).toHaveLength(1);
    expect((await credentialRow()).status).toBe('CONNECTED');
  });

  it('backs off a failing provider and says why, then recovers', async () => {
    traccar.mode = 'malformed-json';
    await t.ctx.positionPoller.pollDue();
    const failing = await credentialRow();
    expect(failing).toMatchObject({
      status: 'FAILING',
      lastError: 'The tracking server answered something that is not JSON.',
      pollFailures: 1,
    });
    const waitSeconds = (failing.nextPollAt.getTime() - failing.lastPolledAt!.getTime()) / 1000;
    expect(waitSeconds).toBeCloseTo(120, -1);
    // Not due yet: nothing is polled.
    expect(await t.ctx.positionPoller.pollDue()).toBe(0);
    traccar.mode = 'ok';
    await makeDue();
    await t.ctx.positionPoller.pollDue();
    expect(await credentialRow()).toMatchObject({ status: 'CONNECTED', pollFailures: 0, lastError: null });
    const list = await call(t.app, 'GET', CREDENTIALS, undefined, { token: owner.accessToken });
    expect(list.body[0]).toMatchObject({ status: 'CONNECTED', lastError: null });
  });

  it('doubles the wait after each failure, up to an hour', () => {
    expect(nextPollSeconds(60, 1)).toBe(120);
    expect(nextPollSeconds(60, 3)).toBe(480);
    expect(nextPollSeconds(60, 30)).toBe(3600);
  });

  it('skips a paused account', async () => {
    await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${credential.id}`,
      { active: false },
      { token: owner.accessToken },
    );
    expect(await t.ctx.positionPoller.pollDue()).toBe(0);
    await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${credential.id}`,
      { active: true },
      { token: owner.accessToken },
    );
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'never lets two instances poll one account at once',
    async () => {
      const second = await createSecondTestApp(t);
      try {
        traccar.positions = [traccarPosition(7, new Date(Date.now() - 5_000), 6.55, 3.343)];
        const before = traccar.requests.length;
        const polled = await Promise.all([
          t.ctx.positionPoller.pollDue(),
          second.ctx.positionPoller.pollDue(),
        ]);
        expect(polled[0] + polled[1]).toBe(1);
        // One poll: devices and positions, each asked once.
        const asked = traccar.requests.slice(before).filter((r) => r !== 'GET /api/session');
        expect(asked).toEqual(['GET /api/devices', 'GET /api/positions']);
      } finally {
        await second.close();
      }
    },
  );
});

describe('positions of a truck on a trip', () => {
  let t: TestApp;
  let world: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
  });
  afterAll(() => t.close());

  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
  const fix = (
    truckId: string,
    companyId: string,
    recordedAt: Date,
    latitude: number,
    longitude: number,
  ) => ({
    truckId,
    companyId,
    recordedAt,
    latitude,
    longitude,
    speedKmh: 40,
    heading: 10,
    accuracyM: 5,
    source: 'DRIVER_PHONE' as const,
    address: null,
  });

  it('moves the live trip’s current location when the truck reaches another LGA, and only then', async () => {
    const trip = await world.newTrip();
    const { truck } = await world.assignFleet(trip.id);
    const companyId = truck.companyId;
    const first = await recordTruckPositions(t.ctx, [fix(truck.id, companyId, at(300), 6.6018, 3.3515)]);
    expect(first).toEqual({ stored: 1, storedIndexes: [0], refused: [] });
    const inIkeja = await world.tripRow(trip.id);
    expect(inIkeja.currentLocation).toMatchObject({ state: 'Lagos', lga: 'Ikeja' });

    // Still in Ikeja: the position is stored, the trip is not written.
    await recordTruckPositions(t.ctx, [fix(truck.id, companyId, at(240), 6.6025, 3.352)]);
    expect((await world.tripRow(trip.id)).updatedAt).toEqual(inIkeja.updatedAt);

    // A late, older position from elsewhere never moves the truck back.
    await recordTruckPositions(t.ctx, [fix(truck.id, companyId, at(600), 6.444, 3.368)]);
    expect((await world.tripRow(trip.id)).currentLocation).toMatchObject({ lga: 'Ikeja' });

    await recordTruckPositions(t.ctx, [fix(truck.id, companyId, at(60), 7.3775, 3.947)]);
    const inIbadan = await world.tripRow(trip.id);
    expect(inIbadan.currentLocation).toMatchObject({ state: 'Oyo' });
    const detail = await world.detail(trip.id);
    expect(detail.currentLocation).toMatchObject({ state: 'Oyo' });
  });

  it('refuses impossible positions by index with the reason, storing the rest', async () => {
    const trip = await world.newTrip();
    const { truck } = await world.assignFleet(trip.id);
    const c = truck.companyId;
    const outcome = await recordTruckPositions(t.ctx, [
      fix(truck.id, c, at(10), 91, 3.3),
      fix(truck.id, c, at(10), 6.5, -190),
      fix(truck.id, c, at(10), 0, 0),
      fix(truck.id, c, new Date(Date.now() + 3_600_000), 6.5, 3.3),
      fix(truck.id, c, new Date(Date.now() - 400 * 86_400_000), 6.5, 3.3),
      fix(truck.id, c, at(20), 6.5246, 3.3709),
    ]);
    expect(outcome).toEqual({
      stored: 1,
      storedIndexes: [5],
      refused: [
        { index: 0, message: 'Latitude must be between -90 and 90' },
        { index: 1, message: 'Longitude must be between -180 and 180' },
        { index: 2, message: 'The device has no GPS fix (0, 0)' },
        { index: 3, message: 'The position is timed in the future' },
        { index: 4, message: 'The position is more than 7 days old' },
      ],
    });
  });
});
