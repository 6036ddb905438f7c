import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripCallUp, TripMoney } from '@freightlane/domain';
import {
  notifications,
  terminals,
  tripCallUps,
  trips,
  tripStatusLogs,
  truckPositions,
} from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { alertClosingCallUps, measureCallUps } from './call-up.service';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('the Eto call-up: tickets, windows, alerts and waits', () => {
  let t: TestApp;
  let w: TripWorld;
  let tinCanBay: typeof terminals.$inferSelect;
  let lilypond: typeof terminals.$inferSelect;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    tinCanBay = (await t.ctx.db.select().from(terminals).where(eq(terminals.code, 'TTP-TINCAN')))[0]!;
    lilypond = (await t.ctx.db.select().from(terminals).where(eq(terminals.code, 'LILYPOND-IJORA')))[0]!;
  });
  afterAll(() => t.close());

  const owner = () => w.transporter.accessToken;
  const read = async (tripId: string, token = owner()) => {
    const res = await call(t.app, 'GET', `/api/v1/trips/${tripId}/call-up`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as TripCallUp;
  };
  const record = (tripId: string, body: Record<string, unknown>, token = owner()) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/call-ups`, body, { token });
  const ticket = (overrides: Record<string, unknown> = {}) => ({
    ticketNumber: 'ETO-APP-4471203',
    holdingBayId: tinCanBay.id,
    validFrom: new Date(Date.now() - HOUR).toISOString(),
    validUntil: new Date(Date.now() + 10 * HOUR).toISOString(),
    costKobo: 1_500_000,
    ...overrides,
  });
  const alertsOf = async (userId: string, ticketNumber: string) => {
    await t.ctx.jobs.drain();
    return t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, 'TRIP_ALERT'),
          like(notifications.body, `%${ticketNumber}%`),
        ),
      );
  };

  it('records a ticket for an Apapa pickup, with the driver’s cost as a call-up expense', async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    const before = await read(trip.id);
    expect(before).toMatchObject({
      terminal: { name: 'APM Terminals Apapa' },
      closedBecause: null,
      tickets: [],
    });
    expect(before.holdingBays.map((b) => b.name)).toContain('Tin Can Island Truck Transit Park');

    const res = await record(trip.id, ticket({ paidByDriver: true }));
    expect(res.status).toBe(201);
    const after = res.body as TripCallUp;
    expect(after.tickets).toHaveLength(1);
    expect(after.tickets[0]).toMatchObject({
      ticketNumber: 'ETO-APP-4471203',
      terminal: { name: 'APM Terminals Apapa' },
      holdingBay: { id: tinCanBay.id },
      costKobo: 1_500_000,
      state: 'OPEN',
    });
    const money = (await call(t.app, 'GET', `/api/v1/trips/${trip.id}/money`, undefined, { token: owner() }))
      .body as TripMoney;
    expect(money.expenses).toMatchObject([
      {
        id: after.tickets[0]!.expenseId,
        kind: 'CALL_UP',
        amountKobo: 1_500_000,
        status: 'APPROVED',
        note: 'Call-up ticket ETO-APP-4471203',
      },
    ]);
    // A re-booked window is a new ticket, the current one; the office paid this one.
    const again = await record(
      trip.id,
      ticket({ ticketNumber: 'ETO-APP-4471999', holdingBayId: lilypond.id, paidByDriver: false }),
    );
    expect((again.body as TripCallUp).tickets.map((x) => x.ticketNumber)).toEqual([
      'ETO-APP-4471999',
      'ETO-APP-4471203',
    ]);
    expect(
      (
        (await call(t.app, 'GET', `/api/v1/trips/${trip.id}/money`, undefined, { token: owner() }))
          .body as TripMoney
      ).expenses,
    ).toHaveLength(1);
  });

  it('refuses a ticket it cannot use, naming the field, and writes nothing', async () => {
    const trip = await w.newTrip();
    const cases: [Record<string, unknown>, string][] = [
      [{ validUntil: new Date(Date.now() - 2 * HOUR).toISOString() }, 'validUntil'],
      [{ validUntil: new Date(Date.now() + 80 * HOUR).toISOString() }, 'validUntil'],
      [
        {
          validFrom: new Date(Date.now() + 40 * 24 * HOUR).toISOString(),
          validUntil: new Date(Date.now() + 40 * 24 * HOUR + HOUR).toISOString(),
        },
        'validFrom',
      ],
      [{ ticketNumber: 'ETO\u0000123' }, 'ticketNumber'],
      [{ ticketNumber: 'x'.repeat(1_000_000) }, 'ticketNumber'],
      [{ costKobo: -5 }, 'costKobo'],
      [{ costKobo: 'free' }, 'costKobo'],
      [{ holdingBayId: 'not-a-uuid' }, 'holdingBayId'],
      // A port terminal is no holding bay.
      [
        {
          holdingBayId: (await t.ctx.db.select().from(terminals).where(eq(terminals.code, 'APMT-APAPA')))[0]!
            .id,
        },
        'holdingBayId',
      ],
      [{ validFrom: 'tomorrow' }, 'validFrom'],
    ];
    for (const [overrides, field] of cases) {
      const res = await record(trip.id, ticket(overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // The driver paid nothing: there is no cost to put on the trip, and no driver either.
    expect((await record(trip.id, ticket({ paidByDriver: true, costKobo: 0 }))).status).toBe(400);
    expect((await record(trip.id, ticket({ paidByDriver: true }))).status).toBe(409);
    expect(await t.ctx.db.select().from(tripCallUps).where(eq(tripCallUps.tripId, trip.id))).toEqual([]);
  });

  it('takes no ticket for a pickup away from the ports, nor once the truck is at the terminal', async () => {
    const onne = (await t.ctx.db.select().from(terminals).where(eq(terminals.code, 'WACT-ONNE')))[0]!;
    const away = await w.newTrip({ pickup: { kind: 'TERMINAL', terminalId: onne.id } });
    expect((await read(away.id)).closedBecause).toBe(
      'A call-up is for pickups at the Apapa and Tin Can Island port terminals',
    );
    const refused = await record(away.id, ticket());
    expect(refused.status).toBe(409);

    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'AT_PICKUP_LOCATION');
    expect((await record(trip.id, ticket())).body.message).toBe(
      'The truck has reached the terminal: its call-up is behind it',
    );
  });

  it('answers the customer 403, another transporter 404, and lets an admin read only', async () => {
    const trip = await w.newTrip();
    expect(
      (
        await call(t.app, 'GET', `/api/v1/trips/${trip.id}/call-up`, undefined, {
          token: w.customer.accessToken,
        })
      ).status,
    ).toBe(403);
    expect((await record(trip.id, ticket(), w.customer.accessToken)).status).toBe(403);
    expect(
      (
        await call(t.app, 'GET', `/api/v1/trips/${trip.id}/call-up`, undefined, {
          token: w.otherTransporter.accessToken,
        })
      ).status,
    ).toBe(404);
    expect((await record(trip.id, ticket(), w.otherTransporter.accessToken)).status).toBe(404);
    expect((await read(trip.id, w.admin.accessToken)).closedBecause).toMatch(/Admins read/);
    expect((await record(trip.id, ticket(), w.admin.accessToken)).status).toBe(403);
    // The fleet manager records as the owner does.
    expect((await record(trip.id, ticket(), w.fleetManager.accessToken)).status).toBe(201);
  });

  it('tells the transporter 12 hours and 2 hours before the window closes, once each, never the customer', async () => {
    const trip = await w.newTrip();
    await record(trip.id, ticket({ ticketNumber: 'ETO-ALERT-1' }));
    const now = Date.now();
    // 10 hours left: the 12-hour alert, once.
    expect(await alertClosingCallUps(t.ctx, new Date(now))).toBeGreaterThanOrEqual(1);
    await alertClosingCallUps(t.ctx, new Date(now + MINUTE));
    const first = await alertsOf(w.transporter.user.id, 'ETO-ALERT-1');
    expect(first).toHaveLength(1);
    expect(first[0]!.title).toBe(`${trip.tripNumber}: call-up window closes in 12 hours`);
    expect(first[0]!.link).toBe(`/trips/${trip.id}#call-up`);
    // 1 hour 30 left: the 2-hour alert, once.
    await alertClosingCallUps(t.ctx, new Date(now + 8.5 * HOUR));
    await alertClosingCallUps(t.ctx, new Date(now + 9 * HOUR));
    const both = await alertsOf(w.transporter.user.id, 'ETO-ALERT-1');
    expect(both.map((n) => n.title).sort()).toEqual([
      `${trip.tripNumber}: call-up window closes in 12 hours`,
      `${trip.tripNumber}: call-up window closes in 2 hours`,
    ]);
    expect(await alertsOf(w.customer.user.id, 'ETO-ALERT-1')).toEqual([]);

    // A ticket recorded with an hour left gets the 2-hour alert only; a replaced ticket none.
    const late = await w.newTrip();
    await record(
      late.id,
      ticket({ ticketNumber: 'ETO-LATE-1', validUntil: new Date(now + HOUR).toISOString() }),
    );
    await alertClosingCallUps(t.ctx, new Date(now));
    expect((await alertsOf(w.transporter.user.id, 'ETO-LATE-1')).map((n) => n.title)).toEqual([
      `${late.tripNumber}: call-up window closes in 2 hours`,
    ]);
    const rebooked = await w.newTrip();
    await record(
      rebooked.id,
      ticket({ ticketNumber: 'ETO-OLD-1', validUntil: new Date(now + 5 * HOUR).toISOString() }),
    );
    await record(
      rebooked.id,
      ticket({ ticketNumber: 'ETO-NEW-1', validUntil: new Date(now + 30 * HOUR).toISOString() }),
    );
    await alertClosingCallUps(t.ctx, new Date(now));
    expect(await alertsOf(w.transporter.user.id, 'ETO-OLD-1')).toEqual([]);
    expect(await alertsOf(w.transporter.user.id, 'ETO-NEW-1')).toEqual([]);
  });

  it('measures the wait in the holding bay from positions and the terminal to loaded from the steps', async () => {
    const trip = await w.newTrip();
    const { truck } = await w.assignFleet(trip.id);
    const windowOpens = Date.now() - 6 * HOUR;
    await record(
      trip.id,
      ticket({
        ticketNumber: 'ETO-WAIT-1',
        validFrom: new Date(windowOpens).toISOString(),
        validUntil: new Date(windowOpens + 12 * HOUR).toISOString(),
      }),
    );
    await t.ctx.db
      .update(trips)
      .set({ truckAssignedAt: new Date(windowOpens - 10 * HOUR) })
      .where(eq(trips.id, trip.id));
    // Three hours in the Tin Can truck park, a position every five minutes within 300 m of its point, with
    // a 45-minute gap (the tracker off) that does not count; then the drive to the terminal.
    const parked = windowOpens - 4 * HOUR;
    const inBay = Array.from({ length: 45 }, (_, i) => i)
      .filter((i) => i < 20 || i >= 28)
      .map((i) => ({
        truckId: truck.id,
        companyId: truck.companyId,
        recordedAt: new Date(parked + i * 5 * MINUTE),
        latitude: tinCanBay.latitude! + (i % 3) * 0.001,
        longitude: tinCanBay.longitude! - (i % 2) * 0.001,
        source: 'SIMULATOR' as const,
      }));
    const drive = [1, 2, 3].map((k) => ({
      truckId: truck.id,
      companyId: truck.companyId,
      recordedAt: new Date(parked + (44 * 5 + k * 10) * MINUTE),
      latitude: tinCanBay.latitude! + 0.01 * k,
      longitude: tinCanBay.longitude! + 0.01 * k,
      source: 'SIMULATOR' as const,
    }));
    await t.ctx.db.insert(truckPositions).values([...inBay, ...drive]);
    // In the bay: 19 five-minute legs before the gap and 16 after it = 175 minutes.
    expect((await read(trip.id)).waits.holdingBayMinutes).toBe(175);

    await w.walkTo(trip.id, 'LOADED');
    const arrived = new Date(windowOpens + HOUR);
    const loaded = new Date(windowOpens + HOUR + 95 * MINUTE);
    for (const [status, at] of [
      ['AT_PICKUP_LOCATION', arrived],
      ['LOADED', loaded],
    ] as const) {
      await t.ctx.db
        .update(tripStatusLogs)
        .set({ at })
        .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, status)));
    }
    await measureCallUps(t.ctx);
    const [row] = await t.ctx.db.select().from(tripCallUps).where(eq(tripCallUps.tripId, trip.id));
    expect(row).toMatchObject({ holdingBayMinutes: 175, gateMinutes: 95 });
    expect(row!.measuredAt).not.toBeNull();
    const after = await read(trip.id);
    expect(after.waits).toEqual({ holdingBayMinutes: 175, gateMinutes: 95 });
    expect(after.tickets[0]!.state).toBe('USED');
    expect(after.closedBecause).toBe('The truck has reached the terminal: its call-up is behind it');

    // The call-up report: per terminal, the cost, the windows and the waits, over every ticket this file
    // recorded (their windows open from yesterday to the day after tomorrow).
    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * HOUR + HOUR).toISOString().slice(0, 10);
    const report = await call(
      t.app,
      'GET',
      `/api/v1/reports/call-up?size=50&from=${day(-3)}&to=${day(3)}`,
      undefined,
      { token: owner() },
    );
    expect(report.status).toBe(200);
    const apapa = report.body.page.content.find(
      (r: { terminal: string }) => r.terminal === 'APM Terminals Apapa',
    );
    expect(apapa.tickets).toBeGreaterThanOrEqual(1);
    const figure = (key: string) => report.body.summary.find((f: { key: string }) => f.key === key).value;
    const rows = report.body.page.content as {
      terminal: string;
      tickets: number;
      trips: number;
      cost: number;
      missed: number;
    }[];
    expect(figure('tickets')).toBe(rows.reduce((s, r) => s + r.tickets, 0));
    expect(figure('cost')).toBe(rows.reduce((s, r) => s + r.cost, 0));
    expect(figure('missed')).toBe(rows.reduce((s, r) => s + r.missed, 0));
    // Each terminal's row, counted again from the tickets themselves.
    const tickets = await t.ctx.db
      .select({
        terminal: terminals.name,
        tripId: tripCallUps.tripId,
        cost: tripCallUps.costKobo,
        validUntil: tripCallUps.validUntil,
        arrivedPickupAt: trips.arrivedPickupAt,
      })
      .from(tripCallUps)
      .innerJoin(terminals, eq(terminals.id, tripCallUps.terminalId))
      .innerJoin(trips, eq(trips.id, tripCallUps.tripId))
      .where(eq(tripCallUps.transporterCompanyId, w.transporter.company.id));
    const expected = new Map<string, { tickets: number; trips: Set<string>; cost: number; missed: number }>();
    const now = new Date();
    for (const c of tickets) {
      const row = expected.get(c.terminal) ?? { tickets: 0, trips: new Set(), cost: 0, missed: 0 };
      row.tickets += 1;
      row.trips.add(c.tripId);
      row.cost += c.cost;
      const missed = c.arrivedPickupAt ? c.arrivedPickupAt > c.validUntil : c.validUntil <= now;
      if (missed) row.missed += 1;
      expected.set(c.terminal, row);
    }
    expect(tickets.length).toBeGreaterThan(3);
    expect(
      rows.map((r) => ({
        terminal: r.terminal,
        tickets: r.tickets,
        trips: r.trips,
        cost: r.cost,
        missed: r.missed,
      })),
    ).toEqual(
      [...expected]
        .map(([terminal, r]) => ({
          terminal,
          tickets: r.tickets,
          trips: r.trips.size,
          cost: r.cost,
          missed: r.missed,
        }))
        .sort((a, b) => b.cost - a.cost || a.terminal.localeCompare(b.terminal)),
    );
    expect(apapa.holdingBayHours).toBe(2.9);
    expect(apapa.gateHours).toBe(1.6);
  });
});
