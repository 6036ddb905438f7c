import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_TYPE_LABELS, lagosIsoText } from '@freightlane/domain';
import { lagosDayOf, REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  durationStats,
  hoursOf,
  measuredSeconds,
  placeText,
  stepTimesOf,
  tripStepsWorld,
  type CustomerTrip,
  type TripStepsWorld,
} from '../../test/trip-steps-world';
import { deliveryBatches } from './delivery-report.service';
import { reportInput } from './report-definition';
import { reportWindow } from './report-window';

const URL = `/api/v1/reports/delivery?${REPORT_RANGE}`;
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The rows computed from the trips' own rows and logs: delivered (live log) in range, in the sort. */
function expectedRows(trips: CustomerTrip[]) {
  const today = lagosDayOf(new Date());
  return trips
    .map((c) => ({ c, steps: stepTimesOf(c) }))
    .filter(({ steps }) => {
      if (!steps.deliveredAt) return false;
      const day = lagosDayOf(steps.deliveredAt);
      return day >= REPORT_FROM && day <= REPORT_TO && day <= today;
    })
    .sort(
      (a, b) =>
        +a.steps.deliveredAt! - +b.steps.deliveredAt! ||
        a.c.trip.tripNumber.localeCompare(b.c.trip.tripNumber),
    )
    .map(({ c, steps }) => {
      const expected = c.trip.expectedDeliveryDate;
      return {
        trip: c.trip.tripNumber,
        order: c.orderNumber,
        clientName: c.clientName,
        cargoType: CARGO_TYPE_LABELS[c.trip.cargoType],
        cargo: c.consignment?.containerNumber ?? c.consignment?.description ?? null,
        transporter: c.transporter,
        truck: c.truck,
        driver: c.driverFirstName === null ? null : `${c.driverFirstName} ${c.driverLastName}`,
        pickup: placeText(c.pickupTerminal, c.trip.pickupAddress),
        delivery: placeText(c.deliveryTerminal, c.trip.recipientAddress),
        loaded: iso(steps.loadedAt),
        arrived: iso(steps.arrivedDeliveryAt),
        delivered: iso(steps.deliveredAt),
        transit: hoursOf(measuredSeconds(steps.loadedAt, steps.deliveredAt)),
        waitAtDelivery: hoursOf(measuredSeconds(steps.arrivedDeliveryAt, steps.deliveredAt)),
        expectedDelivery: expected,
        onTime:
          expected === null ? 'No target' : lagosDayOf(steps.deliveredAt!) <= expected ? 'On time' : 'Late',
        proofOfDelivery: c.documents.some((d) => d.kind === 'PROOF_OF_DELIVERY') ? 'Yes' : 'No',
        handover: steps.deliveredLog!.handoverOverrideReason === null ? 'Code' : 'Admin override',
        cancelledAt: iso(c.trip.cancelledAt),
        transitSeconds: measuredSeconds(steps.loadedAt, steps.deliveredAt),
      };
    });
}

const tableOf = (rows: ReturnType<typeof expectedRows>) => rows.map(({ transitSeconds: _, ...row }) => row);

