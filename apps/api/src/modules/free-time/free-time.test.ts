import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consignments, invoiceCharges, invoices, trips } from '../../db/schema';
import { lagosDate } from '../../test/marketplace';
import { fieldsOf } from '../../test/reference-data';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

/** MSC's seeded tariff for a 20-foot box: 7 free days, ₦36,000 demurrage and ₦28,000 detention a day. */
const MSC_20 = { freeDays: 7, demurrageKoboPerDay: 3_600_000, detentionKoboPerDay: 2_800_000 };

const facts = (overrides: Record<string, unknown> = {}) => ({
  dischargeDate: lagosDate(-4),
  expectedEmptyReturnDate: lagosDate(6),
  depositKobo: 50_000_000,
  depositStatus: 'PAID',
  depositRefundedOn: null,
  ...overrides,
});

describe('PUT /api/v1/trips/{id}/free-time', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const put = (tripId: string, body: unknown, token: string | undefined = w.customer.accessToken) =>
    call(t.app, 'PUT', `/api/v1/trips/${tripId}/free-time`, body, token ? { token } : {});

  /** A liner-owned import trip picked up in three days. */
  const importTrip = async (overrides: Record<string, unknown> = {}) => {
    const trip = await w.newTrip(overrides);
    await t.ctx.db
      .update(trips)
      .set({ pickupDate: lagosDate(3) })
      .where(eq(trips.id, trip.id));
    return trip;
  };

  it("keeps the customer's facts and answers the free time worked out from them, with an audit row", async () => {
    const trip = await importTrip();
    const res = await put(trip.id, facts());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Discharged 4 days ago: day 7 of free time is in 2 days. Leaving in 3 days is 1 day of demurrage; the
    // empty back in 6 days is 3 of detention.
    const expected = {
      dischargeDate: lagosDate(-4),
      deliveryOrderValidityDate: lagosDate(10),
      tariff: MSC_20,
      lastFreeDay: lagosDate(2),
      daysLeft: 2,
      level: 'SOON',
      gateOut: { date: lagosDate(3), actual: false },
      emptyReturn: { date: lagosDate(6), actual: false },
      expectedEmptyReturnDate: lagosDate(6),
      demurrageDays: 1,
      detentionDays: 3,
      projectedChargesKobo: 3_600_000 + 3 * 2_800_000,
      deposit: { amountKobo: 50_000_000, status: 'PAID', refundedOn: null },
      atStakeKobo: 3_600_000 + 3 * 2_800_000 + 50_000_000,
    };
    expect(res.body).toEqual(expected);
    expect((await w.detail(trip.id)).freeTime).toEqual(expected);
    expect((await w.detail(trip.id, w.transporter.accessToken)).freeTime).toEqual(expected);

    const consignment = await w.consignmentOf(trip.id);
    expect(consignment).toMatchObject({
      dischargeDate: lagosDate(-4),
      expectedEmptyReturnDate: lagosDate(6),
      depositKobo: 50_000_000,
      depositStatus: 'PAID',
      depositRefundedOn: null,
    });
    const [row] = await w.audits(consignment.id, 'trip.free_time_updated');
    expect(row!.data).toEqual({
      tripId: trip.id,
      tripNumber: trip.tripNumber,
      before: {
        dischargeDate: null,
        expectedEmptyReturnDate: null,
        depositKobo: null,
        depositStatus: 'NOT_PAID',
      },
      after: {
        dischargeDate: lagosDate(-4),
        expectedEmptyReturnDate: lagosDate(6),
        depositKobo: 50_000_000,
        depositStatus: 'PAID',
      },
    });

    // The same facts again change nothing and write no second audit row.
    expect((await put(trip.id, facts())).status).toBe(200);
    expect(await w.audits(consignment.id, 'trip.free_time_updated')).toHaveLength(1);
  });

  it('without a discharge date counts to the delivery order, and the expected return follows the delivery day', async () => {
    const trip = await importTrip();
    const res = await put(trip.id, facts({ dischargeDate: null, expectedEmptyReturnDate: null }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lastFreeDay: lagosDate(10),
      daysLeft: 10,
      level: 'OK',
      // No expected delivery day yet: the pickup day and one day for the return; the customer gave none.
      emptyReturn: { date: lagosDate(4), actual: false },
      expectedEmptyReturnDate: null,
      projectedChargesKobo: 0,
      atStakeKobo: 50_000_000,
    });
    await t.ctx.db
      .update(trips)
      .set({ expectedDeliveryDate: lagosDate(5) })
      .where(eq(trips.id, trip.id));
    expect(
      (await put(trip.id, facts({ dischargeDate: null, expectedEmptyReturnDate: null }))).body,
    ).toMatchObject({
      emptyReturn: { date: lagosDate(6), actual: false },
      expectedEmptyReturnDate: null,
    });
  });

  it('lets an admin keep them too', async () => {
    const trip = await importTrip();
    const res = await put(
      trip.id,
      facts({ depositStatus: 'NOT_PAID', depositKobo: null }),
      w.admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.deposit).toEqual({ amountKobo: null, status: 'NOT_PAID', refundedOn: null });
    expect(res.body.atStakeKobo).toBe(res.body.projectedChargesKobo);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const trip = await importTrip();
    const cases: [Record<string, unknown>, string][] = [
      [facts({ dischargeDate: '2027-02-29' }), 'dischargeDate'],
      [facts({ dischargeDate: '2026-13-01' }), 'dischargeDate'],
      [facts({ dischargeDate: `${lagosDate(-4)}\u0000` }), 'dischargeDate'],
      [facts({ expectedEmptyReturnDate: 'next week' }), 'expectedEmptyReturnDate'],
      [facts({ depositKobo: -1 }), 'depositKobo'],
      [facts({ depositKobo: 12.5 }), 'depositKobo'],
      [facts({ depositKobo: '50000' }), 'depositKobo'],
      [facts({ depositKobo: null }), 'depositKobo'],
      [facts({ depositStatus: 'LOST' }), 'depositStatus'],
      [facts({ depositStatus: 'REFUNDED' }), 'depositRefundedOn'],
      [facts({ depositStatus: 'REFUNDED', depositRefundedOn: lagosDate(2) }), 'depositRefundedOn'],
      [
        facts({ dischargeDate: lagosDate(-2), expectedEmptyReturnDate: lagosDate(-3) }),
        'expectedEmptyReturnDate',
      ],
      [{ ...facts(), amountKobo: 1 }, ''],
      [{ dischargeDate: lagosDate(-4) }, 'depositStatus'],
    ];
    for (const [body, field] of cases) {
      const res = await put(trip.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toEqual(expect.any(String));
      if (field) expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    expect(await w.consignmentOf(trip.id)).toMatchObject({
      dischargeDate: null,
      depositKobo: null,
      depositStatus: 'NOT_PAID',
    });
  });

  it("answers 404 for another company's trip and an unknown one, 403 to the transporter's side", async () => {
    const mine = await importTrip();
    const theirs = await w.tripOfOthers();
    expect((await put(theirs.id, facts())).status).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', facts())).status).toBe(404);
    expect((await put(mine.id, facts(), w.otherCustomer.accessToken)).status).toBe(404);
    expect((await put(mine.id, facts(), w.transporter.accessToken)).status).toBe(403);
    expect((await put(mine.id, facts(), w.fleetManager.accessToken)).status).toBe(403);
    expect((await put(mine.id, facts(), w.otherTransporter.accessToken)).status).toBe(403);
    expect((await put(mine.id, facts(), '')).status).toBe(401);
    expect((await w.consignmentOf(mine.id)).depositStatus).toBe('NOT_PAID');
  });

  it('refuses cargo without free time with 400 saying so', async () => {
    const trip = await w.generalCargoTrip();
    const res = await put(trip.id, facts());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Free time and deposits are kept for import containers only; this trip is General Cargo',
    );
    expect((await w.detail(trip.id)).freeTime).toBeNull();
  });

  it('keeps no deposit or empty return for a shipper-owned container, whose clock stops at the gate-out', async () => {
    const trip = await importTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
    const refused = await put(trip.id, facts());
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused).sort()).toEqual(['depositStatus', 'expectedEmptyReturnDate']);
    const res = await put(
      trip.id,
      facts({ depositStatus: 'NOT_PAID', depositKobo: null, expectedEmptyReturnDate: null }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      emptyReturn: null,
      expectedEmptyReturnDate: null,
      demurrageDays: 1,
      detentionDays: 0,
      projectedChargesKobo: 3_600_000,
    });
  });

  it('is kept after the trip is done, when the deposit comes back; a refunded deposit is no longer at stake', async () => {
    const trip = await importTrip();
    await put(trip.id, facts({ dischargeDate: lagosDate(-1) }));
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'EMPTY_DROP_OFF');
    const res = await put(
      trip.id,
      facts({ dischargeDate: lagosDate(-1), depositStatus: 'REFUNDED', depositRefundedOn: lagosDate(0) }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      level: 'SETTLED',
      gateOut: { date: lagosDate(0), actual: true },
      emptyReturn: { date: lagosDate(0), actual: true },
      projectedChargesKobo: 0,
      deposit: { amountKobo: 50_000_000, status: 'REFUNDED', refundedOn: lagosDate(0) },
      atStakeKobo: 0,
    });
    // A refund day given with another status is not kept.
    const requested = await put(
      trip.id,
      facts({
        dischargeDate: lagosDate(-1),
        depositStatus: 'REFUND_REQUESTED',
        depositRefundedOn: lagosDate(0),
      }),
    );
    expect(requested.body.deposit).toEqual({
      amountKobo: 50_000_000,
      status: 'REFUND_REQUESTED',
      refundedOn: null,
    });
    expect(requested.body.atStakeKobo).toBe(50_000_000);
  });

  it('counts demurrage up to the loading and detention after it, as the trip page shows', async () => {
    const trip = await importTrip();
    // Discharged 10 days ago: the last free day was 4 days ago. Loaded today: 4 days of demurrage.
    await put(trip.id, facts({ dischargeDate: lagosDate(-10), expectedEmptyReturnDate: lagosDate(2) }));
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'LOADED');
    const { freeTime } = await w.detail(trip.id);
    expect(freeTime).toMatchObject({
      lastFreeDay: lagosDate(-4),
      daysLeft: -4,
      level: 'OVER',
      gateOut: { date: lagosDate(0), actual: true },
      demurrageDays: 4,
      detentionDays: 2,
      projectedChargesKobo: 4 * 3_600_000 + 2 * 2_800_000,
      atStakeKobo: 4 * 3_600_000 + 2 * 2_800_000 + 50_000_000,
    });
  });
});

