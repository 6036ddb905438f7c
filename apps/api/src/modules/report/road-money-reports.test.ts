import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_COMMISSION_BASIS_POINTS,
  lagosDateInDays,
  shareOf,
  type TripMoney,
} from '@freightlane/domain';
import { invoices, platformSettings, trips } from '../../db/schema';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { SAMPLE_FILES, uploadAs } from '../../test/multipart';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const TODAY = lagosDateInDays(0);
const RANGE = `from=${lagosDateInDays(-29)}&to=${TODAY}`;
/** The same range ending yesterday: everything recorded today is after it. */
const UNTIL_YESTERDAY = `from=${lagosDateInDays(-29)}&to=${lagosDateInDays(-1)}`;
const LATER_RATE = 750;

type Row = Record<string, string | number | null>;
interface Report {
  summary: { key: string; value: number | null }[];
  chart: { series: { key: string }[]; points: Row[] };
  page: { content: Row[]; totalElements: number };
}

const figure = (report: Report, key: string) => report.summary.find((f) => f.key === key)?.value;
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;

describe('the road money reports: trip profit, expenses, driver balances', () => {
  let t: TestApp;
  let world: TripWorld;
  /** Trip A: paid at 5 %, diesel and a toll approved, a road payment rejected, settled. */
  let a: Awaited<ReturnType<typeof driverOnTripWithLink>>;
  /** Trip B: a repair above its haulage (a loss) and a levy waiting for review. */
  let b: Awaited<ReturnType<typeof driverOnTripWithLink>>;
  /** Trip C: still on the road, a toll approved, and a fuel top-up spent ten days ago. */
  let c: Awaited<ReturnType<typeof driverOnTripWithLink>>;
  let repairKobo: number;

  const owner = () => world.transporter.accessToken;
  const read = async (kind: string, query = RANGE, token = owner()) => {
    const res = await call(t.app, 'GET', `/api/v1/reports/${kind}?${query}&size=100`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as Report;
  };
  const office = (tripId: string, fields: Record<string, string>) =>
    uploadAs(t, `/api/v1/trips/${tripId}/expenses`, owner(), fields);
  const fromDriver = async (base: string, fields: Record<string, string>, withReceipt = false) => {
    const file = withReceipt
      ? { fileName: 'receipt.jpg', content: SAMPLE_FILES.jpeg(), contentType: 'image/jpeg' }
      : undefined;
    const res = await uploadAs(
      t,
      `${base}/expenses`,
      undefined,
      { clientActionId: randomUUID(), ...fields },
      file,
    );
    expect(res.status).toBe(201);
  };
  const money = async (tripId: string) =>
    (await call(t.app, 'GET', `/api/v1/trips/${tripId}/money`, undefined, { token: owner() }))
      .body as TripMoney;
  const review = async (tripId: string, kind: string, body: Record<string, unknown>) => {
    const expense = (await money(tripId)).expenses.find((e) => e.kind === kind)!;
    const res = await call(t.app, 'POST', `/api/v1/trips/${tripId}/expenses/${expense.id}/review`, body, {
      token: owner(),
    });
    expect(res.status).toBe(200);
  };
  const tripRow = async (id: string) => (await t.ctx.db.select().from(trips).where(eq(trips.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
    [a, b, c] = [
      await driverOnTripWithLink(t, world),
      await driverOnTripWithLink(t, world),
      await driverOnTripWithLink(t, world),
    ];

    // A: ₦100,000 advance; 200 litres at ₦1,250 bought by the office; a ₦5,000 toll with its receipt
    // approved; a ₦2,000 road payment rejected.
    expect(
      (
        await call(
          t.app,
          'POST',
          `/api/v1/trips/${a.trip.id}/advances`,
          { method: 'CASH', amountKobo: 10_000_000 },
          { token: owner() },
        )
      ).status,
    ).toBe(201);
    expect(
      (await office(a.trip.id, { kind: 'DIESEL', litres: '200', pricePerLitreKobo: '125000' })).status,
    ).toBe(201);
    await fromDriver(a.base, { kind: 'TOLL', amountKobo: '500000' }, true);
    await fromDriver(a.base, { kind: 'ROAD_PAYMENT', amountKobo: '200000' });
    await review(a.trip.id, 'TOLL', { decision: 'APPROVE' });
    await review(a.trip.id, 'ROAD_PAYMENT', { decision: 'REJECT', note: 'Not on this road' });
    await world.walkTo(a.trip.id, 'EMPTY_DROP_OFF');
    // Settled: ₦155,000 owed to the driver, ₦150,000 paid now, ₦5,000 carried.
    expect(
      (
        await call(
          t.app,
          'POST',
          `/api/v1/trips/${a.trip.id}/settlement`,
          { direction: 'TO_DRIVER', amountKobo: 15_000_000, method: 'TRANSFER', reference: 'TRF-A1' },
          { token: owner() },
        )
      ).status,
    ).toBe(201);
    // A's invoice is paid at today's 5 %; the rate then rises, and the unpaid trips take the new one.
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, a.trip.id));
    const paid = await call(
      t.app,
      'POST',
      `/api/v1/admin/invoices/${invoice!.id}/bank-transfer`,
      { reference: 'TRF-PAY-A', receivedOn: TODAY },
      { token: world.admin.accessToken },
    );
    expect(paid.status).toBe(201);
    await t.ctx.db
      .insert(platformSettings)
      .values({ id: 1, commissionBasisPoints: LATER_RATE })
      .onConflictDoUpdate({ target: platformSettings.id, set: { commissionBasisPoints: LATER_RATE } });

    // B: a repair ₦10,000 above the haulage, and a ₦3,000 levy left waiting.
    repairKobo = (await tripRow(b.trip.id)).amountKobo + 1_000_000;
    expect((await office(b.trip.id, { kind: 'REPAIR', amountKobo: String(repairKobo) })).status).toBe(201);
    await fromDriver(b.base, { kind: 'LEVY', amountKobo: '300000' });
    await world.walkTo(b.trip.id, 'EMPTY_DROP_OFF');

    // C: on the road; a ₦7,000 toll the office paid, and ₦20,000 of diesel the driver bought ten days ago.
    expect((await office(c.trip.id, { kind: 'TOLL', amountKobo: '700000' })).status).toBe(201);
    await fromDriver(c.base, {
      kind: 'DIESEL',
      litres: '16',
      pricePerLitreKobo: '125000',
      spentAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    await review(c.trip.id, 'DIESEL', { decision: 'APPROVE' });
    // An advance given to C's driver by mistake and removed counts nowhere.
    const given = await call(
      t.app,
      'POST',
      `/api/v1/trips/${c.trip.id}/advances`,
      { method: 'CASH', amountKobo: 4_000_000 },
      { token: owner() },
    );
    const advanceId = (given.body as TripMoney).advances[0]!.id;
    expect(
      (
        await call(t.app, 'DELETE', `/api/v1/trips/${c.trip.id}/advances/${advanceId}`, undefined, {
          token: owner(),
        })
      ).status,
    ).toBe(200);
  }, 180_000);
  afterAll(() => t?.close());

  it('trip profit: each completed trip’s haulage, commission at its payout’s rate or today’s, expenses and profit', async () => {
    const report = await read('trip-profit');
    const [rowA, rowB] = [await tripRow(a.trip.id), await tripRow(b.trip.id)];
    expect(rowA.payoutCommissionBps).toBe(DEFAULT_COMMISSION_BASIS_POINTS);
    const want = (trip: typeof rowA, rate: number, expenses: number, waiting: number) => {
      const commission = shareOf(trip.amountKobo, rate);
      const profit = trip.amountKobo - commission - expenses;
      return {
        trip: trip.tripNumber,
        completed: trip.latestStatusAt!.toISOString(),
        customer: 'Lekki Foods Ltd',
        haulage: trip.amountKobo,
        commissionRate: rate / 100,
        commission,
        expenses,
        waiting,
        profit,
        margin: percent(profit, trip.amountKobo),
      };
    };
    const expectedA = want(rowA, DEFAULT_COMMISSION_BASIS_POINTS, 25_000_000 + 500_000, 0);
    const expectedB = want(rowB, LATER_RATE, repairKobo, 300_000);
    // The latest completion first; C is still on the road.
    expect(report.page.content).toMatchObject([expectedB, expectedA]);
    expect(report.page.content[0]!.truck).toBe(b.truck.registrationNumber);
    expect(report.page.content[1]!.driver).toMatch(/\S+ \S+/);
    expect(report.page.totalElements).toBe(2);
    expect(expectedB.profit).toBeLessThan(0);

    // The cards are the rows' sums, and the chart's periods add up to them.
    const sum = (key: 'haulage' | 'commission' | 'expenses' | 'profit') => expectedA[key] + expectedB[key];
    expect(figure(report, 'trips')).toBe(2);
    for (const key of ['haulage', 'commission', 'expenses', 'profit'] as const) {
      expect(figure(report, key)).toBe(sum(key));
    }
    expect(figure(report, 'margin')).toBe(percent(sum('profit'), sum('haulage')));
    expect(figure(report, 'lossMaking')).toBe(1);
    expect(figure(report, 'profitPerTrip')).toBe(Math.round(sum('profit') / 2));
    const today = report.chart.points.find((p) => p.period === TODAY)!;
    expect(today).toEqual({
      period: TODAY,
      net: sum('haulage') - sum('commission'),
      expenses: sum('expenses'),
      profit: sum('profit'),
    });
    expect(report.chart.points.filter((p) => p.period !== TODAY).every((p) => p.profit === 0)).toBe(true);

    // The trip's cash card says the same profit.
    for (const [trip, row] of [
      [a.trip.id, expectedA],
      [b.trip.id, expectedB],
    ] as const) {
      expect((await money(trip)).profit.profitKobo).toBe(row.profit);
    }
    // Per truck: the truck report carries each truck's profit.
    const trucks = await read('truck');
    const truckA = trucks.page.content.find((r) => r.truck === a.truck.registrationNumber)!;
    expect(truckA).toMatchObject({ expenses: expectedA.expenses, profit: expectedA.profit });
    expect(figure(trucks, 'profit')).toBe(sum('profit'));
  });

  it('trip profit: a range without completions is empty, and the PDF lists the trips', async () => {
    const before = await read('trip-profit', `from=${lagosDateInDays(-60)}&to=${lagosDateInDays(-31)}`);
    expect(before.page.content).toEqual([]);
    expect(figure(before, 'profit')).toBe(0);
    expect(figure(before, 'margin')).toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/trip-profit/export?format=pdf&${RANGE}`,
      headers: { authorization: `Bearer ${owner()}` },
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Trip profit report');
    expect(text).toContain(a.trip.tripNumber);
    expect(text).toContain(b.trip.tripNumber);
  });

  it('expenses: every kind spent on, approved, waiting and rejected, with litres and receipts', async () => {
    const report = await read('expense');
    const diesel = 25_000_000 + 2_000_000;
    expect(report.page.content).toEqual([
      {
        kind: 'Repair',
        expenses: 1,
        approved: repairKobo,
        waiting: 0,
        rejected: 0,
        share: percent(repairKobo, repairKobo + diesel + 1_200_000),
        withoutReceipt: 1,
        litres: null,
        pricePerLitre: null,
      },
      {
        kind: 'Diesel',
        expenses: 2,
        approved: diesel,
        waiting: 0,
        rejected: 0,
        share: percent(diesel, repairKobo + diesel + 1_200_000),
        withoutReceipt: 2,
        litres: 216,
        pricePerLitre: 125_000,
      },
      {
        kind: 'Toll',
        expenses: 2,
        approved: 1_200_000,
        waiting: 0,
        rejected: 0,
        share: percent(1_200_000, repairKobo + diesel + 1_200_000),
        withoutReceipt: 1,
        litres: null,
        pricePerLitre: null,
      },
      {
        kind: 'Park or union levy',
        expenses: 1,
        approved: 0,
        waiting: 300_000,
        rejected: 0,
        share: 0,
        withoutReceipt: 1,
        litres: null,
        pricePerLitre: null,
      },
      {
        kind: 'Road payment (no receipt)',
        expenses: 1,
        approved: 0,
        waiting: 0,
        rejected: 200_000,
        share: 0,
        withoutReceipt: 1,
        litres: null,
        pricePerLitre: null,
      },
    ]);
    expect(figure(report, 'expenses')).toBe(7);
    expect(figure(report, 'approved')).toBe(repairKobo + diesel + 1_200_000);
    expect(figure(report, 'waiting')).toBe(300_000);
    expect(figure(report, 'rejected')).toBe(200_000);
    expect(figure(report, 'trips')).toBe(3);
    expect(figure(report, 'roadPayments')).toBe(0);
    expect(figure(report, 'litres')).toBe(216);
    expect(figure(report, 'pricePerLitre')).toBe(125_000);
    // One series per kind spent on; each period's approved amounts.
    expect(report.chart.series.map((s) => s.key)).toEqual([
      'DIESEL',
      'TOLL',
      'LEVY',
      'REPAIR',
      'ROAD_PAYMENT',
    ]);
    const tenDaysAgo = lagosDateInDays(-10);
    expect(report.chart.points.find((p) => p.period === tenDaysAgo)).toMatchObject({ DIESEL: 2_000_000 });
    expect(report.chart.points.find((p) => p.period === TODAY)).toMatchObject({
      DIESEL: 25_000_000,
      TOLL: 1_200_000,
      REPAIR: repairKobo,
      LEVY: 0,
    });

    // Before today only the diesel bought ten days ago.
    const earlier = await read('expense', UNTIL_YESTERDAY);
    expect(earlier.page.content.map((r) => [r.kind, r.approved])).toEqual([['Diesel', 2_000_000]]);
  });

  it('driver balances: opening, advances, expenses, settlement and closing per driver', async () => {
    const report = await read('driver-balance');
    // Drivers are told apart by phone number: the test drivers share a name.
    const byPhone = new Map(report.page.content.map((r) => [r.phoneNumber, r]));
    const rowOf = (driver: { phoneNumber: string }) => byPhone.get(driver.phoneNumber)!;
    // A: ₦255,000 approved less ₦100,000 advanced less ₦150,000 paid: ₦5,000 still owed.
    expect(rowOf(a.driver)).toMatchObject({
      opening: 0,
      advances: 10_000_000,
      approved: 25_500_000,
      paid: 15_000_000,
      closing: 500_000,
      waiting: 0,
      lastMovement: TODAY,
    });
    expect(rowOf(b.driver)).toMatchObject({
      opening: 0,
      approved: repairKobo,
      closing: repairKobo,
      waiting: 300_000,
    });
    expect(rowOf(c.driver)).toMatchObject({
      opening: 0,
      advances: 0,
      approved: 2_700_000,
      closing: 2_700_000,
    });

    // Each closing balance is the driver's running balance on the fleet page.
    for (const driver of [a.driver, b.driver, c.driver]) {
      const balance = await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}/balance`, undefined, {
        token: owner(),
      });
      expect(rowOf(driver).closing).toBe(balance.body.balanceKobo);
    }

    // The most owed first; the cards are the rows'.
    const closings = report.page.content.map((r) => Number(r.closing));
    expect(closings).toEqual([...closings].sort((x, y) => y - x));
    const total = (key: string) => report.page.content.reduce((s, r) => s + Number(r[key]), 0);
    expect(figure(report, 'owed')).toBe(closings.filter((x) => x > 0).reduce((s, x) => s + x, 0));
    expect(figure(report, 'held')).toBe(0);
    expect(figure(report, 'withBalance')).toBe(3);
    for (const key of ['advances', 'approved', 'paid', 'waiting'])
      expect(figure(report, key)).toBe(total(key));

    // Until yesterday C's driver had only the diesel of ten days ago; a range starting today opens with it.
    const earlier = await read('driver-balance', UNTIL_YESTERDAY);
    const cEarlier = earlier.page.content.find((r) => r.driver === rowOf(c.driver).driver)!;
    expect(cEarlier).toMatchObject({ opening: 0, approved: 2_000_000, closing: 2_000_000 });
    const todayOnly = await read('driver-balance', `from=${TODAY}&to=${TODAY}`);
    expect(todayOnly.page.content.find((r) => r.phoneNumber === c.driver.phoneNumber)).toMatchObject({
      opening: 2_000_000,
      approved: 700_000,
      closing: 2_700_000,
    });
  });

  it('shows another transporter none of it, and no customer or admin these reports', async () => {
    for (const kind of ['trip-profit', 'expense', 'driver-balance']) {
      const theirs = await read(kind, RANGE, world.otherTransporter.accessToken);
      expect(theirs.page.content.filter((r) => Number(r.approved ?? r.haulage ?? 0) > 0)).toEqual([]);
      for (const token of [world.customer.accessToken, world.admin.accessToken]) {
        for (const url of [
          `/api/v1/reports/${kind}?${RANGE}`,
          `/api/v1/reports/${kind}/export?format=csv&${RANGE}`,
        ]) {
          expect((await call(t.app, 'GET', url, undefined, { token })).status).toBe(404);
        }
      }
    }
  });
});
