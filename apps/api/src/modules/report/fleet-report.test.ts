import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, lagosToday, TRUCK_DOCUMENT_KINDS, TRUCK_TYPE_LABELS } from '@freightlane/domain';
import { trackingDevices, truckLatestPositions } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  activeInterval,
  dayFigures,
  daysFromTo,
  lagosDayStart,
  RANGE,
  RANGE_FROM as FROM,
  RANGE_TO as TO,
  transporterReportWorld,
  type TransporterReportWorld,
} from '../../test/transporter-report-world';

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
const STATUS_ORDER = ['On trip', 'Assigned', 'Available', 'Inactive'];

describe('the fleet report', () => {
  let t: TestApp;
  let world: TransporterReportWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterReportWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const read = (token: string, query = `${RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/fleet?${query}`, undefined, { token });

  /** The table and figures computed another way: every truck and trip read as rows, each day checked here. */
  async function expected(companyId: string) {
    const now = new Date();
    const today = lagosToday(now);
    const fromAt = lagosDayStart(FROM).getTime();
    const toAt = lagosDayStart(TO).getTime() + DAY_MS;
    const tripRows = await world.tripsOf(companyId);
    const fleet = await world.trucksOf(companyId);
    const devices = await t.ctx.db.select().from(trackingDevices);
    const positions = await t.ctx.db.select().from(truckLatestPositions);
    const trucks = fleet.map((truck) => {
      const mine = tripRows.filter((r) => r.trip.truckId === truck.id);
      const intervals = mine
        .map((r) => activeInterval(r, now))
        .filter((i) => i !== null && i.start.getTime() < toAt && i.end.getTime() > fromAt) as {
        start: Date;
        end: Date;
      }[];
      const figures = dayFigures(truck, intervals, FROM, TO, now);
      const live = mine.find((r) => !r.trip.completed && !r.trip.cancelledAt);
      const status = !truck.active
        ? 'Inactive'
        : !live
          ? 'Available'
          : live.trip.latestStatus === null
            ? 'Assigned'
            : 'On trip';
      const position = positions.find((p) => p.truckId === truck.id);
      return {
        truck,
        figures,
        row: {
          truck: truck.registrationNumber,
          makeModel: `${truck.make} ${truck.model}`,
          year: String(truck.year),
          type: TRUCK_TYPE_LABELS[truck.type],
          capacity: truck.capacityTenthTonnes / 10,
          status,
          currentTrip: live?.trip.tripNumber ?? null,
          tracker: devices.some((d) => d.truckId === truck.id) ? 'Yes' : 'No',
          lastPosition: position?.recordedAt.toISOString() ?? null,
          tripsInRange: intervals.length,
          daysOnTrip: figures.onTripDays.length,
          availableDays: figures.available,
          idleDays: figures.available === null ? null : figures.available - figures.onTripDays.length,
          utilisation:
            figures.available === null ? null : percent(figures.onTripDays.length, figures.available),
        },
        expired: TRUCK_DOCUMENT_KINDS.some((k) => {
          const expiresOn = truck.documents[k]?.expiresOn;
          return expiresOn !== undefined && expiresOn < today;
        }),
      };
    });
    trucks.sort(
      (a, b) =>
        STATUS_ORDER.indexOf(a.row.status) - STATUS_ORDER.indexOf(b.row.status) ||
        (a.row.truck < b.row.truck ? -1 : a.row.truck > b.row.truck ? 1 : 0),
    );
    const active = trucks.filter((x) => x.truck.active);
    const sum = (list: typeof trucks, f: (x: (typeof trucks)[number]) => number) =>
      list.reduce((s, x) => s + f(x), 0);
    const onTripDays = sum(active, (x) => x.figures.onTripDays.length);
    const availableDays = sum(active, (x) => x.figures.available ?? 0);
    return {
      rows: trucks.map((x) => x.row),
      summary: {
        trucks: active.length,
        onTrip: trucks.filter((x) => x.row.status === 'On trip').length,
        assigned: trucks.filter((x) => x.row.status === 'Assigned').length,
        available: trucks.filter((x) => x.row.status === 'Available').length,
        inactive: trucks.length - active.length,
        utilisation: percent(onTripDays, availableDays),
        idleDays: availableDays - onTripDays,
        expiredDocuments: active.filter((x) => x.expired).length,
      },
      chart: daysFromTo(FROM, TO).map((period) => {
        const onTrip = active.filter((x) => x.figures.onTripDays.includes(period)).length;
        return {
          period,
          onTrip,
          idle: active.filter((x) => x.figures.days.includes(period)).length - onTrip,
        };
      }),
    };
  }

  const figures = (body: Record<string, any>) =>
    Object.fromEntries((body.summary as { key: string; value: unknown }[]).map((f) => [f.key, f.value]));

  it('equals the trucks and their trips counted day by day: rows, figures and chart', async () => {
    const res = await read(world.owner.accessToken);
    expect(res.status).toBe(200);
    const want = await expected(world.owner.company.id);
    expect(res.body.page.content).toEqual(want.rows);
    expect(res.body.page.totalElements).toBe(5);
    expect(figures(res.body)).toEqual(want.summary);
    expect(res.body.chart.points).toEqual(want.chart);

    // The world is what the figures claim to cover: every status, a clipped long trip, an inactive truck.
    const byPlate = (plate: string) =>
      res.body.page.content.find((r: { truck: string }) => r.truck === plate) as Record<string, unknown>;
    const { TA1, TA2, TA3, TA4, TA5 } = world.trucks;
    expect(res.body.page.content.map((r: { status: string }) => r.status)).toEqual([
      'On trip',
      'Assigned',
      'Available',
      'Available',
      'Inactive',
    ]);
    expect(byPlate(TA1.registrationNumber)).toMatchObject({
      currentTrip: world.trips.trip3.tripNumber,
      tracker: 'Yes',
      daysOnTrip: 4,
    });
    // Trip 7 set off 35 days ago and ended 25 days ago: only the range's 5 days count; trip 4 has not set off.
    expect(byPlate(TA2.registrationNumber)).toMatchObject({
      tripsInRange: 1,
      daysOnTrip: 5,
      availableDays: 30,
    });
    // Trips 1 and 2 (3 + 2 days) count, trip 8 (before the range) does not.
    expect(byPlate(TA3.registrationNumber)).toMatchObject({ tripsInRange: 2, daysOnTrip: 5, idleDays: 25 });
    // Inactive: no availability, so no utilisation; the cancelled trip 5 counts for the days it ran.
    expect(byPlate(TA4.registrationNumber)).toMatchObject({
      tripsInRange: 2,
      daysOnTrip: 4,
      availableDays: null,
      utilisation: null,
    });
    expect(byPlate(TA5.registrationNumber)).toMatchObject({
      availableDays: 11,
      daysOnTrip: 0,
      utilisation: 0,
    });
    expect(figures(res.body)).toMatchObject({ trucks: 4, inactive: 1, expiredDocuments: 2 });
  });

  it('shows the fleet manager exactly what the owner sees, page by page in a stable order', async () => {
    const owner = await read(world.owner.accessToken);
    const manager = await read(world.fleetManager.accessToken);
    expect(manager.status).toBe(200);
    expect(manager.body).toEqual(owner.body);
    const pages = [];
    for (let page = 0; page < 3; page++) {
      const res = await read(world.fleetManager.accessToken, `${RANGE}&size=2&page=${page}`);
      expect(res.body.page.totalElements).toBe(5);
      pages.push(...res.body.page.content);
    }
    expect(pages).toEqual(owner.body.page.content);
  });

  it('groups by month over a long range, with every month and the same totals', async () => {
    const from = lagosTodayMinus(90);
    const res = await read(world.owner.accessToken, `from=${from}&to=${TO}`);
    expect(res.status).toBe(200);
    const months = new Set(daysFromTo(from, TO).map((d) => d.slice(0, 7)));
    expect(res.body.chart.points.map((p: { period: string }) => p.period)).toEqual([...months]);
    const days = res.body.page.content.reduce(
      (s: number, r: { daysOnTrip: number; availableDays: number | null }) =>
        s + (r.availableDays === null ? 0 : r.daysOnTrip),
      0,
    );
    const charted = res.body.chart.points.reduce((s: number, p: { onTrip: number }) => s + p.onTrip, 0);
    expect(charted).toBe(days);
    // Trip 8, 42 to 45 days ago, now counts on TA3.
    const ta3 = res.body.page.content.find(
      (r: { truck: string }) => r.truck === world.trucks.TA3.registrationNumber,
    );
    expect(ta3.tripsInRange).toBe(3);
  });

  it('shows another transporter only its own trucks, and customers and admins no report', async () => {
    const res = await read(world.other.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.page.content.map((r: { truck: string }) => r.truck)).toEqual([
      world.trucks.TB1.registrationNumber,
    ]);
    expect(res.body.page.content[0]).toMatchObject({ tripsInRange: 1, daysOnTrip: 2, tracker: 'No' });
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.customer.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/fleet?${RANGE}`,
        `/api/v1/reports/fleet/export?format=csv&${RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      [`from=${TO}&to=${FROM}`, 'query.to'],
      ['from=2026-02-30&to=2026-03-02', 'query.from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
    ];
    for (const [query, field] of cases) {
      for (const url of [
        `/api/v1/reports/fleet?${query}`,
        `/api/v1/reports/fleet/export?format=csv&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.owner.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports every truck as CSV and PDF', async () => {
    const page = await read(world.owner.accessToken);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/fleet/export?format=csv&${RANGE}`,
      headers: { authorization: `Bearer ${world.fleetManager.accessToken}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`fleet-report-${FROM}-to-${TO}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Truck,Make and model,Year,Type,Capacity (t),Status now,Current trip,Tracker,Last position,Trips in range,Days on trip,Available days,Idle days,Utilisation (%)',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      page.body.page.content.map((r: { truck: string }) => r.truck),
    );
    const inactive = lines.find((l) => l.startsWith(world.trucks.TA4.registrationNumber))!.split(',');
    expect(inactive.slice(5, 6)).toEqual(['Inactive']);
    expect(inactive.slice(11)).toEqual(['', '', '']);
    const tracked = await t.ctx.db
      .select()
      .from(truckLatestPositions)
      .where(eq(truckLatestPositions.truckId, world.trucks.TA1.id));
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/fleet/export?format=pdf&${RANGE}`,
      headers: { authorization: `Bearer ${world.owner.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Fleet report');
    expect(text).toContain('Apapa Haulage Ltd');
    for (const r of page.body.page.content) expect(text).toContain(r.truck);
    expect(lines[1]).toContain(
      `${new Date(tracked[0]!.recordedAt.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`,
    );
  });
});

function lagosTodayMinus(days: number) {
  return lagosToday(new Date(Date.now() - days * DAY_MS));
}
