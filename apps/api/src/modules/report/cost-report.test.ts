import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerCostWorld,
  laneOf,
  type CostWorldTrip,
  type CustomerCostWorld,
} from '../../test/customer-cost-world';
import { lagosDayOf, REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';

type Trip = CostWorldTrip;

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round(part / whole));

/** The cost figures of some trips, summed here one trip at a time. */
function figuresOf(list: Trip[]) {
  const general = list.filter((r) => r.trip.cargoType === 'GENERAL_CARGO');
  const containers = list.filter((r) => r.trip.cargoType !== 'GENERAL_CARGO');
  const weighed = general.filter((r) => (r.consignment.weightKg ?? 0) > 0);
  const cost = (rows: Trip[]) => rows.reduce((s, r) => s + r.trip.amountKobo, 0);
  const kg = (rows: Trip[]) => rows.reduce((s, r) => s + (r.consignment.weightKg ?? 0), 0);
  return {
    trips: list.length,
    containers: containers.length,
    truckLoads: general.length,
    tonnes: Math.round(kg(general) / 100) / 10,
    totalCost: cost(list),
    costPerTrip: ratio(cost(list), list.length),
    costPerContainer: ratio(cost(containers), containers.length),
    costPerTonne: ratio(cost(weighed) * 1000, kg(weighed)),
  };
}

/** The report computed another way: the trips awarded in the range, not cancelled, grouped here by lane. */
function expectedOf(rows: Trip[]) {
  const counted = rows.filter(
    (r) =>
      r.trip.cancelledAt === null &&
      lagosDayOf(r.trip.createdAt) >= REPORT_FROM &&
      lagosDayOf(r.trip.createdAt) <= REPORT_TO,
  );
  const lanes = new Map<string, { label: string; trips: Trip[] }>();
  for (const r of counted) {
    const { key, label } = laneOf(r);
    lanes.set(key, { label, trips: [...(lanes.get(key)?.trips ?? []), r] });
  }
  const byLane = [...lanes.values()].map(({ label, trips }) => ({ lane: label, ...figuresOf(trips) }));
  const busiest = [...lanes.values()].sort((x, y) => y.trips.length - x.trips.length);
  const rest = busiest.slice(10).flatMap((l) => l.trips);
  return {
    totals: figuresOf(counted),
    rows: byLane,
    lanes: lanes.size,
    busiest,
    chart: [
      ...busiest.slice(0, 10).map((l) => ({ lane: l.label, costPerTrip: figuresOf(l.trips).costPerTrip })),
      ...(rest.length > 0 ? [{ lane: 'Others', costPerTrip: figuresOf(rest).costPerTrip }] : []),
    ],
  };
}

const byLabel = (x: { lane: unknown }, y: { lane: unknown }) => String(x.lane).localeCompare(String(y.lane));
const figure = (body: Record<string, any>, key: string) =>
  body.summary.find((f: { key: string }) => f.key === key)?.value;

