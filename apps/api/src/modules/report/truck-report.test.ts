import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_COMMISSION_BASIS_POINTS,
  distanceKm,
  formatMoney,
  lagosDateInDays,
  shareOf,
  tripTimeline,
  TRUCK_TYPE_LABELS,
  type TruckType,
} from '@freightlane/domain';
import { pdfPages } from '../../test/pdf-text';
import { REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  dayPlus,
  lagosDayOf,
  transporterTripsWorld,
  type TransporterTripsWorld,
} from '../../test/transporter-trips-world';

const DAY = 86_400_000;
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

describe('the truck report', () => {
  let t: TestApp;
  let world: TransporterTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterTripsWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const report = (token: string, query = REPORT_RANGE) =>
    call(t.app, 'GET', `/api/v1/reports/truck?${query}&size=100`, undefined, { token });

  /**
   * The rows and figures worked out another way: the trips, logs, positions and trucks read here, routes
   * measured with the domain's haversine and days counted one by one.
   */
  async function expected(from: string, to: string) {
    const now = Date.now();
    const today = lagosDateInDays(0);
    const fromAt = Date.parse(`${from}T00:00:00+01:00`);
    const toAt = Date.parse(`${to}T00:00:00+01:00`) + DAY;
    const all = (await world.tripsOf()).map((r) => r.trip);
    const logs = await world.liveLogsOf(all.map((x) => x.id));
    const issues = await world.issuesOf(all.map((x) => x.id));
    const fleet = await world.trucksOf();
    const startedAt = (id: string) => logs.find((l) => l.tripId === id && l.status === 'STARTED')?.at ?? null;
    const done = all.filter(
      (x) => x.completed && x.latestStatusAt!.getTime() >= fromAt && x.latestStatusAt!.getTime() < toAt,
    );

    const kmOf = new Map<string, number | null>();
    for (const trip of done) {
      if (!trip.truckId) continue;
      const start = Math.max(startedAt(trip.id)!.getTime(), trip.truckAssignedAt?.getTime() ?? 0);
      const route = (await world.positionsOf(trip.truckId))
        .filter((p) => p.companyId === trip.transporterCompanyId)
        .filter((p) => p.recordedAt.getTime() >= start && p.recordedAt <= trip.latestStatusAt!)
        .sort((x, y) => x.recordedAt.getTime() - y.recordedAt.getTime());
      let km = 0;
      for (let i = 1; i < route.length; i++) km += distanceKm(route[i - 1]!, route[i]!);
      kmOf.set(trip.id, route.length >= 2 ? km : null);
    }

    const daysOf = (truck: (typeof fleet)[number]) => {
      const first = [from, lagosDayOf(truck.createdAt)].sort().at(-1)!;
      const last = [to, today].sort()[0]!;
      const intervals = all
        .filter((x) => x.truckId === truck.id && startedAt(x.id))
        .map((x) => ({
          start: startedAt(x.id)!.getTime(),
          end: (x.completed ? x.latestStatusAt : x.cancelledAt)?.getTime() ?? now,
        }));
      let onTrip = 0;
      for (let day = first; day <= last; day = dayPlus(day, 1)) {
        const dayStart = Date.parse(`${day}T00:00:00+01:00`);
        if (intervals.some((i) => i.end > i.start && i.start < dayStart + DAY && i.end > dayStart)) onTrip++;
      }
      const available = truck.active ? Math.max(0, (Date.parse(last) - Date.parse(first)) / DAY + 1) : null;
      return { onTrip, available };
    };

    const rows = fleet
      .map((truck) => {
        const mine = done.filter((x) => x.truckId === truck.id);
        const measured = mine.filter((x) => kmOf.get(x.id) !== null);
        const km = measured.reduce((s, x) => s + kmOf.get(x.id)!, 0);
        const { onTrip, available } = daysOf(truck);
        return {
          truck,
          mine,
          row: {
            truck: truck.registrationNumber,
            type: TRUCK_TYPE_LABELS[truck.type as TruckType],
            tripsCompleted: mine.length,
            revenue: mine.reduce((s, x) => s + x.amountKobo, 0),
            expenses: mine.reduce((s, x) => s + x.approvedExpensesKobo, 0),
            profit: mine.reduce((s, x) => s + profitOf(x), 0),
            distance: measured.length ? oneDecimal(km) : null,
            revenuePerKm: km > 0 ? Math.round(measured.reduce((s, x) => s + x.amountKobo, 0) / km) : null,
            daysOnTrip: onTrip,
            idleDays: available === null ? null : available - onTrip,
            utilisation: available === null ? null : percent(onTrip, available),
            issues: issues.filter((i) => mine.some((x) => x.id === i.tripId)).length,
            lastTripCompleted: mine.length
              ? new Date(Math.max(...mine.map((x) => x.latestStatusAt!.getTime()))).toISOString()
              : null,
          },
          km,
          measuredRevenue: measured.reduce((s, x) => s + x.amountKobo, 0),
          measured: measured.length,
          onTrip,
          available,
        };
      })
      .filter((r) => r.truck.active || r.mine.length > 0)
      .sort((x, y) => y.row.revenue - x.row.revenue || x.row.truck.localeCompare(y.row.truck));

    const active = rows.filter((r) => r.available !== null);
    const km = rows.reduce((s, r) => s + r.km, 0);
    const measured = rows.reduce((s, r) => s + r.measured, 0);
    return {
      rows,
      summary: {
        trucksUsed: rows.filter((r) => r.mine.length > 0).length,
        tripsCompleted: done.length,
        revenue: done.reduce((s, x) => s + x.amountKobo, 0),
        profit: rows.reduce((s, r) => s + r.row.profit, 0),
        distance: measured ? oneDecimal(km) : null,
        revenuePerKm: km > 0 ? Math.round(rows.reduce((s, r) => s + r.measuredRevenue, 0) / km) : null,
        idleTruckDays: active.reduce((s, r) => s + r.available! - r.onTrip, 0),
        fleetUtilisation: percent(
          active.reduce((s, r) => s + r.onTrip, 0),
          active.reduce((s, r) => s + r.available!, 0),
        ),
        withoutTruck: done.filter((x) => x.truckId === null).length,
      },
    };
  }

  /** Haulage less the commission at the trip's payout rate (else today's) less approved expenses. */
  function profitOf(trip: {
    amountKobo: number;
    payoutCommissionBps: number | null;
    approvedExpensesKobo: number;
  }) {
    const rate = trip.payoutCommissionBps ?? DEFAULT_COMMISSION_BASIS_POINTS;
    return trip.amountKobo - shareOf(trip.amountKobo, rate) - trip.approvedExpensesKobo;
  }

  it('equals the trucks’ trips, routes and days counted one by one', async () => {
    const res = await report(world.transporter.accessToken);
    expect(res.status).toBe(200);
    const want = await expected(REPORT_FROM, REPORT_TO);
    // Non-trivial: truck A with two measured routes (one starting when the truck was put on, after
    // set-off), inactive D with a trip and no route, active trucks with days but no completed trip
    // (under way, cancelled after set-off), one registered five days ago; inactive E, without trips, absent.
    const byPlate = new Map(want.rows.map((r) => [r.row.truck, r.row]));
    expect(byPlate.get(world.fleet.a.registrationNumber)!.tripsCompleted).toBe(2);
    expect(byPlate.get(world.fleet.a.registrationNumber)!.distance).toBeGreaterThan(0);
    expect(byPlate.get(world.fleet.d.registrationNumber)!.distance).toBeNull();
    expect(byPlate.get(world.fleet.d.registrationNumber)!.utilisation).toBeNull();
    expect(byPlate.get(world.fleet.f.registrationNumber)!.daysOnTrip).toBeGreaterThan(0);
    expect(byPlate.get(world.fleet.c.registrationNumber)!.daysOnTrip).toBe(30);
    expect(byPlate.has(world.fleet.e.registrationNumber)).toBe(false);
    expect(res.body.page.content).toEqual(want.rows.map((r) => r.row));
    expect(res.body.page.totalElements).toBe(want.rows.length);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    for (const [key, value] of Object.entries(want.summary)) expect(figure(key)).toBe(value);

    expect(res.body.chart.points).toEqual(
      want.rows.filter((r) => r.mine.length > 0).map((r) => ({ truck: r.row.truck, revenue: r.row.revenue })),
    );

    // A trip's completion time is the time of its timeline's last live step.
    const trips = (await world.tripsOf()).map((r) => r.trip).filter((x) => x.completed);
    const logs = await world.liveLogsOf(trips.map((x) => x.id));
    for (const trip of trips) {
      const last = tripTimeline(trip.cargoType).at(-1);
      expect(logs.find((l) => l.tripId === trip.id && l.status === last)!.at).toEqual(trip.latestStatusAt);
    }
  });

  it('leaves an inactive truck out of a range it had no trip in, and counts the trip it had before', async () => {
    const from = lagosDateInDays(-60);
    const to = lagosDateInDays(-31);
    const res = await report(world.transporter.accessToken, `from=${from}&to=${to}`);
    const want = await expected(from, to);
    expect(want.rows.map((r) => r.row.truck)).not.toContain(world.fleet.d.registrationNumber);
    expect(want.rows[0]!.row.truck).toBe(world.fleet.b.registrationNumber);
    expect(res.body.page.content).toEqual(want.rows.map((r) => r.row));
  });

  it('shows another transporter only its own trucks, and no customer or admin the report', async () => {
    const res = await report(world.otherTransporter.accessToken);
    expect(res.status).toBe(200);
    const theirs = (await world.trucksOf(world.otherTransporter.company.id)).map((x) => x.registrationNumber);
    expect(res.body.page.content.map((r: { truck: string }) => r.truck).sort()).toEqual(theirs.sort());
    const revenue = res.body.summary.find((f: { key: string }) => f.key === 'revenue').value;
    expect(revenue).toBe(
      (await world.tripsOf(world.otherTransporter.company.id))
        .filter((r) => r.trip.completed)
        .reduce((s, r) => s + r.trip.amountKobo, 0),
    );
    for (const token of [world.customer.accessToken, world.admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/truck?${REPORT_RANGE}`,
        `/api/v1/reports/truck/export?format=pdf&${REPORT_RANGE}`,
      ]) {
        expect((await call(t.app, 'GET', url, undefined, { token })).status).toBe(404);
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    for (const [query, field] of [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=2026-1-5&to=2026-02-01', 'query.from'],
    ]) {
      const res = await report(world.transporter.accessToken, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
  });

  it('exports a PDF with every truck and the revenue', async () => {
    const page = (await report(world.transporter.accessToken)).body;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/truck/export?format=pdf&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.transporter.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Truck report');
    for (const row of page.page.content) expect(text).toContain(row.truck);
    expect(text).toContain(formatMoney(page.page.content[0].revenue));
  });
});
