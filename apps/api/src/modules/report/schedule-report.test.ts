import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateInDays, locationText, TRIP_STATUS_LABELS, type TripStatus } from '@freightlane/domain';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { transporterTripsWorld, type TransporterTripsWorld } from '../../test/transporter-trips-world';
import { reportInput } from './report-definition';
import { reportWindow } from './report-window';
import { scheduleRows, type ScheduleKey } from './schedule-report.repository';

// The schedule looks both ways: ten days back (overdue pickups) and twenty ahead.
const FROM = lagosDateInDays(-10);
const TO = lagosDateInDays(20);
const RANGE = `from=${FROM}&to=${TO}`;

describe('the schedule report', () => {
  let t: TestApp;
  let world: TransporterTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterTripsWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const report = (token: string, query = RANGE) =>
    call(t.app, 'GET', `/api/v1/reports/schedule?${query}&size=100`, undefined, { token });

  /** The events worked out another way: every trip of the transporter read and filtered here. */
  async function expected() {
    const rows = await world.tripsOf();
    const logs = await world.liveLogsOf(rows.map((r) => r.trip.id));
    const plates = new Map((await world.trucksOf()).map((x) => [x.id, x.registrationNumber]));
    const names = new Map((await world.driversOf()).map((d) => [d.id, `${d.firstName} ${d.lastName}`]));
    const terminals = await world.terminalsById();
    const today = lagosDateInDays(0);
    const live = rows.filter((r) => !r.trip.completed && r.trip.cancelledAt === null);
    const inRange = (d: string | null): d is string => d !== null && d >= FROM && d <= TO;
    const place = (terminalId: string | null, address: { city: string; state: string } | null) =>
      locationText({ terminal: terminalId ? terminals.get(terminalId) : null, address });
    const arrived = (tripId: string) =>
      logs.some(
        (l) =>
          l.tripId === tripId && (l.status === 'AT_PICKUP_LOCATION' || l.status === 'AT_WAREHOUSE_LOCATION'),
      );
    const events = live.flatMap((r) =>
      (
        [
          [0, r.trip.pickupDate],
          [1, r.trip.expectedDeliveryDate],
        ] as const
      )
        .filter(([, d]) => inRange(d))
        .map(([kind, date]) => ({ kind, date: date!, r })),
    );
    const truckOf = (e: (typeof events)[number]) => (e.r.trip.truckId ? plates.get(e.r.trip.truckId)! : null);
    events.sort(
      (x, y) =>
        x.date.localeCompare(y.date) ||
        Number(truckOf(x) === null) - Number(truckOf(y) === null) ||
        (truckOf(x) ?? '').localeCompare(truckOf(y) ?? '') ||
        x.kind - y.kind ||
        x.r.trip.tripNumber.localeCompare(y.r.trip.tripNumber),
    );
    const content = events.map((e) => ({
      date: e.date,
      event: e.kind === 0 ? 'Pickup' : 'Delivery',
      truck: truckOf(e),
      driver: e.r.trip.driverId ? names.get(e.r.trip.driverId)! : null,
      trip: e.r.trip.tripNumber,
      status: e.r.trip.latestStatus
        ? TRIP_STATUS_LABELS[e.r.trip.latestStatus as TripStatus]
        : 'Awaiting start',
      customer: e.r.customer,
      clientName: e.r.clientName,
      cargo: e.r.containerNumber ?? e.r.description,
      from: place(e.r.trip.pickupTerminalId, e.r.trip.pickupAddress),
      to: place(e.r.trip.recipientTerminalId, e.r.trip.recipientAddress),
      arrivedAtPickup: e.kind === 0 ? (arrived(e.r.trip.id) ? 'Yes' : 'No') : null,
    }));
    const tripsAmong = (keep: (e: (typeof events)[number]) => boolean) =>
      new Set(events.filter(keep).map((e) => e.r.trip.id)).size;
    return {
      content,
      summary: {
        pickups: events.filter((e) => e.kind === 0).length,
        deliveries: events.filter((e) => e.kind === 1).length,
        withoutTruck: tripsAmong((e) => e.r.trip.truckId === null),
        withoutDriver: tripsAmong((e) => e.r.trip.driverId === null),
        pickupsOverdue: events.filter((e) => e.kind === 0 && e.date < today && !arrived(e.r.trip.id)).length,
        withoutExpectedDelivery: live.filter((r) => r.trip.expectedDeliveryDate === null).length,
      },
    };
  }

  it('lists the live trips’ pickups and deliveries in range as the trips themselves say', async () => {
    const res = await report(world.transporter.accessToken);
    expect(res.status).toBe(200);
    const want = await expected();
    // Non-trivial: pickups and deliveries, assigned and not, one overdue; completed, cancelled and
    // out-of-range trips left out.
    expect(want.content.length).toBeGreaterThanOrEqual(6);
    expect(want.summary.pickupsOverdue).toBe(1);
    expect(want.summary.withoutTruck).toBe(1);
    const numbers = want.content.map((r) => r.trip);
    for (const gone of [world.trips.a1, world.trips.f10, world.trips.n12, world.trips.c6]) {
      if (gone === world.trips.c6) {
        // Its pickup is 35 days back; only its expected delivery (in three days) is an event.
        expect(want.content.filter((r) => r.trip === gone.tripNumber).map((r) => r.event)).toEqual([
          'Delivery',
        ]);
      } else expect(numbers).not.toContain(gone.tripNumber);
    }
    expect(res.body.page.content).toEqual(want.content);
    expect(res.body.page.totalElements).toBe(want.content.length);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key)?.value;
    for (const [key, value] of Object.entries(want.summary)) expect(figure(key)).toBe(value);

    const points = res.body.chart.points as { period: string; pickups: number; deliveries: number }[];
    expect(points).toHaveLength(31);
    expect(points[0]!.period).toBe(FROM);
    for (const p of points) {
      expect(p.pickups).toBe(want.content.filter((r) => r.event === 'Pickup' && r.date === p.period).length);
      expect(p.deliveries).toBe(
        want.content.filter((r) => r.event === 'Delivery' && r.date === p.period).length,
      );
    }

    // The fleet manager reads exactly what the owner reads.
    const asManager = await report(world.fleetManager.accessToken);
    expect(asManager.body.page.content).toEqual(res.body.page.content);
  });

  it('pages by offset and by keyset alike, never overlapping', async () => {
    const all = (await report(world.transporter.accessToken)).body.page.content;
    const input = reportInput(
      t.ctx.db,
      { companyId: world.transporter.company.id },
      reportWindow({ from: FROM, to: TO }),
    );
    const byKeyset: string[] = [];
    let after: ScheduleKey | null = null;
    for (;;) {
      const batch = await scheduleRows(input, 2, 0, after);
      byKeyset.push(...batch.map((r) => `${r.date} ${r.kind} ${r.tripNumber}`));
      if (batch.length < 2) break;
      after = batch.at(-1)!;
    }
    expect(byKeyset).toEqual(
      all.map((r: Record<string, string>) => `${r.date} ${r.event === 'Pickup' ? 0 : 1} ${r.trip}`),
    );
    const second = await call(t.app, 'GET', `/api/v1/reports/schedule?${RANGE}&size=2&page=1`, undefined, {
      token: world.transporter.accessToken,
    });
    expect(second.body.page.content).toEqual(all.slice(2, 4));
  });

  it('shows another transporter only its own events, and no customer or admin the report', async () => {
    const res = await report(world.otherTransporter.accessToken);
    expect(res.status).toBe(200);
    const mine = new Set((await world.tripsOf()).map((r) => r.trip.tripNumber));
    const theirs = res.body.page.content.map((r: { trip: string }) => r.trip);
    expect(theirs).toContain(world.otherTrips.live.tripNumber);
    expect(theirs.some((n: string) => mine.has(n))).toBe(false);
    for (const token of [world.customer.accessToken, world.admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/schedule?${RANGE}`,
        `/api/v1/reports/schedule/export?format=csv&${RANGE}`,
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
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
      ['from=2026-02-30&to=2026-03-02', 'query.from'],
    ]) {
      const res = await report(world.transporter.accessToken, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
  });

  it('exports the events as a PDF and a CSV', async () => {
    const page = (await report(world.transporter.accessToken)).body;
    const download = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/schedule/export?format=${format}&${RANGE}`,
        headers: { authorization: `Bearer ${world.transporter.accessToken}` },
      });
    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Schedule report');
    for (const row of page.page.content) expect(text).toContain(row.trip);
    const csv = (await download('csv')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'Date,Event,Truck,Driver,Trip,Status now,Customer,Client name,Cargo,From,To,Arrived at pickup',
    );
    expect(csv.slice(1).map((line) => line.split(',')[4])).toEqual(
      page.page.content.map((r: { trip: string }) => r.trip),
    );
  });
});
