import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema';
import { awardedOrder } from '../../test/awarded-trips';
import {
  LAGOS_ADDRESS,
  createVerifiedCustomer,
  createVerifiedTransporter,
  lagosDate,
  referenceIds,
  validContainerNumber,
} from '../../test/marketplace';
import { auditRowsOf, expectAdminOnly, fieldsOf, referenceDataCallers } from '../../test/reference-data';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { refreshLaneRatesNow } from './index';

const NAIRA = 100;

describe('rate guidance', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createVerifiedCustomer>>;
  let transporter: Awaited<ReturnType<typeof createVerifiedTransporter>>;
  let terminalId: string;
  /** The trips of the Apapa → Lagos lane, 20 ft, import, in the order they were awarded. */
  const laneTrips: string[] = [];

  const guidance = (query: Record<string, string>, token = customer.accessToken) =>
    call(t.app, 'GET', `/api/v1/rate-guidance?${new URLSearchParams(query)}`, undefined, { token });
  const apapaToLagos = () => ({
    pickupTerminalId: terminalId,
    deliveryState: 'Lagos',
    cargoType: 'IMPORT_LINER_OWNED',
    containerSize: 'FTS_20',
  });
  /** An award on the Apapa → Ikeja (Lagos) lane at `naira` a container. */
  const award = async (naira: number, overrides: Record<string, unknown> = {}) => {
    const { order } = await awardedOrder(t, customer, transporter, overrides, naira * NAIRA);
    return order.trips.map((trip: { id: string }) => trip.id) as string[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t);
    transporter = await createVerifiedTransporter(t);
    terminalId = (await referenceIds(t)).terminalId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows no band before five awards on the lane, and counts them', async () => {
    let res = await guidance(apapaToLagos());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ awards: 0, band: null, windowDays: 90, minimumAwards: 5, diesel: null });

    for (const naira of [300_000, 400_000, 420_000, 450_000]) laneTrips.push(...(await award(naira)));
    await refreshLaneRatesNow(t.ctx);
    res = await guidance(apapaToLagos());
    expect(res.body).toMatchObject({ awards: 4, band: null });
    expect(Date.parse(res.body.computedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives the 25th, 50th and 75th percentile of the awarded prices from the fifth award on', async () => {
    for (const naira of [500_000, 600_000]) laneTrips.push(...(await award(naira)));
    await refreshLaneRatesNow(t.ctx);
    const res = await guidance(apapaToLagos());
    // Six prices, 300k … 600k: the 25th percentile lies a quarter of the way from 400k to 420k, the
    // median halfway from 420k to 450k, the 75th three quarters of the way from 450k to 500k.
    expect(res.body).toMatchObject({
      awards: 6,
      band: { p25Kobo: 405_000 * NAIRA, p50Kobo: 435_000 * NAIRA, p75Kobo: 487_500 * NAIRA },
    });
    // Transporters read the same band on the market's order.
    expect((await guidance(apapaToLagos(), transporter.accessToken)).body.band).toEqual(res.body.band);
  });

  it('counts only the awards of the last 90 days', async () => {
    // The 600k award was made 91 days ago; the 300k one 89 days ago.
    await t.ctx.db.execute(
      sql`UPDATE trips SET created_at = now() - interval '91 days' WHERE id = ${laneTrips[5]!}`,
    );
    await t.ctx.db.execute(
      sql`UPDATE trips SET created_at = now() - interval '89 days' WHERE id = ${laneTrips[0]!}`,
    );
    await refreshLaneRatesNow(t.ctx);
    const res = await guidance(apapaToLagos());
    // 300k, 400k, 420k, 450k, 500k: the quartiles fall on the second, third and fourth.
    expect(res.body).toMatchObject({
      awards: 5,
      band: { p25Kobo: 400_000 * NAIRA, p50Kobo: 420_000 * NAIRA, p75Kobo: 450_000 * NAIRA },
    });
    await t.ctx.db
      .update(trips)
      .set({ createdAt: new Date() })
      .where(inArray(trips.id, [laneTrips[5]!]));
    await refreshLaneRatesNow(t.ctx);
    expect((await guidance(apapaToLagos())).body.awards).toBe(6);
  });

  it('keeps lanes apart by container size, delivery state and cargo type', async () => {
    await award(900_000, {
      containers: [
        {
          containerNumber: validContainerNumber(424_242),
          containerSize: 'FTS_40',
          linerId: (await referenceIds(t)).linerId,
          deliveryOrderValidityDate: lagosDate(10),
        },
      ],
    });
    await refreshLaneRatesNow(t.ctx);
    expect((await guidance({ ...apapaToLagos(), containerSize: 'FTS_40' })).body).toMatchObject({
      awards: 1,
      band: null,
    });
    expect((await guidance({ ...apapaToLagos(), deliveryState: 'Ogun' })).body.awards).toBe(0);
    expect((await guidance({ ...apapaToLagos(), cargoType: 'EXPORT' })).body.awards).toBe(0);
    expect((await guidance(apapaToLagos())).body.awards).toBe(6);
  });

  it('reads a delivery terminal as its state, and a pickup address by its state and LGA in any case', async () => {
    const lagosTerminal = (await referenceIds(t, { terminal: 'TICT-TINCAN' })).terminalId;
    const { deliveryState: _state, ...rest } = apapaToLagos();
    expect((await guidance({ ...rest, deliveryTerminalId: lagosTerminal })).body.awards).toBe(6);

    const fromIkeja = { pickup: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS } } };
    for (const naira of [100_000, 110_000, 120_000, 130_000, 140_000]) await award(naira, fromIkeja);
    await refreshLaneRatesNow(t.ctx);
    const res = await guidance({
      pickupState: 'Lagos',
      pickupLga: 'ikeja',
      deliveryState: 'Lagos',
      cargoType: 'IMPORT_LINER_OWNED',
      containerSize: 'FTS_20',
    });
    expect(res.body).toMatchObject({
      awards: 5,
      band: { p25Kobo: 110_000 * NAIRA, p50Kobo: 120_000 * NAIRA, p75Kobo: 130_000 * NAIRA },
    });
  });

  it('lists the lanes with a band, the busiest first, with the pickup terminal by name', async () => {
    const res = await call(t.app, 'GET', '/api/v1/rate-guidance/lanes', undefined, {
      token: transporter.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(2);
    const [first, second] = res.body.content;
    expect(first).toMatchObject({
      pickup: { terminal: { id: terminalId }, state: 'Lagos' },
      deliveryState: 'Lagos',
      cargoType: 'IMPORT_LINER_OWNED',
      containerSize: 'FTS_20',
      truckType: null,
      awards: 6,
    });
    expect(second).toMatchObject({ pickup: { terminal: null, state: 'Lagos', lga: 'Ikeja' }, awards: 5 });
    const filtered = await call(t.app, 'GET', '/api/v1/rate-guidance/lanes?cargoType=EXPORT', undefined, {
      token: customer.accessToken,
    });
    expect(filtered.body.totalElements).toBe(0);
  });

  it('refuses a lane it cannot read with 400 naming the field, and anyone signed out with 401', async () => {
    const { pickupTerminalId: _p, ...noPickup } = apapaToLagos();
    expect(fieldsOf(await guidance(noPickup))).toContain('query.pickupTerminalId');
    expect(fieldsOf(await guidance({ ...apapaToLagos(), pickupState: 'Lagos' }))).toContain(
      'query.pickupTerminalId',
    );
    const { containerSize: _c, ...noSize } = apapaToLagos();
    expect(fieldsOf(await guidance(noSize))).toContain('query.containerSize');
    expect(fieldsOf(await guidance({ ...apapaToLagos(), cargoType: 'GENERAL_CARGO' }))).toContain(
      'query.truckType',
    );
    expect(
      fieldsOf(
        await guidance({ ...apapaToLagos(), pickupTerminalId: '7b0c5f3e-0000-4000-8000-000000000000' }),
      ),
    ).toContain('query.pickupTerminalId');
    const { pickupTerminalId: _t, ...byAddress } = apapaToLagos();
    expect(
      fieldsOf(await guidance({ ...byAddress, pickupState: 'Lagos', pickupLga: 'Kano Municipal' })),
    ).toContain('query.pickupLga');
    expect((await guidance({ ...byAddress, pickupState: 'Lagos', pickupLga: 'Ike\u0000ja' })).status).toBe(
      400,
    );
    expect((await guidance({ ...apapaToLagos(), deliveryState: 'Atlantis' })).status).toBe(400);
    expect(
      (await call(t.app, 'GET', `/api/v1/rate-guidance?${new URLSearchParams(apapaToLagos())}`)).status,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/rate-guidance/lanes')).status).toBe(401);
  });

  describe('the diesel price', () => {
    it('is recorded by the back office, audited, and the latest date is shown beside the band', async () => {
      const callers = await referenceDataCallers(t);
      const today = lagosDate(0);
      const recorded = await callers.asAdmin('POST', '/api/v1/admin/diesel-prices', {
        koboPerLitre: 125_000,
        asOf: today,
      });
      expect(recorded.status).toBe(201);
      expect(recorded.body).toMatchObject({
        koboPerLitre: 125_000,
        asOf: today,
        recordedBy: { id: callers.admin.user.id },
      });
      const [row] = await auditRowsOf(t, 'diesel_price', recorded.body.id);
      expect(row).toMatchObject({ action: 'diesel_price.recorded', actorUserId: callers.admin.user.id });

      // An older observation recorded later does not replace today's.
      expect(
        (
          await callers.asAdmin('POST', '/api/v1/admin/diesel-prices', {
            koboPerLitre: 118_000,
            asOf: lagosDate(-7),
          })
        ).status,
      ).toBe(201);
      expect((await guidance(apapaToLagos())).body.diesel).toEqual({ koboPerLitre: 125_000, asOf: today });
      const list = await callers.asAdmin('GET', '/api/v1/admin/diesel-prices');
      expect(list.body.map((p: { koboPerLitre: number }) => p.koboPerLitre)).toEqual([125_000, 118_000]);
    });

    it('refuses a date ahead of today, a price that is not whole kobo, and every other role', async () => {
      const callers = await referenceDataCallers(t);
      const tomorrow = await callers.asAdmin('POST', '/api/v1/admin/diesel-prices', {
        koboPerLitre: 125_000,
        asOf: lagosDate(1),
      });
      expect(tomorrow.status).toBe(400);
      expect(fieldsOf(tomorrow)).toEqual(['asOf']);
      for (const koboPerLitre of [0, 12.5, 'a lot', 100_000_000]) {
        const res = await callers.asAdmin('POST', '/api/v1/admin/diesel-prices', {
          koboPerLitre,
          asOf: lagosDate(0),
        });
        expect(fieldsOf(res), String(koboPerLitre)).toEqual(['koboPerLitre']);
      }
      await expectAdminOnly(t, callers, [
        ['GET', '/api/v1/admin/diesel-prices'],
        ['POST', '/api/v1/admin/diesel-prices', { koboPerLitre: 125_000, asOf: lagosDate(0) }],
      ]);
      expect((await callers.asAdmin('GET', '/api/v1/admin/diesel-prices')).body).toHaveLength(2);
    });
  });
});
