import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIP_ISSUE_TYPE_LABELS, TRIP_ISSUE_TYPES, type TripStatus } from '@freightlane/domain';
import { pdfPages } from '../../test/pdf-text';
import { REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  durationStats,
  measuredSeconds,
  stepTimesOf,
  tripStepsWorld,
  type CustomerTrip,
  type TripStepsWorld,
} from '../../test/trip-steps-world';

const URL = `/api/v1/reports/operation?${REPORT_RANGE}`;

/** The table's rows computed from the trips' own rows and logs, in the report's order. */
function expectedTable(population: CustomerTrip[]) {
  const live = (c: CustomerTrip) => !c.trip.completed && c.trip.cancelledAt === null;
  const latestIn =
    (...statuses: (TripStatus | null)[]) =>
    (c: CustomerTrip) =>
      live(c) && statuses.includes(c.trip.latestStatus);
  const steps = (c: CustomerTrip) => stepTimesOf(c);
  const stage = (from: (c: CustomerTrip) => Date | null, to: (c: CustomerTrip) => Date | null) =>
    population.map((c) => measuredSeconds(from(c), to(c))).filter((s): s is number => s !== null);
  const rows: [string, (c: CustomerTrip) => boolean, number[] | null][] = [
    [
      'Awaiting start',
      latestIn(null),
      stage(
        (c) => c.trip.createdAt,
        (c) => steps(c).startedAt,
      ),
    ],
    [
      'To pickup',
      latestIn('STARTED'),
      stage(
        (c) => steps(c).startedAt,
        (c) => steps(c).arrivedPickupAt,
      ),
    ],
    [
      'At pickup',
      latestIn('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'),
      stage(
        (c) => steps(c).arrivedPickupAt,
        (c) => steps(c).loadedAt,
      ),
    ],
    [
      'In transit',
      latestIn('LOADED'),
      stage(
        (c) => steps(c).loadedAt,
        (c) => steps(c).arrivedDeliveryAt,
      ),
    ],
    [
      'At delivery',
      latestIn('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION'),
      stage(
        (c) => steps(c).arrivedDeliveryAt,
        (c) => steps(c).deliveredAt,
      ),
    ],
    [
      'Empty return',
      latestIn('DELIVERED'),
      stage(
        (c) => steps(c).deliveredAt,
        (c) => steps(c).emptyDroppedAt,
      ),
    ],
    ['Completed', (c) => c.trip.completed, null],
    ['Cancelled', (c) => c.trip.cancelledAt !== null, null],
  ];
  return rows.map(([label, isNow, seconds]) => {
    const now = population.filter(isNow).length;
    const stats = seconds === null ? null : durationStats(seconds);
    return {
      stage: label,
      tripsNow: now,
      share: Math.round((1000 * now) / population.length) / 10,
      tripsThrough: seconds?.length ?? null,
      averageTime: stats?.average ?? null,
      medianTime: stats?.median ?? null,
      longest: stats?.longest ?? null,
    };
  });
}

