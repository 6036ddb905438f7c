import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathLengthKm, pointAlong, tripTimeline, type TripMoney } from '@freightlane/domain';
import {
  notifications,
  tripDieselFlags,
  tripExpenses,
  tripRoutes,
  trips,
  tripStatusLogs,
  truckPositions,
} from '../../db/schema';
import { uploadAs } from '../../test/multipart';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { keepFinishedRoutes } from '../telematics/position-history.service';
import { checkDieselOfTrips } from './diesel-check.service';

const HOUR = 3_600_000;
/** Apapa to Ibadan by the expressway, roughly: the road the known track drives. */
const LAGOS_IBADAN = [
  { latitude: 6.4474, longitude: 3.3903 },
  { latitude: 6.6018, longitude: 3.3515 },
  { latitude: 6.8, longitude: 3.45 },
  { latitude: 7.1, longitude: 3.6 },
  { latitude: 7.3775, longitude: 3.947 },
];

/** The known track: a position a minute at 60 km/h along the road from `start`, the whole road in 390 minutes. */
const knownTrack = (start: Date) =>
  Array.from({ length: 391 }, (_, minute) => ({
    ...pointAlong(LAGOS_IBADAN, minute * (ROAD_KM / 390)),
    at: new Date(start.getTime() + minute * 60_000),
  }));
const ROAD_KM = pathLengthKm(LAGOS_IBADAN);

describe('the diesel check: litres bought against the distance driven', () => {
  let t: TestApp;
  let w: TripWorld;
  let truck: { id: string; companyId: string; registrationNumber: string };
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const owner = () => w.transporter.accessToken;
  const diesel = (tripId: string, litres: string) =>
    uploadAs(t, `/api/v1/trips/${tripId}/expenses`, owner(), {
      kind: 'DIESEL',
      litres,
      pricePerLitreKobo: '125000',
    });

  /**
   * A trip of `truck` driven along the known track `hoursAgo` hours ago, ended, with `litres` of diesel,
   * its route kept by the keeper with the diesel check listening.
   */
  async function drivenTrip(litres: string, hoursAgo: number) {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await t.ctx.db.update(trips).set({ truckId: truck.id }).where(eq(trips.id, trip.id));
    await w.walkTo(trip.id, 'STARTED');
    const setOff = Math.floor((Date.now() - hoursAgo * HOUR) / 1000) * 1000;
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date(setOff) })
      .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'STARTED')));
    await t.ctx.db
      .update(trips)
      .set({ truckAssignedAt: new Date(setOff - HOUR) })
      .where(eq(trips.id, trip.id));
    const track = knownTrack(new Date(setOff + 60_000));
    await t.ctx.db.insert(truckPositions).values(
      track.map((p) => ({
        truckId: truck.id,
        companyId: truck.companyId,
        recordedAt: p.at,
        latitude: p.latitude,
        longitude: p.longitude,
        source: 'SIMULATOR' as const,
      })),
    );
    expect((await diesel(trip.id, litres)).status).toBe(201);
    await w.walkTo(trip.id, tripTimeline((await w.tripRow(trip.id)).cargoType).at(-1)!);
    await keepFinishedRoutes(t.ctx, 10, (ids) => checkDieselOfTrips(t.ctx, ids));
    return { trip, km: pathLengthKm(track) };
  }

  const money = async (tripId: string) =>
    (await call(t.app, 'GET', `/api/v1/trips/${tripId}/money`, undefined, { token: owner() }))
      .body as TripMoney;

  it('flags a trip more than 25 % above its truck’s median, once, and tells the transporter', async () => {
    const first = await w.newTrip();
    truck = { ...(await w.assignFleet(first.id)).truck };
    // The truck leaves the trip it came with: it drives the trips below, one at a time.
    await t.ctx.db.update(trips).set({ truckId: null }).where(eq(trips.id, first.id));
    // Three earlier trips on the road at 30 litres per 100 km give the truck its median.
    const km = ROAD_KM;
    const usual = (km * 0.3).toFixed(2);
    for (const hoursAgo of [80, 60, 40]) {
      const { trip } = await drivenTrip(usual, hoursAgo);
      expect((await money(trip.id)).diesel).toMatchObject({ flagged: false });
    }
    const [row] = await t.ctx.db.select().from(tripRoutes).limit(1);
    expect(row).toBeDefined();

    // 45 litres per 100 km: half as much again as the truck's usual.
    const { trip, km: driven } = await drivenTrip((km * 0.45).toFixed(2), 20);
    const account = await money(trip.id);
    expect(account.diesel).toMatchObject({ truckTrips: 3, flagged: true });
    expect(account.diesel!.litresPer100Km).toBeCloseTo(45, 0);
    expect(account.diesel!.truckMedianPer100Km).toBeCloseTo(30, 0);
    expect(account.diesel!.distanceKm).toBeCloseTo(driven, 0);
    const flags = await t.ctx.db.select().from(tripDieselFlags).where(eq(tripDieselFlags.tripId, trip.id));
    expect(flags).toHaveLength(1);

    await t.ctx.jobs.drain();
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.transporter.user.id), eq(notifications.kind, 'ROAD_MONEY')));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toMatch(
      new RegExp(`^${trip.tripNumber}: diesel (49|50|51)% above ${truck.registrationNumber}’s usual$`),
    );
    expect(told[0]!.link).toBe(`/trips/${trip.id}#trip-cash`);
    // The customer is never told of the transporter's diesel.
    const customerTold = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.customer.user.id), eq(notifications.kind, 'ROAD_MONEY')));
    expect(customerTold).toEqual([]);

    // Judged again (a diesel receipt reviewed later), it is not told twice.
    await checkDieselOfTrips(t.ctx, [trip.id]);
    await t.ctx.jobs.drain();
    const [expense] = await t.ctx.db.select().from(tripExpenses).where(eq(tripExpenses.tripId, trip.id));
    await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip.id}/expenses/${expense!.id}/review`,
      { decision: 'QUERY', note: 'Which station?' },
      { token: owner() },
    );
    await t.ctx.jobs.drain();
    expect(
      await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, w.transporter.user.id), eq(notifications.kind, 'ROAD_MONEY'))),
    ).toHaveLength(1);

    // A rejected fill-up leaves the trip with no diesel to judge.
    const rejected = await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip.id}/expenses/${expense!.id}/review`,
      { decision: 'REJECT', note: 'Not our station' },
      { token: owner() },
    );
    expect(rejected.body.diesel).toBeNull();
  });

  it('does not flag a trip within 25 % of the median', async () => {
    const km = ROAD_KM;
    const { trip } = await drivenTrip((km * 0.36).toFixed(2), 10);
    const { diesel } = await money(trip.id);
    // The truck's usual is still its three trips at 30: the flagged trip's fill-up was rejected.
    expect(diesel).toMatchObject({ flagged: false, truckTrips: 3 });
    expect(diesel!.litresPer100Km).toBeCloseTo(36, 0);
    expect(await t.ctx.db.select().from(tripDieselFlags).where(eq(tripDieselFlags.tripId, trip.id))).toEqual(
      [],
    );
  });
});
