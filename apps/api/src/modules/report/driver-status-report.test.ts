import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, EXPIRY_STATUS_LABELS, expiringWithin, TRIP_STATUS_LABELS } from '@freightlane/domain';
import { terminals } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  activeInterval,
  dayFigures,
  daysFromTo,
  lagosDayStart,
  RANGE,
  RANGE_FROM as FROM,
  RANGE_TO as TO,
  transporterReportWorld,
  type TransporterReportWorld,
} from '../../test/transporter-report-world';

const STATUS_ORDER = ['On trip', 'Assigned', 'Available', 'Off'];

type Row = Record<string, string | number | null>;

describe('the driver status report', () => {
  let t: TestApp;
  let world: TransporterReportWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterReportWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const read = (token: string, query = `${RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/driver-status?${query}`, undefined, { token });

  /** The table and figures computed another way: every driver and trip read as rows, each day checked here. */
  async function expected(companyId: string) {
    const now = new Date();
    const fromAt = lagosDayStart(FROM).getTime();
    const toAt = lagosDayStart(TO).getTime() + DAY_MS;
    const tripRows = await world.tripsOf(companyId);
    const places = await t.ctx.db.select().from(terminals);
    const fleet = await world.trucksOf(companyId);
    const end = (terminalId: string | null, address: { state: string } | null) =>
      terminalId ? places.find((p) => p.id === terminalId)!.name : `${address!.state} (address)`;
    const crew = (await world.driversOf(companyId)).map((driver) => {
      const mine = tripRows.filter((r) => r.trip.driverId === driver.id);
      const intervals = mine
        .map((r) => activeInterval(r, now))
        .filter((i) => i !== null && i.start.getTime() < toAt && i.end.getTime() > fromAt) as {
        start: Date;
        end: Date;
      }[];
      const figures = dayFigures(driver, intervals, FROM, TO, now);
      const live = mine.find((r) => !r.trip.completed && !r.trip.cancelledAt);
      const trip = live?.trip;
      const status = !driver.active
        ? 'Off'
        : !trip
          ? 'Available'
          : trip.latestStatus === null
            ? 'Assigned'
            : 'On trip';
      const ended = mine
        .filter((r) => r.trip.completed || (r.trip.cancelledAt && r.startedAt))
        .map((r) => (r.trip.completed ? r.trip.latestStatusAt! : r.trip.cancelledAt!).getTime());
      const location = trip?.currentLocation;
      const row: Row = {
        driver: `${driver.firstName} ${driver.lastName}`,
        phone: driver.phoneNumber,
        status,
        currentTrip: trip?.tripNumber ?? null,
        stage: trip ? (trip.latestStatus ? TRIP_STATUS_LABELS[trip.latestStatus] : 'Awaiting start') : null,
        timeInStage: trip?.latestStatusAt
          ? Math.round((now.getTime() - trip.latestStatusAt.getTime()) / 360_000) / 10
          : null,
        customer: live?.customer ?? null,
        lane: trip
          ? `${end(trip.pickupTerminalId, trip.pickupAddress)} → ${end(trip.recipientTerminalId, trip.recipientAddress)}`
          : null,
        truck: fleet.find((truck) => truck.id === trip?.truckId)?.registrationNumber ?? null,
        lastLocation: location
          ? [location.state, location.lga, location.description].filter(Boolean).join(', ')
          : null,
        lastTripEnded: ended.length === 0 ? null : new Date(Math.max(...ended)).toISOString(),
        tripsInRange: intervals.length,
        daysOnTrip: figures.onTripDays.length,
        availableDays: figures.available,
        licenceState: EXPIRY_STATUS_LABELS[expiringWithin(driver.licenceExpiresOn, 30, now)],
      };
      return { driver, figures, row };
    });
    crew.sort(
      (a, b) =>
        STATUS_ORDER.indexOf(a.row.status as string) - STATUS_ORDER.indexOf(b.row.status as string) ||
        (a.row.driver! < b.row.driver! ? -1 : a.row.driver! > b.row.driver! ? 1 : 0),
    );
    const active = crew.filter((c) => c.driver.active);
    const count = (status: string) => crew.filter((c) => c.row.status === status).length;
    return {
      rows: crew.map((c) => c.row),
      summary: {
        drivers: crew.length,
        onTrip: count('On trip'),
        assigned: count('Assigned'),
        available: count('Available'),
        off: count('Off'),
        licencesExpired: active.filter((c) => c.row.licenceState === 'Expired').length,
        daysOnTrip: crew.reduce((s, c) => s + c.figures.onTripDays.length, 0),
      },
      chart: daysFromTo(FROM, TO).map((period) => {
        const onTrip = active.filter((c) => c.figures.onTripDays.includes(period)).length;
        return {
          period,
          onTrip,
          free: active.filter((c) => c.figures.days.includes(period)).length - onTrip,
        };
      }),
    };
  }

  /** Rows without the time in stage, which moves with the clock between the request and the check. */
  const steady = (rows: Row[]) => rows.map(({ timeInStage: _, ...rest }) => rest);
  const figures = (body: Record<string, any>) =>
    Object.fromEntries((body.summary as { key: string; value: unknown }[]).map((f) => [f.key, f.value]));

  it('equals the drivers and their trips counted day by day: rows, figures and chart', async () => {
    const res = await read(world.owner.accessToken);
    expect(res.status).toBe(200);
    const want = await expected(world.owner.company.id);
    expect(steady(res.body.page.content)).toEqual(steady(want.rows));
    for (const [i, row] of want.rows.entries()) {
      const got = res.body.page.content[i].timeInStage;
      if (row.timeInStage === null) expect(got).toBeNull();
      else expect(Math.abs(got - (row.timeInStage as number))).toBeLessThanOrEqual(0.1);
    }
    expect(figures(res.body)).toEqual(want.summary);
    expect(res.body.chart.points).toEqual(want.chart);

    const [chinedu, emeka, funke, ifeanyi, garba, halima] = res.body.page.content;
    expect([chinedu, emeka, funke, ifeanyi, garba, halima].map((r) => [r.driver, r.status])).toEqual([
      ['Chinedu Okeke', 'On trip'],
      ['Emeka Nwosu', 'Assigned'],
      ['Funke Adebayo', 'Available'],
      ['Ifeanyi Eze', 'Available'],
      ['Garba Sule', 'Off'],
      ['Halima Bello', 'Off'],
    ]);
    expect(chinedu).toMatchObject({
      currentTrip: world.trips.trip3.tripNumber,
      stage: 'Container(s) Loaded',
      customer: 'Ikeja Breweries Ltd',
      lane: `${world.terminal.name} → Lagos (address)`,
      truck: world.trucks.TA1.registrationNumber,
      lastLocation: 'Lagos, Apapa, Wharf Road',
      // Trip 7 (5 days in range, ended 25 days ago) and trip 3 (under way for 4 days).
      tripsInRange: 2,
      daysOnTrip: 9,
      availableDays: 30,
    });
    expect(chinedu.timeInStage).toBeGreaterThan(24);
    expect(emeka).toMatchObject({ stage: 'Awaiting start', timeInStage: null, licenceState: 'Expired' });
    // Garba's last trip ended when trip 5, which had set off, was cancelled.
    expect(garba).toMatchObject({ daysOnTrip: 4, availableDays: null });
    expect(garba.lastTripEnded).toBe(
      (await world.tripsOf(world.owner.company.id))
        .find((r) => r.trip.id === world.trips.trip5.id)!
        .trip.cancelledAt!.toISOString(),
    );
    expect(ifeanyi).toMatchObject({ availableDays: 6, daysOnTrip: 0, lastTripEnded: null });
    expect(figures(res.body)).toMatchObject({ drivers: 6, off: 2, licencesExpired: 1, daysOnTrip: 18 });
  });

  it('shows the fleet manager what the owner sees, page by page in a stable order', async () => {
    const owner = await read(world.owner.accessToken);
    const manager = await read(world.fleetManager.accessToken);
    expect(manager.status).toBe(200);
    expect(figures(manager.body)).toEqual(figures(owner.body));
    expect(manager.body.chart).toEqual(owner.body.chart);
    expect(steady(manager.body.page.content)).toEqual(steady(owner.body.page.content));
    const pages: Row[] = [];
    for (let page = 0; page < 2; page++) {
      const res = await read(world.fleetManager.accessToken, `${RANGE}&size=4&page=${page}`);
      expect(res.body.page.totalElements).toBe(6);
      pages.push(...res.body.page.content);
    }
    expect(steady(pages)).toEqual(steady(owner.body.page.content));
  });

  it('shows another transporter only its own drivers, and customers and admins no report', async () => {
    const res = await read(world.other.accessToken);
    expect(res.status).toBe(200);
    expect(steady(res.body.page.content)).toEqual(steady((await expected(world.other.company.id)).rows));
    expect(res.body.page.content.map((r: Row) => r.driver)).toEqual(['Jide Ola']);
    expect(res.body.page.content[0]).toMatchObject({ status: 'Available', tripsInRange: 1, daysOnTrip: 2 });
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.customer.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/driver-status?${RANGE}`,
        `/api/v1/reports/driver-status/export?format=csv&${RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    for (const [query, field] of [
      [`from=${TO}&to=${FROM}`, 'query.to'],
      [`from=2026-02-29&to=${TO}`, 'query.from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
    ] as const) {
      for (const url of [
        `/api/v1/reports/driver-status?${query}`,
        `/api/v1/reports/driver-status/export?format=pdf&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.owner.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports every driver as CSV and PDF', async () => {
    const page = await read(world.owner.accessToken);
    const download = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/driver-status/export?format=${format}&${RANGE}`,
        headers: { authorization: `Bearer ${world.fleetManager.accessToken}` },
      });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`driver-status-report-${FROM}-to-${TO}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Driver,Phone,Status now,Current trip,Stage,Time in stage (h),Customer,Lane,Truck,Last location,Last trip ended,Trips in range,Days on trip,Available days,Licence state',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      page.body.page.content.map((r: Row) => r.driver),
    );
    // A phone number starts with +, which a spreadsheet would run as a formula.
    expect(lines[1]!.split(',')[1]).toBe(`'${page.body.page.content[0].phone}`);
    expect(lines[1]).toContain(`${world.terminal.name} → Lagos (address)`);

    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Driver status report');
    expect(text).toContain('Apapa Haulage Ltd');
    // The PDF keeps the columns a page holds: every driver's name in full, the phone left to CSV and XLSX.
    for (const r of page.body.page.content) expect(text).toContain(r.driver);
    expect(text).not.toContain('Phone');
  });
});
