import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateInDays } from '@freightlane/domain';
import { invoices, orders } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import {
  customerTripsWorld,
  lagosDayOf,
  percentOf,
  REPORT_FROM,
  REPORT_RANGE,
  REPORT_TO,
  tripFacts,
  type CustomerTripRow,
  type CustomerTripsWorld,
} from '../../test/customer-trips-world';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const PREVIOUS_FROM = lagosDateInDays(-59);
const PREVIOUS_TO = lagosDateInDays(-30);

/** One decimal, half away from zero, as PostgreSQL's round on numeric. */
const round1 = (x: number) => (Math.sign(x) * Math.round(Math.abs(x) * 10)) / 10;
const ratio = (part: number, whole: number) => (whole === 0 ? null : (100 * part) / whole);

describe('the executive report', () => {
  let t: TestApp;
  let world: CustomerTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerTripsWorld(t);
  });
  afterAll(() => t?.close());

  const report = (token: string, query = `${REPORT_RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/executive?${query}`, undefined, { token });

  /** The customer's books read straight from the tables, and every figure of a range computed in JS. */
  async function books() {
    const trips = await world.readTrips();
    const placed = await t.ctx.db
      .select()
      .from(orders)
      .where(eq(orders.customerCompanyId, world.customer.company.id));
    const raised = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerCompanyId, world.customer.company.id));
    const now = new Date();
    const within = (from: string, to: string) => (day: string | null) =>
      day !== null && day >= from && day <= to;
    const figures = (from: string, to: string) => {
      const inRange = within(from, to);
      const population: CustomerTripRow[] = trips.filter(
        (r) => inRange(r.trip.pickupDate) && r.trip.cancelledAt === null,
      );
      const facts = population.map((r) => tripFacts(r, now));
      const count = (keep: (f: (typeof facts)[number]) => boolean) => facts.filter(keep).length;
      const transit = facts.map((f) => f.transitHours).filter((h): h is number => h !== null);
      const delivered = trips.filter((r) => {
        const at = tripFacts(r, now).deliveredAt;
        return inRange(at && lagosDayOf(at));
      });
      return {
        spend: raised
          .filter((i) => inRange(lagosDayOf(i.createdAt)) && i.status !== 'VOID')
          .reduce((s, i) => s + i.amountKobo, 0),
        ordersPlaced: placed.filter((o) => inRange(lagosDayOf(o.createdAt))).length,
        tripsAwarded: trips.filter((r) => inRange(lagosDayOf(r.trip.createdAt))).length,
        tripsDelivered: delivered.length,
        containersMoved: delivered.filter((r) => r.trip.cargoType !== 'GENERAL_CARGO').length,
        // Unrounded ratios (percent) and mean hours, for the changes.
        raw: {
          onTimePickup: ratio(
            count((f) => f.pickup === 'ON_TIME'),
            count((f) => f.pickup !== 'PENDING'),
          ),
          onTimeDelivery: ratio(
            count((f) => f.delivery === 'ON_TIME'),
            count((f) => f.delivery === 'ON_TIME' || f.delivery === 'LATE'),
          ),
          averageTransit: transit.length === 0 ? null : transit.reduce((s, h) => s + h, 0) / transit.length,
          issueRate: ratio(
            count((f) => f.hasIssue),
            facts.length,
          ),
          documentCompleteness: ratio(
            facts.reduce((s, f) => s + f.documentsPresent, 0),
            facts.reduce((s, f) => s + f.documentsExpected, 0),
          ),
        },
      };
    };
    const pending = raised.filter((i) => i.status === 'PENDING_PAYMENT');
    return {
      trips,
      placed,
      raised,
      now,
      figures,
      outstandingNow: pending.reduce((s, i) => s + i.amountKobo, 0),
      overdueNow: pending.filter((i) => i.dueAt < now).reduce((s, i) => s + i.amountKobo, 0),
    };
  }

  it('sets each figure beside the previous range and its change, as the books say', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const b = await books();
    const now = b.figures(REPORT_FROM, REPORT_TO);
    const before = b.figures(PREVIOUS_FROM, PREVIOUS_TO);
    const value = (key: string) => {
      const found = res.body.summary.find((f: { key: string }) => f.key === key);
      expect(found, key).toBeDefined();
      return found.value;
    };
    for (const key of [
      'spend',
      'ordersPlaced',
      'tripsAwarded',
      'tripsDelivered',
      'containersMoved',
    ] as const) {
      const change = before[key] === 0 ? null : round1((100 * (now[key] - before[key])) / before[key]);
      expect([key, value(key), value(`${key}Previous`), value(`${key}Change`)]).toEqual([
        key,
        now[key],
        before[key],
        change,
      ]);
      expect(before[key]).toBeGreaterThan(0);
    }
    for (const key of ['onTimePickup', 'onTimeDelivery', 'issueRate', 'documentCompleteness'] as const) {
      const [x, y] = [now.raw[key], before.raw[key]];
      expect([key, value(key), value(`${key}Previous`), value(`${key}Change`)]).toEqual([
        key,
        x === null ? null : round1(x),
        y === null ? null : round1(y),
        x === null || y === null ? null : round1(x - y),
      ]);
    }
    const [x, y] = [now.raw.averageTransit!, before.raw.averageTransit!];
    expect([value('averageTransit'), value('averageTransitPrevious'), value('averageTransitChange')]).toEqual(
      [round1(x), round1(y), round1((100 * (x - y)) / y)],
    );
    expect(value('outstandingNow')).toBe(b.outstandingNow);
    expect(value('overdueNow')).toBe(b.overdueNow);
    expect(b.overdueNow).toBeGreaterThan(0);
    expect(b.outstandingNow).toBeGreaterThan(b.overdueNow);
    expect(res.body.summary.find((f: { key: string }) => f.key === 'onTimePickupChange')).toMatchObject({
      label: 'On-time pickup change (points)',
      type: 'number',
    });
    expect(res.body.summary.find((f: { key: string }) => f.key === 'spendChange')).toMatchObject({
      label: 'Spend change',
      type: 'percent',
    });
  });

  it('has a row for every day of the range, its figures counted by each one’s own date', async () => {
    const res = await report(world.customer.accessToken);
    const b = await books();
    const want = [];
    for (let day = 29; day >= 0; day--) {
      const period = lagosDateInDays(-day);
      const f = b.figures(period, period);
      const population = b.trips.filter((r) => r.trip.pickupDate === period && r.trip.cancelledAt === null);
      const facts = population.map((r) => tripFacts(r, b.now));
      const count = (keep: (x: (typeof facts)[number]) => boolean) => facts.filter(keep).length;
      want.push({
        period,
        ordersPlaced: f.ordersPlaced,
        tripsAwarded: f.tripsAwarded,
        spend: f.spend,
        tripsDelivered: f.tripsDelivered,
        onTimePickup: percentOf(
          count((x) => x.pickup === 'ON_TIME'),
          count((x) => x.pickup !== 'PENDING'),
        ),
        onTimeDelivery: percentOf(
          count((x) => x.delivery === 'ON_TIME'),
          count((x) => x.delivery === 'ON_TIME' || x.delivery === 'LATE'),
        ),
        issueRate: percentOf(
          count((x) => x.hasIssue),
          facts.length,
        ),
      });
    }
    expect(res.body.page.content).toEqual(want);
    expect(res.body.page.totalElements).toBe(30);
    expect(want.filter((w) => w.onTimePickup !== null).length).toBeGreaterThanOrEqual(4);
    expect(res.body.chart).toMatchObject({ kind: 'line', valueType: 'percent', labelKey: 'period' });
    expect(res.body.chart.points).toEqual(
      want.map(({ period, onTimePickup, onTimeDelivery, issueRate }) => ({
        period,
        onTimePickup,
        onTimeDelivery,
        issueRate,
      })),
    );
    const second = await report(world.customer.accessToken, `${REPORT_RANGE}&size=20&page=1`);
    expect(second.body.page.content).toEqual(want.slice(20));
  });

  it('groups a range longer than 62 days by month, the first and last months clipped to it', async () => {
    const from = lagosDateInDays(-89);
    const res = await report(world.customer.accessToken, `from=${from}&to=${REPORT_TO}&size=100`);
    expect(res.status).toBe(200);
    const months = res.body.page.content.map((r: { period: string }) => r.period);
    expect(months[0]).toBe(from.slice(0, 7));
    expect(months.at(-1)).toBe(REPORT_TO.slice(0, 7));
    expect(months.every((m: string) => /^\d{4}-\d{2}$/.test(m))).toBe(true);
    const b = await books();
    const all = b.figures(from, REPORT_TO);
    const sum = (key: string) =>
      res.body.page.content.reduce((s: number, r: Record<string, number>) => s + r[key]!, 0);
    expect(sum('ordersPlaced')).toBe(all.ordersPlaced);
    expect(sum('tripsAwarded')).toBe(all.tripsAwarded);
    expect(sum('spend')).toBe(all.spend);
    expect(sum('tripsDelivered')).toBe(all.tripsDelivered);
  });

  it('shows another customer none of these figures, and neither a transporter nor an admin the report', async () => {
    const res = await report(world.other.accessToken);
    expect(res.status).toBe(200);
    const value = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key).value;
    expect(value('tripsAwarded')).toBe(1);
    expect(value('ordersPlaced')).toBe(1);
    expect(value('tripsDelivered')).toBe(0);
    // Spend is what the customer pays: the ₦990,000.00 haulage with 7.5 % VAT.
    expect(value('spend')).toBe(106_425_000);
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.first.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/executive?${REPORT_RANGE}`,
        `/api/v1/reports/executive/export?format=pdf&${REPORT_RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
      ['from=24/11/2026&to=2026-11-30', 'query.from'],
    ];
    for (const [query, field] of cases) {
      for (const url of [
        `/api/v1/reports/executive?${query}`,
        `/api/v1/reports/executive/export?format=pdf&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports the periods as CSV, and the figures and periods as a PDF', async () => {
    const page = (await report(world.customer.accessToken)).body;
    const download = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/executive/export?format=${format}&${REPORT_RANGE}`,
        headers: { authorization: `Bearer ${world.customer.accessToken}` },
      });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Period,Orders placed,Trips awarded,Spend (NGN),Trips delivered,On-time pickup (%),On-time delivery (%),Issue rate (%)',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      page.page.content.map((r: { period: string }) => r.period),
    );

    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Executive report');
    expect(text).toContain('Spend (previous range)');
    expect(text).toContain('On-time pickup change (points)');
    expect(text).toContain('Overdue now');
  });
});
