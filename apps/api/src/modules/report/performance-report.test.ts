import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateInDays } from '@freightlane/domain';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  lagosDayOf,
  transporterTripsWorld,
  type TransporterTripsWorld,
} from '../../test/transporter-trips-world';

const DAY = 86_400_000;
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;

/** From the first day of the month two months back to today: three months, the last one clipped. */
function threeMonths() {
  const today = lagosDateInDays(0);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 3, 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

describe('the performance report', () => {
  let t: TestApp;
  let world: TransporterTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterTripsWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const report = (token: string, query: string) =>
    call(t.app, 'GET', `/api/v1/reports/performance?${query}&size=100`, undefined, { token });

  /** Every figure worked out another way: bids, trips and logs read here and counted month by month. */
  async function expected(from: string, to: string) {
    const now = Date.now();
    const today = lagosDateInDays(0);
    const fromAt = Date.parse(`${from}T00:00:00+01:00`);
    const toAt = Date.parse(`${to}T00:00:00+01:00`) + DAY;
    const inRange = (at: Date | null) => at !== null && at.getTime() >= fromAt && at.getTime() < toAt;
    const monthOf = (at: Date) => lagosDayOf(at).slice(0, 7);
    const bidRows = await world.bidsOf();
    const all = (await world.tripsOf()).map((r) => r.trip);
    const logs = await world.liveLogsOf(all.map((x) => x.id));
    const issues = await world.issuesOf(all.map((x) => x.id));
    const stepAt = (id: string, statuses: string[]) =>
      logs.find((l) => l.tripId === id && statuses.includes(l.status))?.at ?? null;

    const figures = (keep: (at: Date) => boolean, keepDay: (day: string) => boolean) => {
      const decided = bidRows.filter(
        ({ bid, orderStatus }) =>
          inRange(bid.decidedAt) &&
          keep(bid.decidedAt!) &&
          (bid.status === 'WON' || (bid.status === 'LOST' && orderStatus !== 'CANCELLED')),
      );
      const awarded = all.filter((x) => inRange(x.createdAt) && keep(x.createdAt));
      const done = all.filter((x) => x.completed && inRange(x.latestStatusAt) && keep(x.latestStatusAt!));
      const population = all.filter(
        (x) => x.cancelledAt === null && x.pickupDate >= from && x.pickupDate <= to && keepDay(x.pickupDate),
      );
      let pickup = { onTime: 0, late: 0 };
      let delivery = { onTime: 0, late: 0 };
      const transits: number[] = [];
      for (const x of population) {
        const arrived = stepAt(x.id, ['AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION']);
        const loaded = stepAt(x.id, ['LOADED']);
        const delivered = stepAt(x.id, ['DELIVERED']);
        if (arrived && lagosDayOf(arrived) <= x.pickupDate) pickup = { ...pickup, onTime: pickup.onTime + 1 };
        else if (arrived || x.pickupDate < today) pickup = { ...pickup, late: pickup.late + 1 };
        const target = x.expectedDeliveryDate;
        if (target !== null) {
          if (delivered && lagosDayOf(delivered) <= target)
            delivery = { ...delivery, onTime: delivery.onTime + 1 };
          else if (delivered || target < today) delivery = { ...delivery, late: delivery.late + 1 };
        }
        if (loaded && delivered && delivered >= loaded) transits.push(delivered.getTime() - loaded.getTime());
      }
      const withIssue = population.filter((x) => issues.some((i) => i.tripId === x.id)).length;
      return {
        bidsDecided: decided.length,
        bidsWon: decided.filter(({ bid }) => bid.status === 'WON').length,
        winRate: percent(decided.filter(({ bid }) => bid.status === 'WON').length, decided.length),
        tripsAwarded: awarded.length,
        booked: awarded.filter((x) => x.cancelledAt === null).reduce((s, x) => s + x.amountKobo, 0),
        tripsCompleted: done.length,
        revenue: done.reduce((s, x) => s + x.amountKobo, 0),
        onTimePickup: percent(pickup.onTime, pickup.onTime + pickup.late),
        onTimeDelivery: percent(delivery.onTime, delivery.onTime + delivery.late),
        averageTransit: transits.length
          ? Math.round(transits.reduce((s, ms) => s + ms, 0) / transits.length / 360_000) / 10
          : null,
        issueRate: percent(withIssue, population.length),
        cancelled: all.filter((x) => inRange(x.cancelledAt) && keep(x.cancelledAt!)).length,
      };
    };

    const months: string[] = [];
    for (let at = Date.parse(from); at <= Date.parse(to); at += DAY) {
      const month = new Date(at).toISOString().slice(0, 7);
      if (months.at(-1) !== month) months.push(month);
    }
    return {
      rows: months.map((month) => ({
        month,
        ...figures(
          (at) => monthOf(at) === month,
          (day) => day.startsWith(month),
        ),
      })),
      whole: {
        ...figures(
          () => true,
          () => true,
        ),
        bidsClosedByCancellation: bidRows.filter(
          ({ bid, orderStatus }) =>
            inRange(bid.decidedAt) && bid.status === 'LOST' && orderStatus === 'CANCELLED',
        ).length,
        bidsWithdrawn: bidRows.filter(({ bid }) => bid.status === 'WITHDRAWN' && inRange(bid.withdrawnAt))
          .length,
      },
      now,
    };
  }

  it('equals the bids and trips counted month by month, and over the whole range', async () => {
    const { from, to } = threeMonths();
    const res = await report(world.transporter.accessToken, `from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const want = await expected(from, to);
    // Non-trivial: won, lost, lost to a cancelled order, withdrawn and open bids; on-time and late
    // pickups and deliveries, a trip without a target, an undone loading; cancelled and older trips.
    expect(want.whole.bidsDecided).toBeGreaterThan(want.whole.bidsWon);
    expect(want.whole.bidsClosedByCancellation).toBe(1);
    expect(want.whole.bidsWithdrawn).toBe(1);
    expect(want.whole.onTimePickup).not.toBeNull();
    expect(want.whole.onTimePickup).toBeLessThan(100);
    expect(want.whole.onTimeDelivery).toBe(50);
    expect(want.whole.cancelled).toBe(1);
    expect(want.rows.filter((r) => r.tripsCompleted > 0).length).toBeGreaterThanOrEqual(1);

    expect(res.body.page.content).toEqual(want.rows);
    expect(res.body.page.totalElements).toBe(3);
    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    for (const [key, value] of Object.entries(want.whole)) expect(figure(key)).toBe(value);

    expect(res.body.chart.kind).toBe('line');
    expect(res.body.chart.points).toEqual(
      want.rows.map((r) => ({
        month: r.month,
        winRate: r.winRate,
        onTimePickup: r.onTimePickup,
        onTimeDelivery: r.onTimeDelivery,
      })),
    );

    const asManager = await report(world.fleetManager.accessToken, `from=${from}&to=${to}`);
    expect(asManager.body.page.content).toEqual(res.body.page.content);
  });

  it('groups by month even over a few days, clipping the months to the range', async () => {
    const from = lagosDateInDays(-12);
    const to = lagosDateInDays(-4);
    const res = await report(world.transporter.accessToken, `from=${from}&to=${to}`);
    const want = await expected(from, to);
    expect(res.body.page.content).toEqual(want.rows);
    expect(res.body.page.content[0].month).toBe(from.slice(0, 7));
    // Trips awarded after the range (today) and completed before it stay out.
    expect(want.rows.reduce((s, r) => s + r.tripsCompleted, 0)).toBe(2);
  });

  it('shows another transporter only its own bids and trips, and no customer or admin the report', async () => {
    const { from, to } = threeMonths();
    const res = await report(world.otherTransporter.accessToken, `from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    const theirBids = await world.bidsOf(world.otherTransporter.company.id);
    expect(figure('bidsDecided')).toBe(theirBids.filter((b) => b.bid.decidedAt).length);
    expect(figure('bidsWon')).toBe(2);
    expect(figure('tripsCompleted')).toBe(1);
    expect(figure('bidsWithdrawn')).toBe(0);
    for (const token of [world.customer.accessToken, world.admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/performance?from=${from}&to=${to}`,
        `/api/v1/reports/performance/export?format=csv&from=${from}&to=${to}`,
      ]) {
        expect((await call(t.app, 'GET', url, undefined, { token })).status).toBe(404);
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    for (const [query, field] of [
      ['from=2026-03-01&to=2026-02-28', 'query.to'],
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
      ['from=2026-02-29&to=2026-03-02', 'query.from'],
    ] as const) {
      const res = await report(world.transporter.accessToken, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
  });

  it('exports one CSV line per month with the raw figures', async () => {
    const { from, to } = threeMonths();
    const page = (await report(world.transporter.accessToken, `from=${from}&to=${to}`)).body.page.content;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/performance/export?format=csv&from=${from}&to=${to}`,
      headers: { authorization: `Bearer ${world.transporter.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Month,Bids decided,Bids won,Win rate (%),Trips awarded,Booked (NGN),Trips completed,Revenue (NGN),' +
        'On-time pickup (%),On-time delivery (%),Average transit (h),Issue rate (%),Cancelled',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(page.map((r: { month: string }) => r.month));
    const last = page.at(-1);
    expect(lines.at(-1)!.split(',')[5]).toBe((last.booked / 100).toFixed(2));
  });
});
