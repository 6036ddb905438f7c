import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARGO_TYPE_LABELS,
  lagosDateInDays,
  TRIP_ISSUE_TYPE_LABELS,
  TRIP_STATUS_LABELS,
  type CargoType,
  type TripStatus,
} from '@freightlane/domain';
import { REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { transporterTripsWorld, type TransporterTripsWorld } from '../../test/transporter-trips-world';
import { activeTripRows, type ActiveTripKey } from './active-trip-report.repository';
import { reportInput } from './report-definition';
import { reportWindow } from './report-window';

const HOUR = 3_600_000;
const iso = (at: Date | null) => at?.toISOString() ?? null;

describe('the active trip report', () => {
  let t: TestApp;
  let world: TransporterTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterTripsWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const report = (token: string, query = REPORT_RANGE) =>
    call(t.app, 'GET', `/api/v1/reports/active-trip?${query}&size=100`, undefined, { token });

  /** The rows and figures worked out another way, from the trips, logs, issues and positions read here. */
  async function expected(now: number) {
    const rows = await world.tripsOf();
    const logs = await world.liveLogsOf(rows.map((r) => r.trip.id));
    const issues = await world.issuesOf(rows.map((r) => r.trip.id));
    const plates = new Map((await world.trucksOf()).map((x) => [x.id, x.registrationNumber]));
    const names = new Map((await world.driversOf()).map((d) => [d.id, `${d.firstName} ${d.lastName}`]));
    const tracked = new Set((await world.devicesOf()).map((d) => d.truckId));
    const lastSeen = new Map((await world.latestPositionsOf()).map((p) => [p.truckId, p.recordedAt]));
    const fromAt = Date.parse(`${REPORT_FROM}T00:00:00+01:00`);
    const toAt = Date.parse(`${REPORT_TO}T00:00:00+01:00`) + 24 * HOUR;
    const startedAt = (tripId: string) => logs.find((l) => l.tripId === tripId && l.status === 'STARTED')?.at;
    const ongoing = rows.filter((r) => !r.trip.completed && !r.trip.cancelledAt && r.trip.latestStatus);
    const inRange = ongoing
      .filter((r) => {
        const s = startedAt(r.trip.id)!.getTime();
        return s >= fromAt && s < toAt;
      })
      .sort(
        (x, y) =>
          x.trip.latestStatusAt!.getTime() - y.trip.latestStatusAt!.getTime() ||
          x.trip.tripNumber.localeCompare(y.trip.tripNumber),
      );
    const openOf = (tripId: string) =>
      issues
        .filter((i) => i.tripId === tripId && i.status === 'OPEN')
        .sort((x, y) => x.openedAt.getTime() - y.openedAt.getTime());
    const content = inRange.map((r) => {
      const open = openOf(r.trip.id);
      return {
        trip: r.trip.tripNumber,
        customer: r.customer,
        clientName: r.clientName,
        cargoType: CARGO_TYPE_LABELS[r.trip.cargoType as CargoType],
        cargo: r.containerNumber ?? r.description,
        truck: r.trip.truckId ? plates.get(r.trip.truckId)! : null,
        driver: r.trip.driverId ? names.get(r.trip.driverId)! : null,
        stage: TRIP_STATUS_LABELS[r.trip.latestStatus as TripStatus],
        stageSince: iso(r.trip.latestStatusAt),
        timeInStage: (now - r.trip.latestStatusAt!.getTime()) / HOUR,
        setOff: iso(startedAt(r.trip.id)!),
        pickupDate: r.trip.pickupDate,
        expectedDelivery: r.trip.expectedDeliveryDate,
        etaTypical: iso(r.trip.etaTypicalAt),
        etaLatest: iso(r.trip.etaWorstAt),
        lastLocation: r.trip.currentLocation
          ? `${r.trip.currentLocation.lga}, ${r.trip.currentLocation.state}`
          : null,
        lastPosition: iso((r.trip.truckId && lastSeen.get(r.trip.truckId)) || null),
        openIssues: open.length,
        openIssueTypes: open.length ? open.map((i) => TRIP_ISSUE_TYPE_LABELS[i.issueType]).join(', ') : null,
        delayed: open.length > 0 ? 'Yes' : 'No',
      };
    });
    const silent = inRange.filter((r) => {
      if (!r.trip.truckId || !tracked.has(r.trip.truckId)) return false;
      const seen = lastSeen.get(r.trip.truckId);
      return !seen || now - seen.getTime() > 60 * 60_000;
    });
    return {
      content,
      summary: {
        activeTrips: content.length,
        delayed: content.filter((c) => c.delayed === 'Yes').length,
        openIssues: content.reduce((s, c) => s + c.openIssues, 0),
        averageTimeInStage: content.reduce((s, c) => s + c.timeInStage, 0) / content.length,
        setOffBeforeRange: ongoing.filter((r) => startedAt(r.trip.id)!.getTime() < fromAt).length,
        silentTrucks: silent.length,
      },
    };
  }

  it('lists the trips under way that set off in range, as their trips, logs and issues say', async () => {
    const res = await report(world.transporter.accessToken);
    expect(res.status).toBe(200);
    const want = await expected(Date.now());
    // Non-trivial: a delayed trip with two open issues, one on track, one set off before the range, a
    // silent tracked truck; completed, cancelled and not-yet-started trips left out.
    expect(want.content.map((c) => c.trip)).toEqual([world.trips.b5.tripNumber, world.trips.g7.tripNumber]);
    expect(want.summary.setOffBeforeRange).toBe(1);
    expect(want.summary.silentTrucks).toBe(2);
    expect(want.content[0]!.openIssueTypes).toBe('Breakdown, Checkpoint / police delay');

    // Hours in stage move with the clock between the request and this check: compared to a tenth.
    const got = res.body.page.content as Record<string, unknown>[];
    expect(got).toEqual(want.content.map((row) => ({ ...row, timeInStage: expect.any(Number) })));
    got.forEach((row, i) =>
      expect(Math.abs((row.timeInStage as number) - want.content[i]!.timeInStage)).toBeLessThan(0.1),
    );
    expect(res.body.page.totalElements).toBe(want.content.length);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    for (const key of [
      'activeTrips',
      'delayed',
      'openIssues',
      'setOffBeforeRange',
      'silentTrucks',
    ] as const) {
      expect(figure(key)).toBe(want.summary[key]);
    }
    expect(Math.abs(figure('averageTimeInStage') - want.summary.averageTimeInStage)).toBeLessThan(0.1);

    const points = res.body.chart.points as { stage: string; delayed: number; onTrack: number }[];
    expect(points.map((p) => p.stage)).toEqual([
      'Trip Started',
      'At Pick-Up Location',
      'At Warehouse Location',
      'Container(s) Loaded',
      'At Delivery Location',
      'At Drop-Off Location',
      'Delivered',
    ]);
    for (const p of points) {
      const here = want.content.filter((c) => c.stage === p.stage);
      expect(p.delayed).toBe(here.filter((c) => c.delayed === 'Yes').length);
      expect(p.onTrack).toBe(here.filter((c) => c.delayed === 'No').length);
    }

    const asManager = await report(world.fleetManager.accessToken);
    expect(asManager.body.summary.find((f: { key: string }) => f.key === 'activeTrips').value).toBe(
      want.content.length,
    );
  });

  it('counts a trip set off before the range as a row once the range reaches back to it', async () => {
    const res = await report(world.transporter.accessToken, `from=${lagosDateInDays(-40)}&to=${REPORT_TO}`);
    expect(res.body.page.content.map((r: { trip: string }) => r.trip)).toContain(world.trips.c6.tripNumber);
    expect(res.body.summary.find((f: { key: string }) => f.key === 'setOffBeforeRange').value).toBe(0);
  });

  it('reads by keyset in the order of its pages', async () => {
    const all = (await report(world.transporter.accessToken, `from=${lagosDateInDays(-40)}&to=${REPORT_TO}`))
      .body.page.content;
    const input = reportInput(
      t.ctx.db,
      { companyId: world.transporter.company.id },
      reportWindow({ from: lagosDateInDays(-40), to: REPORT_TO }),
    );
    const numbers: string[] = [];
    let after: ActiveTripKey | null = null;
    for (;;) {
      const batch = await activeTripRows(input, 1, 0, after);
      numbers.push(...batch.map((r) => r.tripNumber));
      if (batch.length < 1) break;
      after = batch.at(-1)!;
    }
    expect(all.length).toBe(3);
    expect(numbers).toEqual(all.map((r: { trip: string }) => r.trip));
  });

  it('shows another transporter only its own trips, and no customer or admin the report', async () => {
    const res = await report(world.otherTransporter.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.page.content.map((r: { trip: string }) => r.trip)).toEqual([
      world.otherTrips.live.tripNumber,
    ]);
    for (const token of [world.customer.accessToken, world.admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/active-trip?${REPORT_RANGE}`,
        `/api/v1/reports/active-trip/export?format=xlsx&${REPORT_RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    for (const [query, field] of [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=2026-13-01&to=2026-12-02', 'query.from'],
    ]) {
      const res = await report(world.transporter.accessToken, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
  });

  it('exports the rows as XLSX', async () => {
    const page = (await report(world.transporter.accessToken)).body;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/active-trip/export?format=xlsx&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.transporter.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload.buffer.slice(res.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Active trip report')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Trip');
    const trips: unknown[] = [];
    const delayed: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      trips.push(row.getCell(1).value);
      delayed.push(row.getCell(20).value);
    });
    expect(trips).toEqual(page.page.content.map((r: { trip: string }) => r.trip));
    expect(delayed).toEqual(page.page.content.map((r: { delayed: string }) => r.delayed));
  });
});