describe('the operation report', () => {
  let t: TestApp;
  let w: TripStepsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripStepsWorld(t);
  }, 180_000);
  afterAll(() => t?.close());

  const population = async (companyId?: string) =>
    (await w.tripsOfCustomer(companyId)).filter(
      (c) => c.trip.pickupDate >= REPORT_FROM && c.trip.pickupDate <= REPORT_TO,
    );

  it('counts the trips picked up in the range by state now, and times each stage from the live logs', async () => {
    const res = await call(t.app, 'GET', URL, undefined, { token: w.customer.accessToken });
    expect(res.status).toBe(200);
    const trips = await population();
    const all = await w.tripsOfCustomer();
    // The world has trips on both sides of the range, and a cancelled one inside it.
    expect(trips.length).toBeGreaterThanOrEqual(8);
    expect(all.length).toBeGreaterThan(trips.length);
    expect(trips.some((c) => c.trip.cancelledAt !== null)).toBe(true);
    expect(trips.some((c) => c.logs.some((l) => l.undoneAt !== null))).toBe(true);

    const table = expectedTable(trips);
    expect(res.body.page.content).toEqual(table);
    expect(res.body.page.totalElements).toBe(8);
    // Every row but the two ends has trips passing it; the world's undone LOADED and negative waits are
    // left out of the stage times above, which read live logs only.
    expect(table.filter((r) => (r.tripsThrough ?? 0) > 0)).toHaveLength(6);
    expect(table.reduce((s, r) => s + r.tripsNow, 0)).toBe(trips.length);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    const issues = trips.flatMap((c) => c.issues);
    expect(figure('trips')).toBe(trips.length);
    expect(figure('inProgress')).toBe(
      trips.filter((c) => !c.trip.completed && !c.trip.cancelledAt && c.trip.latestStatus !== null).length,
    );
    expect(figure('completed')).toBe(trips.filter((c) => c.trip.completed).length);
    expect(figure('cancelled')).toBe(trips.filter((c) => c.trip.cancelledAt !== null).length);
    expect(figure('issues')).toBe(issues.length);
    expect(figure('openIssues')).toBe(issues.filter((i) => i.status === 'OPEN').length);
    expect(figure('tripsWithIssue')).toBe(trips.filter((c) => c.issues.length > 0).length);
    expect(issues.length).toBeGreaterThan(figure('openIssues'));
    expect(figure('tripsWithIssue')).toBeLessThan(issues.length);
    const byType = TRIP_ISSUE_TYPES.map((type) => issues.filter((i) => i.issueType === type).length);
    expect(
      res.body.summary.slice(7).map((f: { label: string; value: number }) => [f.label, f.value]),
    ).toEqual(TRIP_ISSUE_TYPES.map((type, i) => [TRIP_ISSUE_TYPE_LABELS[type], byType[i]]));
    // Issues of trips outside the population (before the range, another customer's) are not counted.
    expect(all.flatMap((c) => c.issues).length).toBeGreaterThan(issues.length);

    expect(res.body.chart).toMatchObject({ kind: 'bar', valueType: 'count', labelKey: 'issueType' });
    expect(res.body.chart.points).toEqual(
      TRIP_ISSUE_TYPES.map((type, i) => ({ issueType: TRIP_ISSUE_TYPE_LABELS[type], issues: byType[i] })),
    );
  });

  it('pages its eight rows', async () => {
    const all = await call(t.app, 'GET', URL, undefined, { token: w.customer.accessToken });
    const second = await call(t.app, 'GET', `${URL}&size=3&page=1`, undefined, {
      token: w.customer.accessToken,
    });
    expect(second.body.page.content).toEqual(all.body.page.content.slice(3, 6));
    expect(second.body.page.totalElements).toBe(8);
    expect(second.body.page.totalPages).toBe(3);
  });

  it('shows another customer only its own trips, and the report to no transporter or admin', async () => {
    const res = await call(t.app, 'GET', URL, undefined, { token: w.otherCustomer.accessToken });
    expect(res.status).toBe(200);
    const theirs = await population(w.otherCustomer.company.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(res.body.page.content).toEqual(expectedTable(theirs));
    expect(res.body.summary.find((f: { key: string }) => f.key === 'issues').value).toBe(
      theirs.flatMap((c) => c.issues).length,
    );
    for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.admin.accessToken]) {
      for (const url of [URL, `/api/v1/reports/operation/export?format=pdf&${REPORT_RANGE}`]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('answers a range without trips with zeros and N/A', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/v1/reports/operation?from=2024-01-01&to=2024-03-31',
      undefined,
      {
        token: w.customer.accessToken,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.page.totalElements).toBe(8);
    for (const row of res.body.page.content) {
      expect(row).toMatchObject({
        tripsNow: 0,
        share: null,
        averageTime: null,
        medianTime: null,
        longest: null,
      });
    }
    expect(res.body.summary.every((f: { value: unknown }) => f.value === 0)).toBe(true);
    expect(res.body.chart.points.every((p: { issues: number }) => p.issues === 0)).toBe(true);
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=2026-13-01&to=2026-12-31', 'query.from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
    ];
    for (const [query, field] of cases) {
      for (const url of [
        `/api/v1/reports/operation?${query}`,
        `/api/v1/reports/operation/export?format=csv&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: w.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports its figures and table as a PDF', async () => {
    const page = await call(t.app, 'GET', URL, undefined, { token: w.customer.accessToken });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/operation/export?format=pdf&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${w.customer.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(
      `operation-report-${REPORT_FROM}-to-${REPORT_TO}.pdf`,
    );
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Operation report');
    expect(text).toContain(w.customer.company.name);
    for (const row of page.body.page.content as { stage: string; averageTime: number | null }[]) {
      expect(text).toContain(row.stage);
    }
    const inTransit = page.body.page.content.find((r: { stage: string }) => r.stage === 'In transit');
    expect(text).toContain(inTransit.averageTime.toFixed(1));
    expect(text).toContain('Trips with an issue');
  });
});
