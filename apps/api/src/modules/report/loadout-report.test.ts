import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARGO_TYPE_LABELS,
  CONTAINER_SIZE_LABELS,
  TERMINAL_KIND_LABELS,
  type ContainerSize,
  type TerminalKind,
} from '@freightlane/domain';
import { terminals, trips, tripStatusLogs } from '../../db/schema';
import { containerRows, createVerifiedCustomer } from '../../test/marketplace';
import { lagosDayOf, REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import type { Account } from '../../test/trip-world';
import {
  durationStats,
  hoursOf,
  measuredSeconds,
  stepTimesOf,
  tripStepsWorld,
  type CustomerTrip,
  type TripStepsWorld,
} from '../../test/trip-steps-world';
import { loadoutBatches } from './loadout-report.service';
import { reportInput } from './report-definition';
import { reportWindow } from './report-window';

const URL = `/api/v1/reports/loadout?${REPORT_RANGE}`;
const iso = (at: Date | null) => at?.toISOString() ?? null;
const RECORDED_BY: Record<string, string> = { GEOFENCE: 'Geofence', DRIVER_PHONE: 'Driver phone' };

/** The rows computed from the trips' own rows and logs: loaded (live log) in range, in the sort. */
function expectedRows(list: CustomerTrip[]) {
  const today = lagosDayOf(new Date());
  return list
    .map((c) => ({ c, steps: stepTimesOf(c) }))
    .filter(({ steps }) => {
      if (!steps.loadedAt) return false;
      const day = lagosDayOf(steps.loadedAt);
      return day >= REPORT_FROM && day <= REPORT_TO;
    })
    .sort(
      (a, b) =>
        +a.steps.loadedAt! - +b.steps.loadedAt! || a.c.trip.tripNumber.localeCompare(b.c.trip.tripNumber),
    )
    .map(({ c, steps }) => {
      const arrived = steps.arrivedPickupAt;
      const onTime = arrived
        ? lagosDayOf(arrived) <= c.trip.pickupDate
          ? 'On time'
          : 'Late'
        : c.trip.pickupDate < today
          ? 'Late'
          : 'Pending';
      const address = c.trip.pickupAddress;
      const size = c.consignment?.containerSize as ContainerSize | null | undefined;
      const waitSeconds = measuredSeconds(arrived, steps.loadedAt);
      return {
        trip: c.trip.tripNumber,
        order: c.orderNumber,
        clientName: c.clientName,
        cargoType: CARGO_TYPE_LABELS[c.trip.cargoType],
        cargo: c.consignment?.containerNumber ?? c.consignment?.description ?? null,
        containerSize: size ? CONTAINER_SIZE_LABELS[size] : null,
        liner: c.liner,
        pickupPlace: c.pickupTerminal?.name ?? (address ? `${address.city}, ${address.state}` : null),
        terminalKind: c.pickupTerminal ? TERMINAL_KIND_LABELS[c.pickupTerminal.kind as TerminalKind] : null,
        transporter: c.transporter,
        truck: c.truck,
        driver: c.driverFirstName === null ? null : `${c.driverFirstName} ${c.driverLastName}`,
        pickupDate: c.trip.pickupDate,
        arrived: iso(arrived),
        arrivalRecordedBy: arrived ? (RECORDED_BY[steps.arrivedPickupBy ?? ''] ?? 'By hand') : null,
        loaded: iso(steps.loadedAt),
        waitAtLoadout: hoursOf(waitSeconds),
        onTimePickup: onTime,
        waitSeconds,
      };
    });
}

type Expected = ReturnType<typeof expectedRows>[number];
const tableOf = (rows: Expected[]) => rows.map(({ waitSeconds: _, ...row }) => row);

/** The chart computed from the rows: places by loadings then name, ten of them, then Others. */
function expectedChart(rows: Expected[]) {
  const places = new Map<string, Expected[]>();
  for (const row of rows) places.set(row.pickupPlace!, [...(places.get(row.pickupPlace!) ?? []), row]);
  const ranked = [...places].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const average = (list: Expected[]) => {
    const seconds = list.map((r) => r.waitSeconds).filter((s): s is number => s !== null);
    return seconds.length === 0 ? null : hoursOf(seconds.reduce((s, x) => s + x, 0) / seconds.length);
  };
  const points = ranked
    .slice(0, 10)
    .map(([place, list]) => ({ pickupPlace: place, averageWait: average(list) }));
  const rest = ranked.slice(10).flatMap(([, list]) => list);
  return rest.length === 0 ? points : [...points, { pickupPlace: 'Others', averageWait: average(rest) }];
}

describe('the loadout report', () => {
  let t: TestApp;
  let w: TripStepsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripStepsWorld(t);
  }, 180_000);
  afterAll(() => t?.close());

  it('lists the trips loaded in the range from their live logs, with its figures and chart', async () => {
    const res = await call(t.app, 'GET', `${URL}&size=100`, undefined, { token: w.customer.accessToken });
    expect(res.status).toBe(200);
    const want = expectedRows(await w.tripsOfCustomer());
    expect(res.body.page.content).toEqual(tableOf(want));
    expect(res.body.page.totalElements).toBe(want.length);

    const has = (trip: { tripNumber: string }) => want.some((r) => r.trip === trip.tripNumber);
    expect(want.length).toBeGreaterThanOrEqual(8);
    expect(has(w.trips.cancelledAfterDelivery)).toBe(true);
    expect(has(w.trips.undoneLoaded)).toBe(true);
    expect(has(w.trips.loadedBeforeRange)).toBe(false);
    expect(has(w.trips.cancelledAtPickup)).toBe(false);
    expect(has(w.trips.otherOfFirst)).toBe(false);
    // The undone loading is read nowhere: one row for the trip, at its live loading's time.
    const undone = want.filter((r) => r.trip === w.trips.undoneLoaded.tripNumber);
    expect(undone).toHaveLength(1);
    const logs = (await w.tripsOfCustomer()).find((c) => c.trip.id === w.trips.undoneLoaded.id)!.logs;
    const live = logs.find((l) => l.status === 'LOADED' && l.undoneAt === null)!;
    expect(undone[0]!.loaded).toBe(live.at.toISOString());
    expect(logs.some((l) => l.status === 'LOADED' && l.undoneAt !== null)).toBe(true);
    expect(new Set(want.map((r) => r.arrivalRecordedBy))).toEqual(
      new Set(['Geofence', 'Driver phone', 'By hand']),
    );
    expect(new Set(want.map((r) => r.onTimePickup))).toEqual(new Set(['On time', 'Late']));
    expect(want.some((r) => r.waitAtLoadout === null && r.arrived !== null)).toBe(true);
    expect(want.some((r) => r.terminalKind === null)).toBe(true);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    const wait = durationStats(want.map((r) => r.waitSeconds).filter((s): s is number => s !== null));
    const onTime = want.filter((r) => r.onTimePickup === 'On time').length;
    const late = want.filter((r) => r.onTimePickup === 'Late').length;
    expect(figure('loadings')).toBe(want.length);
    expect(figure('averageWait')).toBe(wait.average);
    expect(figure('medianWait')).toBe(wait.median);
    expect(figure('longestWait')).toBe(wait.longest);
    expect(figure('onTimePickup')).toBe(Math.round((1000 * onTime) / (onTime + late)) / 10);
    expect(figure('geofenceArrivals')).toBe(
      Math.round((1000 * want.filter((r) => r.arrivalRecordedBy === 'Geofence').length) / want.length) / 10,
    );

    expect(res.body.chart).toMatchObject({ kind: 'bar', valueType: 'hours', labelKey: 'pickupPlace' });
    expect(res.body.chart.points).toEqual(expectedChart(want));
    expect(res.body.chart.points.length).toBeGreaterThanOrEqual(4);
  });

  describe('over more than ten pickup places', () => {
    let many: Account;
    beforeAll(async () => {
      many = await createVerifiedCustomer(t);
      const order = await w.award({ containers: containerRows(14, w.linerId) }, undefined, {
        customer: many,
        transporter: w.transporter,
      });
      const codes = (await t.ctx.db.select().from(terminals)).map((r) => r.id).slice(0, 11);
      // Place 0 loads three times, place 1 twice, the nine others once: the chart keeps ten.
      const placeOf = [0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
      const now = Date.now();
      for (const [i, trip] of (order.trips as { id: string }[]).entries()) {
        const arrivedAt = new Date(now - 3 * 86_400_000 + i * 3_600_000);
        const loadedAt = new Date(arrivedAt.getTime() + (i * 7 + 13) * 60_000);
        await t.ctx.db
          .update(trips)
          .set({ pickupTerminalId: codes[placeOf[i]!]!, latestStatus: 'LOADED', latestStatusAt: loadedAt })
          .where(eq(trips.id, trip.id));
        await t.ctx.db.insert(tripStatusLogs).values([
          { tripId: trip.id, status: 'STARTED', at: new Date(arrivedAt.getTime() - 3_600_000) },
          { tripId: trip.id, status: 'AT_PICKUP_LOCATION', at: arrivedAt },
          { tripId: trip.id, status: 'LOADED', at: loadedAt },
        ]);
      }
    });

    it('charts the first ten places by loadings, and the rest as Others with their own average', async () => {
      const res = await call(t.app, 'GET', URL, undefined, { token: many.accessToken });
      const want = expectedRows(await w.tripsOfCustomer(many.company.id));
      expect(want).toHaveLength(14);
      const chart = expectedChart(want);
      expect(chart).toHaveLength(11);
      expect(chart.at(-1)!.pickupPlace).toBe('Others');
      expect(res.body.chart.points).toEqual(chart);
    });
  });

  it('pages by offset and exports by keyset in the same order', async () => {
    const all = await call(t.app, 'GET', `${URL}&size=100`, undefined, { token: w.customer.accessToken });
    const paged = [];
    for (let page = 0; page * 3 < all.body.page.totalElements; page++) {
      const res = await call(t.app, 'GET', `${URL}&size=3&page=${page}`, undefined, {
        token: w.customer.accessToken,
      });
      paged.push(...res.body.page.content);
    }
    expect(paged).toEqual(all.body.page.content);
    const input = reportInput(
      t.ctx.db,
      { companyId: w.customer.company.id },
      reportWindow({ from: REPORT_FROM, to: REPORT_TO }),
    );
    for (const batchRows of [1, 4]) {
      const batches = [];
      for await (const batch of loadoutBatches(input, batchRows)) batches.push(batch);
      expect(batches.flat()).toEqual(all.body.page.content);
    }
  });

  it('shows another customer only its own loadings, and the report to no transporter or admin', async () => {
    const res = await call(t.app, 'GET', `${URL}&size=100`, undefined, {
      token: w.otherCustomer.accessToken,
    });
    expect(res.status).toBe(200);
    const theirs = expectedRows(await w.tripsOfCustomer(w.otherCustomer.company.id));
    expect(theirs.length).toBe(2);
    expect(res.body.page.content).toEqual(tableOf(theirs));
    for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.admin.accessToken]) {
      for (const url of [URL, `/api/v1/reports/loadout/export?format=xlsx&${REPORT_RANGE}`]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('answers a range without loadings with zeros and N/A', async () => {
    const res = await call(t.app, 'GET', '/api/v1/reports/loadout?from=2024-01-01&to=2024-03-31', undefined, {
      token: w.customer.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.page).toMatchObject({ content: [], totalElements: 0 });
    expect(
      Object.fromEntries(res.body.summary.map((f: { key: string; value: unknown }) => [f.key, f.value])),
    ).toEqual({
      loadings: 0,
      averageWait: null,
      medianWait: null,
      longestWait: null,
      onTimePickup: null,
      geofenceArrivals: null,
    });
    expect(res.body.chart.points).toEqual([]);
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=24/11/2026&to=2026-12-01', 'query.from'],
      ['from=2024-11-23&to=2026-11-24', 'query.to'],
    ];
    for (const [query, field] of cases) {
      for (const url of [
        `/api/v1/reports/loadout?${query}`,
        `/api/v1/reports/loadout/export?format=xlsx&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: w.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports every row as XLSX, with hours as numbers and times as Lagos dates', async () => {
    const page = await call(t.app, 'GET', `${URL}&size=100`, undefined, { token: w.customer.accessToken });
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/loadout/export?format=xlsx&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${w.customer.accessToken}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(
      `loadout-report-${REPORT_FROM}-to-${REPORT_TO}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload.buffer.slice(xlsx.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Loadout report')!;
    const rows = page.body.page.content as Record<string, string | number | null>[];
    expect(sheet.rowCount).toBe(rows.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(page.body.columns.map((c: { label: string }) => c.label));
    const column = (key: string) => page.body.columns.findIndex((c: { key: string }) => c.key === key) + 1;
    rows.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(column('trip')).value).toBe(row.trip);
      expect(cells.getCell(column('pickupPlace')).value).toBe(row.pickupPlace);
      const wait = cells.getCell(column('waitAtLoadout')).value;
      expect(wait === null || wait === undefined ? null : wait).toBe(row.waitAtLoadout);
      const loaded = cells.getCell(column('loaded')).value as Date;
      // Spreadsheets have no zones: the cell holds the Lagos wall clock.
      expect(loaded.getTime()).toBe(Date.parse(row.loaded as string) + 3_600_000);
    });
  });
});