describe("the trip page's invoice", () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  it('names the invoice, shows it overdue once past due, and counts the charges awaiting an answer', async () => {
    const trip = await w.newTrip();
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
    const charge = {
      invoiceId: invoice!.id,
      kind: 'OTHER' as const,
      amountKobo: 1_000_000,
      reason: 'Extra stop',
    };
    await t.ctx.db.insert(invoiceCharges).values([
      { ...charge, status: 'PROPOSED' },
      { ...charge, status: 'PROPOSED' },
      { ...charge, status: 'ACCEPTED' },
      { ...charge, status: 'DISPUTED' },
    ]);
    const dueAt = new Date(Date.now() - 60_000);
    await t.ctx.db.update(invoices).set({ dueAt }).where(eq(invoices.id, invoice!.id));
    for (const token of [w.customer.accessToken, w.transporter.accessToken, w.admin.accessToken]) {
      expect((await w.detail(trip.id, token)).invoice).toEqual({
        id: invoice!.id,
        invoiceNumber: invoice!.invoiceNumber,
        amountKobo: invoice!.amountKobo,
        status: 'OVERDUE',
        dueAt: dueAt.toISOString(),
        chargesAwaitingAnswer: 2,
      });
    }
  });

  it('shows a container trip its free time from the delivery order at first, and none on general cargo', async () => {
    const trip = await w.newTrip();
    const { freeTime, invoice } = await w.detail(trip.id);
    expect(invoice).toMatchObject({ status: 'PENDING_PAYMENT', chargesAwaitingAnswer: 0 });
    expect(freeTime).toMatchObject({
      dischargeDate: null,
      deliveryOrderValidityDate: lagosDate(10),
      lastFreeDay: lagosDate(10),
      daysLeft: 10,
      level: 'OK',
      deposit: { amountKobo: null, status: 'NOT_PAID', refundedOn: null },
    });
    await t.ctx.db
      .update(consignments)
      .set({ deliveryOrderValidityDate: null })
      .where(eq(consignments.tripId, trip.id));
    expect((await w.detail(trip.id)).freeTime).toMatchObject({
      lastFreeDay: null,
      daysLeft: null,
      level: 'UNKNOWN',
    });
    expect((await w.detail((await w.generalCargoTrip()).id)).freeTime).toBeNull();
  });
});
