import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportValueText } from '@freightlane/domain';
import {
  customerCostWorld,
  laneOf,
  type CostWorldTrip,
  type CustomerCostWorld,
} from '../../test/customer-cost-world';
import { pdfPages } from '../../test/pdf-text';
import { lagosDayOf, REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';

type Trip = CostWorldTrip;

/** What some deliveries moved, counted here one trip at a time. */
function movedOf(list: Trip[]) {
  const containers = list.filter((r) => r.trip.cargoType !== 'GENERAL_CARGO');
  const general = list.filter((r) => r.trip.cargoType === 'GENERAL_CARGO');
  const sized = (size: string | null) =>
    containers.filter((r) => r.consignment.containerSize === size).length;
  return {
    trips: list.length,
    containers: containers.length,
    size20: sized('FTS_20'),
    size40: sized('FTS_40'),
    size40HighCube: sized('FTS_40_HIGH'),
    size45: sized('FTS_45'),
    sizeUnknown: sized(null),
    empty: list.filter((r) => r.trip.cargoType === 'EMPTY_CONTAINER').length,
    truckLoads: general.length,
    tonnes: Math.round(general.reduce((s, r) => s + (r.consignment.weightKg ?? 0), 0) / 100) / 10,
  };
}

/** The report computed another way: the live deliveries in the range, grouped here by day and lane. */
function expectedOf(rows: Trip[]) {
  const moved = rows.filter(
    (r) =>
      r.deliveredAt !== null &&
      lagosDayOf(r.deliveredAt) >= REPORT_FROM &&
      lagosDayOf(r.deliveredAt) <= REPORT_TO,
  );
  const groups = new Map<string, { period: string; lane: string; trips: Trip[] }>();
  const days = new Map<string, Trip[]>();
  for (const r of moved) {
    const period = lagosDayOf(r.deliveredAt!);
    const { key, label } = laneOf(r);
    const group = groups.get(`${period}|${key}`) ?? { period, lane: label, trips: [] };
    groups.set(`${period}|${key}`, { ...group, trips: [...group.trips, r] });
    days.set(period, [...(days.get(period) ?? []), r]);
  }
  return {
    moved,
    totals: { ...movedOf(moved), lanes: new Set(moved.map((r) => laneOf(r).key)).size },
    rows: [...groups.values()].map(({ period, lane, trips }) => ({ period, lane, ...movedOf(trips) })),
    days,
  };
}

const byPeriodAndLane = (x: Record<string, unknown>, y: Record<string, unknown>) =>
  `${x.period}|${x.lane}`.localeCompare(`${y.period}|${y.lane}`);
const figure = (body: Record<string, any>, key: string) =>
  body.summary.find((f: { key: string }) => f.key === key)?.value;

describe('the cargo movement report', () => {
  let t: TestApp;
  let world: CustomerCostWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerCostWorld(t);
  }, 180_000);
  afterAll(() => t?.close());

  const report = (token: string, query = `${REPORT_RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/cargo-movement?${query}`, undefined, { token });

  it('equals the deliveries counted one by one: a row per day and lane, the summary and the chart', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const all = await world.tripsOf();
    const want = expectedOf(all);
    // Non-trivial: several days and lanes, every kind of load, a delivery cancelled afterwards (counted),
    // an undone delivery and one before the range (not counted).
    expect(want.days.size).toBeGreaterThanOrEqual(3);
    expect(want.moved.some((r) => r.trip.cancelledAt !== null)).toBe(true);
    expect(all.some((r) => r.deliveryUndone && r.deliveredAt === null)).toBe(true);
    expect(all.some((r) => r.deliveredAt !== null && lagosDayOf(r.deliveredAt) < REPORT_FROM)).toBe(true);
    expect(want.totals).toMatchObject({ sizeUnknown: 1 });
    for (const key of ['size20', 'size40', 'size45', 'empty', 'truckLoads'] as const) {
      expect(want.totals[key]).toBeGreaterThan(0);
    }

    expect(res.body.columns.map((c: { label: string }) => c.label)).toEqual([
      'Period',
      'Lane',
      'Trips',
      'Containers',
      '20 FT',
      '40 FT',
      '40 FT High Cube',
      '45 FT',
      'Size unknown',
      'Of which empty',
      'Truck loads',
      'Tonnes (general cargo)',
    ]);
    const content = res.body.page.content as Record<string, any>[];
    expect([...content].sort(byPeriodAndLane)).toEqual([...want.rows].sort(byPeriodAndLane));
    expect(res.body.page.totalElements).toBe(want.rows.length);
    // Days in order; within a day, the lanes that moved the most containers first.
    content.forEach((row, i) => {
      const next = content[i + 1];
      if (!next) return;
      expect(row.period <= next.period).toBe(true);
      if (row.period === next.period) expect(row.containers).toBeGreaterThanOrEqual(next.containers);
    });

    expect(res.body.summary.map((f: { key: string }) => f.key)).toEqual([
      'containers',
      'empty',
      'truckLoads',
      'tonnes',
      'lanes',
    ]);
    expect(figure(res.body, 'containers')).toBe(want.totals.containers);
    expect(figure(res.body, 'empty')).toBe(want.totals.empty);
    expect(figure(res.body, 'truckLoads')).toBe(want.totals.truckLoads);
    expect(figure(res.body, 'tonnes')).toBe(want.totals.tonnes);
    expect(figure(res.body, 'lanes')).toBe(want.totals.lanes);

    const { chart } = res.body;
    expect(chart).toMatchObject({ kind: 'stacked-bar', labelKey: 'period', valueType: 'count' });
    expect(chart.series.map((s: { label: string }) => s.label)).toEqual([
      '20 FT',
      '40 FT',
      '40 FT High Cube',
      '45 FT',
      'Truck loads',
    ]);
    expect(chart.points).toHaveLength(30);
    expect(chart.points[0].period).toBe(REPORT_FROM);
    expect(chart.points.at(-1).period).toBe(REPORT_TO);
    for (const point of chart.points) {
      const { size20, size40, size40HighCube, size45, truckLoads } = movedOf(
        want.days.get(point.period) ?? [],
      );
      expect(point).toEqual({ period: point.period, size20, size40, size40HighCube, size45, truckLoads });
    }
  });

  it('groups a range of more than 62 days by month', async () => {
    const from = lagosDayOf(new Date(Date.now() - 89 * 24 * 3600 * 1000));
    const res = await report(world.customer.accessToken, `from=${from}&to=${REPORT_TO}`);
    expect(res.status).toBe(200);
    const periods = res.body.chart.points.map((p: { period: string }) => p.period);
    expect(periods[0]).toBe(from.slice(0, 7));
    expect(periods.at(-1)).toBe(REPORT_TO.slice(0, 7));
    expect(periods.every((p: string) => /^\d{4}-\d{2}$/.test(p))).toBe(true);
    // The delivery of 40 days ago is in this range.
    const moved = (await world.tripsOf()).filter(
      (r) => r.deliveredAt !== null && lagosDayOf(r.deliveredAt) >= from,
    );
    expect(figure(res.body, 'containers')).toBe(movedOf(moved).containers);
    expect(movedOf(moved).containers).toBeGreaterThan(
      figure((await report(world.customer.accessToken)).body, 'containers'),
    );
  });

  it('shows another customer only its own deliveries, and the other side and admins nothing', async () => {
    const res = await report(world.otherCustomer.accessToken);
    expect(res.status).toBe(200);
    const want = expectedOf(await world.tripsOf(world.otherCustomer.company.id));
    expect(want.rows).toHaveLength(1);
    expect(res.body.page.content).toEqual(want.rows);
    expect(figure(res.body, 'containers')).toBe(want.totals.containers);
    for (const token of [
      world.transporter.accessToken,
      world.fleetManager.accessToken,
      world.admin.accessToken,
    ]) {
      for (const url of [
        `/api/v1/reports/cargo-movement?${REPORT_RANGE}`,
        `/api/v1/reports/cargo-movement/export?format=pdf&${REPORT_RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('answers zeros over a range without deliveries, every day of it in the chart', async () => {
    const res = await report(world.customer.accessToken, 'from=2024-01-01&to=2024-01-31');
    expect(res.status).toBe(200);
    expect(res.body.summary.map((f: { value: unknown }) => f.value)).toEqual([0, 0, 0, 0, 0]);
    expect(res.body.chart.points).toHaveLength(31);
    expect(res.body.chart.points[30]).toEqual({
      period: '2024-01-31',
      size20: 0,
      size40: 0,
      size40HighCube: 0,
      size45: 0,
      truckLoads: 0,
    });
    expect(res.body.page).toMatchObject({ content: [], totalElements: 0 });
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to', 'to must not be before from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to', 'A report covers at most 2 years (731 days)'],
      ['from=2026-01-01&to=2026-1-5', 'query.to', 'to must be a date written YYYY-MM-DD'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [
        `/api/v1/reports/cargo-movement?${query}`,
        `/api/v1/reports/cargo-movement/export?format=pdf&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field, message }]);
      }
    }
  });

  it('exports its rows and figures as a PDF', async () => {
    const page = await report(world.customer.accessToken);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/cargo-movement/export?format=pdf&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.customer.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      `cargo-movement-report-${REPORT_FROM}-to-${REPORT_TO}.pdf`,
    );
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Cargo movement report');
    expect(text).toContain(world.customer.company.name);
    for (const f of page.body.summary) expect(text).toContain(reportValueText(f.value, f.type));
    expect(text).toContain('Tonnes (general cargo)');
    // One row per line of the table (after its header), in the page's order: each starts with its day,
    // written as people read a date.
    const table = text.slice(text.lastIndexOf('Tonnes (general cargo)'));
    expect(table.match(/\d{1,2} [A-Z][a-z]{2} \d{4}/g)).toEqual(
      page.body.page.content.map((r: { period: string }) => reportValueText(r.period, 'date')),
    );
    expect(table).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