describe('the delivery report', () => {
  let t: TestApp;
  let w: TripStepsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripStepsWorld(t);
  }, 180_000);
  afterAll(() => t?.close());

  it('lists the trips delivered in the range from their live logs, with its figures and chart', async () => {
    const res = await call(t.app, 'GET', `${URL}&size=100`, undefined, { token: w.customer.accessToken });
    expect(res.status).toBe(200);
    const want = expectedRows(await w.tripsOfCustomer());
    expect(res.body.page.content).toEqual(tableOf(want));
    expect(res.body.page.totalElements).toBe(want.length);

    // The world's edges are all there: a cancelled delivery, an admin override, a tie in the sort, a trip
    // loaded before the range, one with no target, and the undone delivery left out.
    const names = (trip: string) => want.some((r) => r.trip === trip);
    expect(want.length).toBeGreaterThanOrEqual(6);
    expect(names(w.trips.cancelledAfterDelivery.tripNumber)).toBe(true);
    expect(names(w.trips.loadedBeforeRange.tripNumber)).toBe(true);
    expect(names(w.trips.undoneDelivery.tripNumber)).toBe(false);
    expect(names(w.trips.beforeRange.tripNumber)).toBe(false);
    expect(names(w.trips.otherOfFirst.tripNumber)).toBe(false);
    expect(new Set(want.map((r) => r.onTime))).toEqual(new Set(['On time', 'Late', 'No target']));
    expect(want.filter((r) => r.waitAtDelivery === null).length).toBeGreaterThan(0);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    const count = (keep: (r: (typeof want)[number]) => boolean) => want.filter(keep).length;
    const onTime = count((r) => r.onTime === 'On time');
    const late = count((r) => r.onTime === 'Late');
    const transit = durationStats(want.map((r) => r.transitSeconds).filter((s): s is number => s !== null));
    expect(figure('delivered')).toBe(want.length);
    expect(figure('onTimeDelivery')).toBe(Math.round((1000 * onTime) / (onTime + late)) / 10);
    expect(figure('withoutExpectedDate')).toBe(count((r) => r.onTime === 'No target'));
    expect(figure('averageTransit')).toBe(transit.average);
    expect(figure('medianTransit')).toBe(transit.median);
    expect(figure('proofOfDelivery')).toBe(
      Math.round((1000 * count((r) => r.proofOfDelivery === 'Yes')) / want.length) / 10,
    );
    expect(figure('adminOverrides')).toBe(count((r) => r.handover === 'Admin override'));
    expect(figure('adminOverrides')).toBe(1);

    const points = res.body.chart.points as {
      period: string;
      onTime: number;
      late: number;
      noTarget: number;
    }[];
    expect(res.body.chart).toMatchObject({ kind: 'stacked-bar', valueType: 'count', labelKey: 'period' });
    expect(points).toHaveLength(30);
    expect(points[0]!.period).toBe(REPORT_FROM);
    for (const point of points) {
      const ofDay = want.filter((r) => lagosDayOf(new Date(r.delivered!)) === point.period);
      expect(point).toEqual({
        period: point.period,
        onTime: ofDay.filter((r) => r.onTime === 'On time').length,
        late: ofDay.filter((r) => r.onTime === 'Late').length,
        noTarget: ofDay.filter((r) => r.onTime === 'No target').length,
      });
    }
  });

  it('pages by offset and exports by keyset in the same order, a tie on the instant included', async () => {
    const all = await call(t.app, 'GET', `${URL}&size=100`, undefined, { token: w.customer.accessToken });
    const paged = [];
    for (let page = 0; page * 2 < all.body.page.totalElements; page++) {
      const res = await call(t.app, 'GET', `${URL}&size=2&page=${page}`, undefined, {
        token: w.customer.accessToken,
      });
      paged.push(...res.body.page.content);
    }
    expect(paged).toEqual(all.body.page.content);
    const tied = all.body.page.content.filter(
      (r: { delivered: string }, _: number, rows: { delivered: string }[]) =>
        rows.filter((o) => o.delivered === r.delivered).length > 1,
    );
    expect(tied).toHaveLength(2);

    const input = reportInput(
      t.ctx.db,
      { companyId: w.customer.company.id },
      reportWindow({ from: REPORT_FROM, to: REPORT_TO }),
    );
    for (const batchRows of [1, 2, 3]) {
      const batches = [];
      for await (const batch of deliveryBatches(input, batchRows)) batches.push(batch);
      expect(batches.every((b) => b.length <= batchRows)).toBe(true);
      expect(batches.flat()).toEqual(all.body.page.content);
    }
  });

  it('shows another customer only its own deliveries, and the report to no transporter or admin', async () => {
    const res = await call(t.app, 'GET', `${URL}&size=100`, undefined, {
      token: w.otherCustomer.accessToken,
    });
    expect(res.status).toBe(200);
    const theirs = expectedRows(await w.tripsOfCustomer(w.otherCustomer.company.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(res.body.page.content).toEqual(tableOf(theirs));
    expect(res.body.page.content.map((r: { trip: string }) => r.trip)).toEqual([
      w.trips.otherOfFirst.tripNumber,
    ]);
    for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.admin.accessToken]) {
      for (const url of [URL, `/api/v1/reports/delivery/export?format=csv&${REPORT_RANGE}`]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('answers a range without deliveries with zeros, N/A and a month per point', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/v1/reports/delivery?from=2024-01-01&to=2024-03-31',
      undefined,
      {
        token: w.customer.accessToken,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.page).toMatchObject({ content: [], totalElements: 0 });
    expect(
      Object.fromEntries(res.body.summary.map((f: { key: string; value: unknown }) => [f.key, f.value])),
    ).toEqual({
      delivered: 0,
      onTimeDelivery: null,
      withoutExpectedDate: 0,
      averageTransit: null,
      medianTransit: null,
      proofOfDelivery: null,
      adminOverrides: 0,
    });
    expect(res.body.chart.points).toEqual(
      ['2024-01', '2024-02', '2024-03'].map((period) => ({ period, onTime: 0, late: 0, noTarget: 0 })),
    );
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=2026-02-30&to=2026-03-02', 'query.from'],
      ['from=2026-01-01&to=2026-1-5', 'query.to'],
    ];
    for (const [query, field] of cases) {
      for (const url of [
        `/api/v1/reports/delivery?${query}`,
        `/api/v1/reports/delivery/export?format=csv&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: w.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports every row as CSV, in the table order, with Lagos times and hours', async () => {
    const page = await call(t.app, 'GET', `${URL}&size=100`, undefined, { token: w.customer.accessToken });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/delivery/export?format=csv&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${w.customer.accessToken}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      `delivery-report-${REPORT_FROM}-to-${REPORT_TO}.csv`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Trip,Order,Client name,Cargo type,Container / cargo,Transporter,Truck,Driver,Pickup,Delivery,Loaded,' +
        'Arrived,Delivered,Transit (h),Wait at delivery (h),Expected delivery,On time,Proof of delivery,' +
        'Handover,Cancelled at',
    );
    const rows = page.body.page.content as Record<string, string | number | null>[];
    expect(lines).toHaveLength(rows.length + 1);
    rows.forEach((row, i) => {
      const line = lines[i + 1]!;
      expect(line.startsWith(`${row.trip},${row.order},`)).toBe(true);
      expect(line).toContain(`,${lagosIsoText(row.delivered as string)},`);
      if (row.transit !== null) expect(line).toContain(`,${(row.transit as number).toFixed(1)},`);
      expect(line).toContain(`,${row.onTime},${row.proofOfDelivery},${row.handover},`);
    });
  });
});
