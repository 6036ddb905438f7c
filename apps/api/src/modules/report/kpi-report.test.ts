import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../test/accounts';
import { awardedOrder } from '../../test/awarded-trips';
import {
  customerTripsWorld,
  qualityOf,
  REPORT_FROM,
  REPORT_RANGE,
  REPORT_TO,
  type CustomerTripRow,
  type CustomerTripsWorld,
} from '../../test/customer-trips-world';
import { createVerifiedTransporter, lagosDate } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { trips } from '../../db/schema';
import { inArray } from 'drizzle-orm';

describe('the KPI report', () => {
  let t: TestApp;
  let world: CustomerTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerTripsWorld(t);
  });
  afterAll(() => t?.close());

  const report = (token: string, query = REPORT_RANGE) =>
    call(t.app, 'GET', `/api/v1/reports/kpi?${query}&size=100`, undefined, { token });
  const figure = (body: Record<string, any>, key: string) =>
    body.summary.find((f: { key: string }) => f.key === key)?.value;

  /** The table computed another way: the customer's trips read from the tables and judged in JS. */
  async function expected() {
    const inRange = (await world.readTrips()).filter(
      (r) => r.trip.pickupDate >= REPORT_FROM && r.trip.pickupDate <= REPORT_TO,
    );
    const population = inRange.filter((r) => r.trip.cancelledAt === null);
    const byTransporter = new Map<string, CustomerTripRow[]>();
    for (const r of population)
      byTransporter.set(r.transporter, [...(byTransporter.get(r.transporter) ?? []), r]);
    const cancelledOf = (name: string) =>
      inRange.filter((r) => r.transporter === name && r.trip.cancelledAt !== null).length;
    const rows = [...byTransporter]
      .map(([transporter, list]) => ({
        transporter,
        ...qualityOf(list),
        cancelled: cancelledOf(transporter),
      }))
      .sort((x, y) => y.trips - x.trips || x.transporter.localeCompare(y.transporter));
    return {
      inRange,
      rows,
      totals: {
        ...qualityOf(population),
        cancelled: inRange.filter((r) => r.trip.cancelledAt !== null).length,
        transporters: byTransporter.size,
      },
    };
  }

  it('judges each transporter over the trips picked up in the range, as the trips themselves say', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const want = await expected();
    // The seeded world holds what the figures must leave out or treat apart.
    expect(want.inRange.some((r) => r.trip.cancelledAt !== null)).toBe(true);
    expect(want.inRange.some((r) => r.undoneLogs.length > 0)).toBe(true);
    expect(want.rows.map((r) => [r.transporter, r.trips])).toEqual([
      [world.second.company.name, 4],
      [world.first.company.name, 3],
    ]);
    // The second transporter's trips are all without a target or not yet due: N/A, not 0.
    expect(want.rows[0]!.onTimeDelivery).toBeNull();
    expect(want.totals.documentCompleteness).not.toBeNull();

    const { totals } = want;
    expect(res.body.page.content).toEqual(
      want.rows.map(({ transporter, trips: n, delivered, onTimePickup, onTimeDelivery, noTarget, ...r }) => ({
        transporter,
        trips: n,
        delivered,
        onTimePickup,
        onTimeDelivery,
        noTarget,
        averageTransit: r.averageTransit,
        issueRate: r.issueRate,
        documentCompleteness: r.documentCompleteness,
        cancelled: r.cancelled,
      })),
    );
    expect(res.body.page.totalElements).toBe(2);
    expect(res.body.summary.map((f: { key: string }) => f.key)).toEqual([
      'trips',
      'onTimePickup',
      'onTimeDelivery',
      'averageTransit',
      'issueRate',
      'documentCompleteness',
      'cancelled',
      'transporters',
    ]);
    for (const key of res.body.summary.map((f: { key: string }) => f.key)) {
      expect([key, figure(res.body, key)]).toEqual([key, (totals as Record<string, unknown>)[key]]);
    }
    expect(res.body.chart).toMatchObject({ kind: 'bar', valueType: 'percent', labelKey: 'transporter' });
    expect(res.body.chart.points).toEqual(
      want.rows.map((r) => ({
        transporter: r.transporter,
        onTimePickup: r.onTimePickup,
        onTimeDelivery: r.onTimeDelivery,
      })),
    );
  });

  it('shows another customer none of these trips, and neither a transporter nor an admin the report', async () => {
    const res = await report(world.other.accessToken);
    expect(res.status).toBe(200);
    const names = res.body.page.content.map((r: { transporter: string }) => r.transporter);
    expect(names).toEqual([world.first.company.name]);
    expect(res.body.page.content[0].trips).toBe(1);
    expect(figure(res.body, 'trips')).toBe(1);
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.first.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/kpi?${REPORT_RANGE}`,
        `/api/v1/reports/kpi/export?format=csv&${REPORT_RANGE}`,
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
      ['from=2026-02-30&to=2026-03-02', 'query.from'],
    ];
    for (const [query, field] of cases) {
      for (const url of [`/api/v1/reports/kpi?${query}`, `/api/v1/reports/kpi/export?format=xlsx&${query}`]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports the table as XLSX with numbers and empty cells for N/A', async () => {
    const page = await report(world.customer.accessToken);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/kpi/export?format=xlsx&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.customer.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`kpi-report-${REPORT_FROM}-to-${REPORT_TO}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload.buffer.slice(res.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('KPI report')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(page.body.columns.map((c: { label: string }) => c.label));
    const cells = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(cells).toEqual(
      page.body.page.content.map((row: Record<string, unknown>) =>
        page.body.columns.map((c: { key: string }) => row[c.key] ?? undefined),
      ),
    );
  });

  it('groups transporters after the first ten as Others, recomputing their percentages', async () => {
    // Eleven more transporters with one trip each: the first two sent to the customer two days ago
    // (late, not arrived), the rest due today (pending).
    const added: string[] = [];
    for (let i = 0; i < 11; i++) {
      const transporter = await createVerifiedTransporter(t, {
        name: `Zone ${String(i).padStart(2, '0')} Logistics`,
      });
      const { order } = await awardedOrder(t, world.customer, transporter, {}, 30_000_000);
      added.push(order.trips[0].id);
    }
    await t.ctx.db
      .update(trips)
      .set({ pickupDate: lagosDate(-2) })
      .where(inArray(trips.id, added.slice(-2)));
    await t.ctx.db
      .update(trips)
      .set({ pickupDate: lagosDate(0) })
      .where(inArray(trips.id, added.slice(0, -2)));
    const res = await report(world.customer.accessToken);
    const want = await expected();
    expect(want.rows).toHaveLength(13);
    expect(res.body.page.content.map((r: { transporter: string }) => r.transporter)).toEqual(
      want.rows.map((r) => r.transporter),
    );
    const rest = (await world.readTrips()).filter(
      (r) =>
        r.trip.pickupDate >= REPORT_FROM &&
        r.trip.pickupDate <= REPORT_TO &&
        r.trip.cancelledAt === null &&
        want.rows.slice(10).some((w) => w.transporter === r.transporter),
    );
    const others = qualityOf(rest);
    expect(others.onTimePickup).toBe(0);
    expect(res.body.chart.points).toEqual([
      ...want.rows.slice(0, 10).map((r) => ({
        transporter: r.transporter,
        onTimePickup: r.onTimePickup,
        onTimeDelivery: r.onTimeDelivery,
      })),
      { transporter: 'Others', onTimePickup: others.onTimePickup, onTimeDelivery: others.onTimeDelivery },
    ]);
    expect(figure(res.body, 'transporters')).toBe(13);
  });
});