describe('the cost report', () => {
  let t: TestApp;
  let world: CustomerCostWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerCostWorld(t);
  }, 180_000);
  afterAll(() => t?.close());

  const report = (token: string, query = `${REPORT_RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/cost?${query}`, undefined, { token });

  it('equals the trips costed one by one: a row per lane, the summary and the chart', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const want = expectedOf(await world.tripsOf());
    // Non-trivial: more than ten lanes, a lane of general cargo only, and trips the report must leave out.
    expect(want.lanes).toBeGreaterThan(10);
    expect(want.rows.some((r) => r.costPerContainer === null && r.costPerTonne !== null)).toBe(true);
    expect(want.totals.trips).toBeLessThan((await world.tripsOf()).length);

    expect(res.body.columns.map((c: { key: string }) => c.key)).toEqual([
      'lane',
      'trips',
      'containers',
      'truckLoads',
      'tonnes',
      'totalCost',
      'costPerTrip',
      'costPerContainer',
      'costPerTonne',
    ]);
    expect([...res.body.page.content].sort(byLabel)).toEqual([...want.rows].sort(byLabel));
    expect(res.body.page.totalElements).toBe(want.lanes);
    const costs = res.body.page.content.map((r: { totalCost: number }) => r.totalCost);
    expect(costs).toEqual([...costs].sort((x, y) => y - x));

    expect(res.body.summary.map((f: { key: string }) => f.key)).toEqual([
      'totalCost',
      'trips',
      'costPerTrip',
      'costPerContainer',
      'costPerTonne',
      'lanes',
    ]);
    expect(figure(res.body, 'totalCost')).toBe(want.totals.totalCost);
    expect(figure(res.body, 'trips')).toBe(want.totals.trips);
    expect(figure(res.body, 'costPerTrip')).toBe(want.totals.costPerTrip);
    expect(figure(res.body, 'costPerContainer')).toBe(want.totals.costPerContainer);
    expect(figure(res.body, 'costPerTonne')).toBe(want.totals.costPerTonne);
    expect(figure(res.body, 'lanes')).toBe(want.lanes);

    const { chart } = res.body;
    expect(chart).toMatchObject({ kind: 'bar', labelKey: 'lane', valueType: 'money' });
    expect(chart.points).toHaveLength(11);
    expect(chart.points[10]).toEqual(want.chart[10]);
    expect(chart.points.slice(0, 10).sort(byLabel)).toEqual(want.chart.slice(0, 10).sort(byLabel));
    // Busiest first: the trips of the lanes the chart names never grow along it.
    const tripsOfLane = new Map(want.busiest.map((l) => [l.label, l.trips.length]));
    const counts = chart.points.slice(0, 10).map((p: { lane: string }) => tripsOfLane.get(p.lane)!);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });

  it('pages its lanes in one stable order', async () => {
    const all = await report(world.customer.accessToken);
    const paged = [];
    for (let page = 0; page * 5 < all.body.page.totalElements; page++) {
      const res = await report(world.customer.accessToken, `${REPORT_RANGE}&size=5&page=${page}`);
      paged.push(...res.body.page.content);
    }
    expect(paged).toEqual(all.body.page.content);
  });

  it('shows another customer only its own trips, and the other side and admins nothing', async () => {
    const res = await report(world.otherCustomer.accessToken);
    expect(res.status).toBe(200);
    const want = expectedOf(await world.tripsOf(world.otherCustomer.company.id));
    expect(want.totals.trips).toBeGreaterThan(0);
    expect(res.body.page.content).toEqual(want.rows);
    expect(figure(res.body, 'totalCost')).toBe(want.totals.totalCost);
    for (const token of [
      world.transporter.accessToken,
      world.fleetManager.accessToken,
      world.admin.accessToken,
    ]) {
      for (const url of [
        `/api/v1/reports/cost?${REPORT_RANGE}`,
        `/api/v1/reports/cost/export?format=csv&${REPORT_RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('answers zeros and N/A over a range without trips', async () => {
    const res = await report(world.customer.accessToken, 'from=2024-01-01&to=2024-01-31');
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(res.body.summary.map((f: { key: string; value: unknown }) => [f.key, f.value])),
    ).toEqual({
      totalCost: 0,
      trips: 0,
      costPerTrip: null,
      costPerContainer: null,
      costPerTonne: null,
      lanes: 0,
    });
    expect(res.body.chart.points).toEqual([]);
    expect(res.body.page).toMatchObject({ content: [], totalElements: 0 });
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to', 'to must not be before from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to', 'A report covers at most 2 years (731 days)'],
      ['from=2026-02-30&to=2026-03-02', 'query.from', 'from must be a date written YYYY-MM-DD'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [
        `/api/v1/reports/cost?${query}`,
        `/api/v1/reports/cost/export?format=csv&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field, message }]);
      }
    }
  });

  it('exports its lanes as CSV, in naira, in the order of the page', async () => {
    const page = await report(world.customer.accessToken);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/cost/export?format=csv&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.customer.accessToken}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`cost-report-${REPORT_FROM}-to-${REPORT_TO}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Lane,Trips,Containers,Truck loads,Tonnes (general cargo),Total cost (NGN),Cost per trip (NGN),Cost per container (NGN),Cost per tonne (NGN)',
    );
    const naira = (kobo: number | null) => (kobo === null ? '' : (kobo / 100).toFixed(2));
    expect(lines.slice(1)).toEqual(
      page.body.page.content.map((r: Record<string, any>) =>
        [
          r.lane,
          r.trips,
          r.containers,
          r.truckLoads,
          r.tonnes.toFixed(1),
          naira(r.totalCost),
          naira(r.costPerTrip),
          naira(r.costPerContainer),
          naira(r.costPerTonne),
        ].join(','),
      ),
    );
  });
});
