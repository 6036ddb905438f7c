import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_STATUS_LABELS, expiringWithin, lagosDateInDays, lagosToday } from '@freightlane/domain';
import { drivers, trips } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { awardedOrder } from '../../test/awarded-trips';
import { containerRows, referenceIds } from '../../test/marketplace';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  insertNamedDriver,
  lagosDayOf,
  RANGE,
  RANGE_FROM as FROM,
  RANGE_TO as TO,
  transporterReportWorld,
  type TransporterReportWorld,
  type WorldTrip,
} from '../../test/transporter-report-world';

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;

describe('the driver report', () => {
  let t: TestApp;
  let world: TransporterReportWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterReportWorld(t);
    // Onitsha Movers also has eleven more trips due in the range, over ten more drivers, so its chart
    // needs an Others point.
    const { linerId } = await referenceIds(t);
    const { order } = await awardedOrder(t, world.customer, world.other, {
      cargoType: 'IMPORT_SHIPPER_OWNED',
      containers: containerRows(11, linerId),
    });
    for (const [i, trip] of (order.trips as { id: string }[]).entries()) {
      const n = Math.max(1, i);
      let [driver] = await t.ctx.db
        .select()
        .from(drivers)
        .where(eq(drivers.lastName, `Driver ${String(n).padStart(2, '0')}`));
      if (!driver) {
        driver = await insertNamedDriver(t, world.other.company.id, {
          firstName: 'Ade',
          lastName: `Driver ${String(n).padStart(2, '0')}`,
        });
      }
      await t.ctx.db
        .update(trips)
        // A driver is on one live trip at a time: the first of the two is done.
        .set({
          driverId: driver!.id,
          pickupDate: lagosDateInDays(-i),
          ...(i === 0
            ? { completed: true, latestStatus: 'DELIVERED' as const, latestStatusAt: new Date() }
            : {}),
        })
        .where(eq(trips.id, trip.id));
    }
  }, 180_000);
  afterAll(() => t?.close());

  const read = (token: string, query = `${RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/driver?${query}`, undefined, { token });

  /** On-time states and transit of one trip (docs/reports.md 1.8), judged here from its live step times. */
  function measure(row: WorldTrip, today: string) {
    const { pickupDate, expectedDeliveryDate } = row.trip;
    const pickup = row.arrivedPickupAt
      ? lagosDayOf(row.arrivedPickupAt) <= pickupDate
        ? 'ON_TIME'
        : 'LATE'
      : pickupDate < today
        ? 'LATE'
        : 'PENDING';
    const delivery =
      expectedDeliveryDate === null
        ? 'NO_TARGET'
        : row.deliveredAt
          ? lagosDayOf(row.deliveredAt) <= expectedDeliveryDate
            ? 'ON_TIME'
            : 'LATE'
          : expectedDeliveryDate < today
            ? 'LATE'
            : 'PENDING';
    const transit =
      row.deliveredAt && row.loadedAt && row.deliveredAt >= row.loadedAt
        ? (row.deliveredAt.getTime() - row.loadedAt.getTime()) / 1000
        : null;
    return { pickup, delivery, transit };
  }

  function quality(list: (WorldTrip & ReturnType<typeof measure>)[]) {
    const count = (f: (r: (typeof list)[number]) => boolean) => list.filter(f).length;
    const transits = list.map((r) => r.transit).filter((s) => s !== null) as number[];
    return {
      trips: list.length,
      completed: count((r) => r.trip.completed),
      onTimePickup: percent(
        count((r) => r.pickup === 'ON_TIME'),
        count((r) => r.pickup !== 'PENDING'),
      ),
      onTimeDelivery: percent(
        count((r) => r.delivery === 'ON_TIME'),
        count((r) => r.delivery === 'ON_TIME' || r.delivery === 'LATE'),
      ),
      averageTransit:
        transits.length === 0
          ? null
          : Math.round((10 * transits.reduce((s, x) => s + x, 0)) / transits.length / 3600) / 10,
      issues: list.reduce((s, r) => s + r.issues, 0),
      issueRate: percent(
        count((r) => r.issues > 0),
        list.length,
      ),
    };
  }

  /** The rows, figures and chart computed another way: the population filtered and judged here. */
  async function expected(companyId: string) {
    const now = new Date();
    const today = lagosToday(now);
    const population = (await world.tripsOf(companyId))
      .filter((r) => r.trip.pickupDate >= FROM && r.trip.pickupDate <= TO && !r.trip.cancelledAt)
      .map((r) => ({ ...r, ...measure(r, today) }));
    const people = (await world.driversOf(companyId)).map((d) => ({
      driver: d,
      name: `${d.firstName} ${d.lastName}`,
      trips: population.filter((r) => r.trip.driverId === d.id),
    }));
    const byTrips = (a: (typeof people)[number], b: (typeof people)[number]) =>
      b.trips.length - a.trips.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    const rows = people.filter((p) => p.driver.active || p.trips.length > 0).sort(byTrips);
    const withTrips = people.filter((p) => p.trips.length > 0).sort(byTrips);
    const deliveries = (list: typeof population) => ({
      onTime: list.filter((r) => r.delivery === 'ON_TIME').length,
      late: list.filter((r) => r.delivery === 'LATE').length,
      notMeasured: list.filter((r) => r.delivery === 'PENDING' || r.delivery === 'NO_TARGET').length,
    });
    // The summary pools the drivers' trips, the rows' own: a trip without a driver is counted apart.
    const all = quality(population.filter((r) => r.trip.driverId !== null));
    return {
      rows: rows.map((p) => {
        const q = quality(p.trips);
        return {
          driver: p.name,
          phone: p.driver.phoneNumber,
          licenceExpires: p.driver.licenceExpiresOn,
          licenceState: EXPIRY_STATUS_LABELS[expiringWithin(p.driver.licenceExpiresOn, 30, now)],
          trips: q.trips,
          completed: q.completed,
          onTimePickup: q.onTimePickup,
          onTimeDelivery: q.onTimeDelivery,
          averageTransit: q.averageTransit,
          issues: q.issues,
          issueRate: q.issueRate,
          active: p.driver.active ? 'Yes' : 'No',
        };
      }),
      summary: {
        drivers: withTrips.length,
        trips: all.trips,
        withoutDriver: population.filter((r) => r.trip.driverId === null).length,
        onTimePickup: all.onTimePickup,
        onTimeDelivery: all.onTimeDelivery,
        issueRate: all.issueRate,
        licencesExpired: people.filter((p) => p.driver.active && p.driver.licenceExpiresOn < today).length,
      },
      chart: [
        ...withTrips.slice(0, 10).map((p) => ({ driver: p.name, ...deliveries(p.trips) })),
        ...(withTrips.length > 10
          ? [{ driver: 'Others', ...deliveries(withTrips.slice(10).flatMap((p) => p.trips)) }]
          : []),
      ],
    };
  }

  const figures = (body: Record<string, any>) =>
    Object.fromEntries((body.summary as { key: string; value: unknown }[]).map((f) => [f.key, f.value]));

  it('equals the trips due in the range judged one by one: rows, figures and chart', async () => {
    const res = await read(world.owner.accessToken);
    expect(res.status).toBe(200);
    const want = await expected(world.owner.company.id);
    expect(res.body.page.content).toEqual(want.rows);
    expect(figures(res.body)).toEqual(want.summary);
    expect(res.body.chart.points).toEqual(want.chart);

    // Funke did trips 1 and 2; Chinedu's trip 3 arrived late (its on-time arrival was undone) and his
    // trip 7 is due before the range; Garba is inactive but drove trip 6; Halima is inactive without trips.
    expect(res.body.page.content.map((r: { driver: string }) => r.driver)).toEqual([
      'Funke Adebayo',
      'Chinedu Okeke',
      'Emeka Nwosu',
      'Garba Sule',
      'Ifeanyi Eze',
    ]);
    expect(res.body.page.content[0]).toMatchObject({
      trips: 2,
      completed: 2,
      onTimePickup: 100,
      onTimeDelivery: 50,
      averageTransit: 26,
      issues: 2,
      issueRate: 50,
    });
    expect(res.body.page.content[1]).toMatchObject({
      trips: 1,
      onTimePickup: 0,
      onTimeDelivery: 0,
      issues: 1,
    });
    expect(res.body.page.content[2]).toMatchObject({ licenceState: 'Expired', onTimeDelivery: null });
    expect(res.body.page.content[3]).toMatchObject({ active: 'No', averageTransit: 20 });
    // Trip 9 (due today, without a driver) is in no row, so it is in none of the pooled figures either.
    expect(figures(res.body)).toEqual({
      drivers: 4,
      trips: 5,
      withoutDriver: 1,
      onTimePickup: 60,
      onTimeDelivery: 33.3,
      issueRate: 60,
      licencesExpired: 1,
    });
  });

  it('shows the fleet manager exactly what the owner sees', async () => {
    const owner = await read(world.owner.accessToken);
    const manager = await read(world.fleetManager.accessToken);
    expect(manager.status).toBe(200);
    expect(manager.body).toEqual(owner.body);
  });

  it('shows another transporter only its own drivers, with the first ten and Others charted', async () => {
    const res = await read(world.other.accessToken);
    expect(res.status).toBe(200);
    const want = await expected(world.other.company.id);
    expect(res.body.page.content).toEqual(want.rows);
    expect(figures(res.body)).toEqual(want.summary);
    expect(res.body.chart.points).toEqual(want.chart);
    expect(res.body.chart.points).toHaveLength(11);
    expect(res.body.chart.points.at(-1)).toEqual({ driver: 'Others', onTime: 1, late: 0, notMeasured: 0 });
    const names = new Set(res.body.page.content.map((r: { driver: string }) => r.driver));
    expect(names.has('Funke Adebayo')).toBe(false);

    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.customer.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/driver?${RANGE}`,
        `/api/v1/reports/driver/export?format=pdf&${RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    for (const [query, field] of [
      [`from=${TO}&to=${FROM}`, 'query.to'],
      ['from=24/11/2026&to=2026-11-30', 'query.from'],
    ] as const) {
      for (const url of [
        `/api/v1/reports/driver?${query}`,
        `/api/v1/reports/driver/export?format=pdf&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.fleetManager.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports the drivers as a PDF', async () => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/driver/export?format=pdf&${RANGE}`,
      headers: { authorization: `Bearer ${world.owner.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`driver-report-${FROM}-to-${TO}.pdf`);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Driver report');
    expect(text).toContain('Apapa Haulage Ltd');
    for (const name of ['Funke Adebayo', 'Chinedu Okeke', 'Emeka Nwosu', 'Garba Sule', 'Ifeanyi Eze']) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain('Halima Bello');
    expect(text).toContain('33.3%');
  });
});
