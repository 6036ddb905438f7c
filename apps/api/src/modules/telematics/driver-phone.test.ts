import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import { auditLog, driverPhoneLinks, drivers, truckPositions } from '../../db/schema';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const linkOf = (driverId: string) => `/api/v1/fleet/drivers/${driverId}/phone-link`;

describe('driver phone links and the positions phones send', () => {
  let t: TestApp;
  let world: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
  });
  afterAll(() => t.close());

  const driverOnTrip = () => driverOnTripWithLink(t, world);
  const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

  it('gives a driver a private link the transporter can show again, and a new one replaces it', async () => {
    const { driver, link } = await driverOnTrip();
    expect(link.url).toBe(`http://localhost:3000/driver/${link.token}`);
    expect(link.osmandUrl).toBe('http://localhost:3000/api/v1/driver/osmand');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await t.ctx.db
      .select()
      .from(driverPhoneLinks)
      .where(eq(driverPhoneLinks.driverId, driver.id));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const again = await call(t.app, 'GET', linkOf(driver.id), undefined, {
      token: world.fleetManager.accessToken,
    });
    expect(again.body.url).toBe(link.url);
    const renewed = await call(t.app, 'POST', linkOf(driver.id), undefined, {
      token: world.transporter.accessToken,
    });
    expect(renewed.body.token).not.toBe(link.token);
    expect((await call(t.app, 'GET', `/api/v1/driver/${link.token}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/driver/${renewed.body.token}`)).status).toBe(200);

    const revoked = await call(t.app, 'DELETE', linkOf(driver.id), undefined, {
      token: world.transporter.accessToken,
    });
    expect(revoked.status).toBe(204);
    const gone = await call(t.app, 'GET', `/api/v1/driver/${renewed.body.token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This driver link is not valid. Ask your transporter for a new one.');
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, driver.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual([
      'driver_phone_link.issued',
      'driver_phone_link.issued',
      'driver_phone_link.revoked',
    ]);
  });

  it('shows the driver the trip in progress, with the truck and where it goes', async () => {
    const { trip, truck, link } = await driverOnTrip();
    const page = await call(t.app, 'GET', `/api/v1/driver/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      driver: { firstName: expect.any(String) },
      company: { name: 'Agege Haulage Ltd' },
      truck: { registrationNumber: truck.registrationNumber },
      trip: { id: trip.id, tripNumber: trip.tripNumber, latestTripStatus: null },
      positionIntervalSeconds: 30,
    });
    expect(page.body.trip.pickup.terminal ?? page.body.trip.pickup.address).toBeTruthy();
    expect(JSON.stringify(page.body)).not.toMatch(/handover|amountKobo|phoneNumber/);
  });

  it('carries the driver’s language, as the transporter set it, to the page', async () => {
    const { driver, base } = await driverOnTrip();
    expect((await call(t.app, 'GET', base)).body.driver.language).toBeNull();
    const set = await call(
      t.app,
      'PATCH',
      `/api/v1/fleet/drivers/${driver.id}`,
      { language: 'ig' },
      { token: world.transporter.accessToken },
    );
    expect(set.status).toBe(200);
    expect((await call(t.app, 'GET', base)).body.driver).toMatchObject({ language: 'ig' });
    const cleared = await call(
      t.app,
      'PATCH',
      `/api/v1/fleet/drivers/${driver.id}`,
      { language: null },
      { token: world.transporter.accessToken },
    );
    expect(cleared.status).toBe(200);
    expect((await call(t.app, 'GET', base)).body.driver.language).toBeNull();
  });

  it('keeps the language chosen on the phone as the driver’s own, logged once per change', async () => {
    const { driver, base } = await driverOnTrip();
    const chosen = await call(t.app, 'PUT', `${base}/language`, { language: 'ha' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ language: 'ha' });
    // The column the USSD menu and the assignment SMS read, and the transporter's driver page shows.
    const [row] = await t.ctx.db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row!.language).toBe('ha');
    const seen = await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}`, undefined, {
      token: world.transporter.accessToken,
    });
    expect(seen.body.language).toBe('ha');
    expect((await call(t.app, 'GET', base)).body.driver.language).toBe('ha');

    expect((await call(t.app, 'PUT', `${base}/language`, { language: 'ha' })).status).toBe(200);
    expect((await call(t.app, 'PUT', `${base}/language`, { language: 'yo' })).status).toBe(200);
    const logged = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, driver.id), eq(auditLog.action, 'driver.language_changed')))
      .orderBy(auditLog.id);
    expect(logged.map((a) => [a.actorUserId, a.companyId, a.data])).toEqual([
      [
        null,
        driver.companyId,
        expect.objectContaining({
          before: { language: null },
          after: { language: 'ha' },
          by: 'PHONE_PAGE',
          driverId: driver.id,
        }),
      ],
      [
        null,
        driver.companyId,
        expect.objectContaining({ before: { language: 'ha' }, after: { language: 'yo' } }),
      ],
    ]);
  });

  it('refuses a language for a link turned off or unknown, and one it does not speak', async () => {
    const { driver, base, link } = await driverOnTrip();
    const bad = await call(t.app, 'PUT', `${base}/language`, { language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'language', message: 'Choose English, Pidgin, Hausa, Yoruba or Igbo' },
    ]);
    const none = await call(t.app, 'PUT', `${base}/language`, {});
    expect(none.status).toBe(400);
    expect(none.body.errors.map((e: { field: string }) => e.field)).toEqual(['language']);

    const unknown = await call(t.app, 'PUT', `/api/v1/driver/${'z'.repeat(32)}/language`, { language: 'ha' });
    expect(unknown.status).toBe(404);
    await call(t.app, 'DELETE', linkOf(driver.id), undefined, { token: world.transporter.accessToken });
    const revoked = await call(t.app, 'PUT', `/api/v1/driver/${link.token}/language`, { language: 'ha' });
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe('This driver link is not valid. Ask your transporter for a new one.');
    const [row] = await t.ctx.db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row!.language).toBeNull();
    const logged = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, driver.id), eq(auditLog.action, 'driver.language_changed')));
    expect(logged).toEqual([]);
  });

  it('stores the phone’s queued positions once as the truck’s, refusing impossible ones by index', async () => {
    const { trip, truck, link } = await driverOnTrip();
    const positions = [
      {
        latitude: 6.6018,
        longitude: 3.3515,
        recordedAt: secondsAgo(90),
        speedKmh: 32,
        heading: 180,
        accuracyM: 8,
      },
      { latitude: 6.555, longitude: 3.343, recordedAt: secondsAgo(60) },
      { latitude: 6.5, longitude: 3.3, recordedAt: new Date(Date.now() + 3_600_000).toISOString() },
    ];
    const sent = await call(t.app, 'POST', `/api/v1/driver/${link.token}/positions`, { positions });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      stored: 2,
      refused: [{ index: 2, message: 'The position is timed in the future' }],
    });
    // The phone comes back online and sends its queue again: nothing is stored twice.
    const resent = await call(t.app, 'POST', `/api/v1/driver/${link.token}/positions`, {
      positions: positions.slice(0, 2),
    });
    expect(resent.body).toEqual({ stored: 0, refused: [] });
    const rows = await t.ctx.db.select().from(truckPositions).where(eq(truckPositions.truckId, truck.id));
    expect(rows.map((r) => r.source)).toEqual(['DRIVER_PHONE', 'DRIVER_PHONE']);
    expect((await world.tripRow(trip.id)).currentLocation).toMatchObject({
      lga: 'Oshodi-Isolo',
      state: 'Lagos',
    });
    const link2 = await call(t.app, 'GET', linkOf((await world.tripRow(trip.id)).driverId!), undefined, {
      token: world.transporter.accessToken,
    });
    expect(link2.body.lastPositionAt).toBe(positions[1]!.recordedAt);
  });

  it('answers a link whose every position is refused with the reasons, not as an unknown link', async () => {
    const { link } = await driverOnTrip();
    const sent = await call(t.app, 'POST', `/api/v1/driver/${link.token}/positions`, {
      positions: [
        { latitude: 6.5, longitude: 3.3, recordedAt: new Date(Date.now() + 3_600_000).toISOString() },
      ],
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      stored: 0,
      refused: [{ index: 0, message: 'The position is timed in the future' }],
    });
  });

  it('takes the Traccar Client app’s OsmAnd fields by query or form, speed in knots', async () => {
    const { truck, link } = await driverOnTrip();
    const unix = Math.floor(Date.now() / 1000) - 30;
    const byQuery = await call(
      t.app,
      'GET',
      `/api/v1/driver/osmand?id=${link.token}&lat=6.4474&lon=3.3903&timestamp=${unix}&speed=10&bearing=45&accuracy=12&batt=88`,
    );
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual({ stored: 1, refused: [] });
    const form = new URLSearchParams({
      id: link.token,
      lat: '6.45',
      lon: '3.39',
      timestamp: new Date().toISOString(),
    });
    const byForm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(byForm.statusCode).toBe(200);
    expect(JSON.parse(byForm.body)).toEqual({ stored: 1, refused: [] });
    const [first] = await t.ctx.db
      .select()
      .from(truckPositions)
      .where(eq(truckPositions.truckId, truck.id))
      .orderBy(truckPositions.recordedAt);
    expect(first).toMatchObject({ speedKmh: 18.5, heading: 45, accuracyM: 12 });

    const bad = await call(
      t.app,
      'GET',
      `/api/v1/driver/osmand?id=${link.token}&lat=north&lon=3.39&timestamp=yesterday`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('query.lat');
    const badTime = await call(
      t.app,
      'GET',
      `/api/v1/driver/osmand?id=${link.token}&lat=6.4&lon=3.39&timestamp=yesterday`,
    );
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors).toEqual([
      { field: 'timestamp', message: 'Send Unix seconds or an ISO 8601 date-time' },
    ]);
    const unknown = await call(
      t.app,
      'GET',
      `/api/v1/driver/osmand?id=${'x'.repeat(32)}&lat=6.4&lon=3.39&timestamp=${unix}`,
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps positions only during a trip', async () => {
    const { trip, link } = await driverOnTrip();
    const cancelled = await call(
      t.app,
      'PATCH',
      '/api/v1/trips/cancel',
      { tripIds: [trip.id], reason: 'Customer changed plans' },
      { token: world.customer.accessToken },
    );
    expect(cancelled.status).toBe(200);
    const page = await call(t.app, 'GET', `/api/v1/driver/${link.token}`);
    expect(page.body.trip).toBeNull();
    const sent = await call(t.app, 'POST', `/api/v1/driver/${link.token}/positions`, {
      positions: [{ latitude: 6.6, longitude: 3.35, recordedAt: secondsAgo(5) }],
    });
    expect(sent.body).toEqual({
      stored: 0,
      refused: [
        { index: 0, message: 'You are not on a trip with a truck: positions are kept only during a trip' },
      ],
    });
  });

  it('refuses bad input with the field, and keeps other companies and customers out', async () => {
    const { driver, link } = await driverOnTrip();
    const wrongType = await call(t.app, 'POST', `/api/v1/driver/${link.token}/positions`, {
      positions: [{ latitude: '6.6', longitude: 3.35, recordedAt: 'now' }],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'positions.0.latitude',
      'positions.0.recordedAt',
    ]);
    const tooMany = await call(t.app, 'POST', `/api/v1/driver/${link.token}/positions`, {
      positions: Array.from({ length: 501 }, () => ({
        latitude: 6.6,
        longitude: 3.35,
        recordedAt: secondsAgo(5),
      })),
    });
    expect(tooMany.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/driver/short')).status).toBe(400);

    const others = world.otherTransporter.accessToken;
    expect((await call(t.app, 'GET', linkOf(driver.id), undefined, { token: others })).status).toBe(404);
    expect((await call(t.app, 'POST', linkOf(driver.id), undefined, { token: others })).status).toBe(404);
    expect((await call(t.app, 'DELETE', linkOf(driver.id), undefined, { token: others })).status).toBe(404);
    expect(
      (await call(t.app, 'GET', linkOf(driver.id), undefined, { token: world.customer.accessToken })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', linkOf(driver.id))).status).toBe(401);
  });
});
