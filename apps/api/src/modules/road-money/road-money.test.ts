import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareOf, type TripMoney } from '@freightlane/domain';
import { tripExpenses } from '../../db/schema';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { SAMPLE_FILES, uploadAs, type MultipartFile } from '../../test/multipart';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const receipt = (): MultipartFile => ({
  fileName: 'diesel-receipt.jpg',
  content: SAMPLE_FILES.jpeg(),
  contentType: 'image/jpeg',
});

describe('money on the road: advances, expenses, review, settlement', () => {
  let t: TestApp;
  let world: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
  });
  afterAll(() => t.close());

  const owner = () => world.transporter.accessToken;
  const money = async (tripId: string, token = owner()) => {
    const res = await call(t.app, 'GET', `/api/v1/trips/${tripId}/money`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as TripMoney;
  };
  const advance = (tripId: string, body: Record<string, unknown>, token = owner()) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/advances`, body, { token });
  const review = (tripId: string, expenseId: string, body: Record<string, unknown>, token = owner()) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/expenses/${expenseId}/review`, body, { token });
  const settle = (tripId: string, body: Record<string, unknown>, token = owner()) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/settlement`, body, { token });
  const driverExpense = (base: string, fields: Record<string, string>, file?: MultipartFile) =>
    uploadAs(t, `${base}/expenses`, undefined, { clientActionId: randomUUID(), ...fields }, file);

  it('records the driver’s diesel once, with its receipt, however often the phone sends it', async () => {
    const { trip, driver, base } = await driverOnTripWithLink(t, world);
    const fields = {
      clientActionId: randomUUID(),
      kind: 'DIESEL',
      litres: '150.5',
      pricePerLitreKobo: '125000',
      latitude: '6.4474',
      longitude: '3.3903',
      note: 'Filled at Mile 2',
    };
    const first = await uploadAs(t, `${base}/expenses`, undefined, fields, receipt());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ action: 'EXPENSE', message: 'Expense recorded: Diesel' });
    // The answer was lost; the phone sends the same action again, photo and all.
    const again = await uploadAs(t, `${base}/expenses`, undefined, fields, receipt());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const rows = await t.ctx.db.select().from(tripExpenses).where(eq(tripExpenses.tripId, trip.id));
    expect(rows).toHaveLength(1);
    const account = await money(trip.id);
    expect(account.expenses).toHaveLength(1);
    expect(account.expenses[0]).toMatchObject({
      kind: 'DIESEL',
      litres: 150.5,
      pricePerLitreKobo: 125_000,
      // 150.5 litres at ₦1,250 a litre.
      amountKobo: 18_812_500,
      status: 'PENDING',
      fromDriver: true,
      driver: { id: driver.id },
      note: 'Filled at Mile 2',
      receipt: {
        fileName: 'diesel-receipt.jpg',
        contentType: 'image/jpeg',
        sha256: createHash('sha256').update(SAMPLE_FILES.jpeg()).digest('hex'),
      },
    });
    expect(account.expenses[0]!.place).toMatch(/Lagos/);
    expect(account.totals).toMatchObject({ waitingKobo: 18_812_500, approvedKobo: 0, balanceKobo: 0 });

    // The receipt downloads for the transporter, never for the customer.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trips/expenses/${account.expenses[0]!.id}/receipt`,
      headers: { authorization: `Bearer ${owner()}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(SAMPLE_FILES.jpeg())).toBe(true);
    const forCustomer = await call(
      t.app,
      'GET',
      `/api/v1/trips/expenses/${account.expenses[0]!.id}/receipt`,
      undefined,
      { token: world.customer.accessToken },
    );
    expect(forCustomer.status).toBe(403);

    // The driver's page shows the expense waiting for review.
    const page = await call(t.app, 'GET', base);
    expect(page.body.trip.cash).toMatchObject({
      advancesKobo: 0,
      waitingKobo: 18_812_500,
      expenses: [{ kind: 'DIESEL', status: 'PENDING', hasReceipt: true }],
    });
  });

  it('refuses an expense the form gets wrong, naming the field', async () => {
    const { trip, base } = await driverOnTripWithLink(t, world);
    const cases: [Record<string, string>, string, string][] = [
      [{ kind: 'DIESEL', litres: '40' }, 'pricePerLitreKobo', 'Enter the price a litre'],
      [
        { kind: 'DIESEL', litres: '40', pricePerLitreKobo: '120000', amountKobo: '100' },
        'amountKobo',
        'Diesel is litres times the price a litre',
      ],
      [{ kind: 'TOLL' }, 'amountKobo', 'Enter the amount'],
      [{ kind: 'TOLL', amountKobo: '12.5' }, 'amountKobo', 'Amount must be a whole number of kobo'],
      [{ kind: 'TOLL', amountKobo: 'lots' }, 'amountKobo', 'Amount must be a whole number of kobo'],
      [{ kind: 'TOLL', amountKobo: '0' }, 'amountKobo', 'Amount must be more than zero'],
      [{ kind: 'BRIBE', amountKobo: '100' }, 'kind', 'Choose what the money was spent on'],
      [
        { kind: 'TOLL', amountKobo: '100', latitude: '6.5' },
        'longitude',
        'Send both latitude and longitude, or neither',
      ],
      [
        { kind: 'TOLL', amountKobo: '100', note: 'x'.repeat(501) },
        'note',
        'Note must be at most 500 characters',
      ],
      [
        { kind: 'TOLL', amountKobo: '100', spentAt: new Date(Date.now() + 86_400_000).toISOString() },
        'spentAt',
        'spentAt cannot be in the future',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await driverExpense(base, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    const nul = await driverExpense(base, { kind: 'TOLL', amountKobo: '100', note: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const pdf = await driverExpense(
      base,
      { kind: 'TOLL', amountKobo: '100' },
      {
        fileName: 'receipt.pdf',
        content: SAMPLE_FILES.pdf(),
      },
    );
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors).toEqual([{ field: 'file', message: 'Upload a JPEG, PNG, WebP file' }]);
    const text = await driverExpense(
      base,
      { kind: 'TOLL', amountKobo: '100' },
      {
        fileName: 'receipt.jpg',
        content: 'not a photo',
      },
    );
    expect(text.status).toBe(400);
    // Nothing half-written.
    expect(await t.ctx.db.select().from(tripExpenses).where(eq(tripExpenses.tripId, trip.id))).toEqual([]);
  });

  it('keeps a trip’s cash to its transporter: refused to customers, 404 to other transporters, read-only to admins', async () => {
    const { trip } = await driverOnTripWithLink(t, world);
    const callers = [
      [world.customer.accessToken, 403],
      [world.otherTransporter.accessToken, 404],
    ] as const;
    for (const [token, status] of callers) {
      const read = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/money`, undefined, { token });
      expect(read.status).toBe(status);
      expect((await advance(trip.id, { method: 'CASH', amountKobo: 100 }, token)).status).toBe(status);
    }
    expect((await money(trip.id, world.admin.accessToken)).closedBecause).toMatch(/Admins read/);
    expect(
      (await advance(trip.id, { method: 'CASH', amountKobo: 100 }, world.admin.accessToken)).status,
    ).toBe(403);
    // The fleet manager works the trip as the owner does.
    const byManager = await advance(
      trip.id,
      { method: 'CASH', amountKobo: 5_000_000 },
      world.fleetManager.accessToken,
    );
    expect(byManager.status).toBe(201);
    expect(byManager.body.advances[0]).toMatchObject({ givenBy: 'Bola Adeyemi', method: 'CASH' });
  });

  it('gives advances, reviews expenses and settles at the trip’s end, carrying the rest to the driver', async () => {
    const { trip, driver, base } = await driverOnTripWithLink(t, world);
    // A transfer names its reference.
    const noReference = await advance(trip.id, { method: 'TRANSFER', amountKobo: 10_000_000 });
    expect(noReference.status).toBe(400);
    expect(noReference.body.errors).toEqual([
      { field: 'reference', message: 'Enter the transfer reference the bank gave' },
    ]);
    expect(
      (await advance(trip.id, { method: 'TRANSFER', amountKobo: 10_000_000, reference: 'GTB-0042' })).status,
    ).toBe(201);
    const wrong = await advance(trip.id, { method: 'CASH', amountKobo: 999 });
    const removed = await call(
      t.app,
      'DELETE',
      `/api/v1/trips/${trip.id}/advances/${wrong.body.advances.find((a: { amountKobo: number }) => a.amountKobo === 999).id}`,
      undefined,
      { token: owner() },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.totals.advancesKobo).toBe(10_000_000);

    const toll = await driverExpense(base, { kind: 'TOLL', amountKobo: '200000' });
    const levy = await driverExpense(base, { kind: 'LEVY', amountKobo: '500000', note: 'Union at Ojota' });
    const road = await driverExpense(base, { kind: 'ROAD_PAYMENT', amountKobo: '300000' });
    expect([toll.status, levy.status, road.status]).toEqual([201, 201, 201]);
    const ids = Object.fromEntries((await money(trip.id)).expenses.map((e) => [e.kind, e.id]));

    // A query and a rejection say why.
    const bare = await review(trip.id, ids.LEVY!, { decision: 'QUERY' });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([{ field: 'note', message: 'Write the question for the driver' }]);
    expect(
      (await review(trip.id, ids.LEVY!, { decision: 'QUERY', note: 'Send the union ticket' })).status,
    ).toBe(200);
    expect(
      (await review(trip.id, ids.ROAD_PAYMENT!, { decision: 'REJECT', note: 'Not agreed' })).status,
    ).toBe(200);
    const approved = await review(
      trip.id,
      ids.TOLL!,
      { decision: 'APPROVE' },
      world.fleetManager.accessToken,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.expenses.find((e: { id: string }) => e.id === ids.TOLL)).toMatchObject({
      status: 'APPROVED',
      reviewedBy: 'Bola Adeyemi',
    });

    // The driver reads the question and answers it with the ticket's photo: the levy waits again.
    const page = await call(t.app, 'GET', base);
    expect(page.body.trip.cash.expenses).toContainEqual(
      expect.objectContaining({ id: ids.LEVY, status: 'QUERIED', reviewNote: 'Send the union ticket' }),
    );
    const answer = { clientActionId: randomUUID(), note: 'Ticket attached' };
    const answered = await uploadAs(t, `${base}/expenses/${ids.LEVY}/reply`, undefined, answer, receipt());
    expect(answered.status).toBe(201);
    expect(
      (await uploadAs(t, `${base}/expenses/${ids.LEVY}/reply`, undefined, answer, receipt())).status,
    ).toBe(200);
    const afterAnswer = await money(trip.id);
    expect(afterAnswer.expenses.find((e) => e.id === ids.LEVY)).toMatchObject({
      status: 'PENDING',
      driverReply: 'Ticket attached',
      receipt: { fileName: 'diesel-receipt.jpg' },
    });
    // Nothing to answer twice.
    const notQueried = await uploadAs(t, `${base}/expenses/${ids.TOLL}/reply`, undefined, {
      clientActionId: randomUUID(),
      note: 'Again',
    });
    expect(notQueried.status).toBe(409);

    // Not yet: the trip is on the road, and the levy waits for review.
    expect(
      (await settle(trip.id, { direction: 'TO_DRIVER', amountKobo: 0, method: 'CASH' })).body.message,
    ).toBe('A trip is settled once it is delivered or cancelled');
    await world.walkTo(trip.id, 'DELIVERED');
    expect(
      (await settle(trip.id, { direction: 'TO_DRIVER', amountKobo: 0, method: 'CASH' })).body.message,
    ).toBe('Approve, query or reject every expense first');
    // The office adds a loading fee it paid for the driver: approved by its recorder.
    const loading = await uploadAs(t, `/api/v1/trips/${trip.id}/expenses`, owner(), {
      kind: 'LOADING',
      amountKobo: '1500000',
    });
    expect(loading.status).toBe(201);
    const reviewed = await review(trip.id, ids.LEVY!, { decision: 'APPROVE' });
    const account = reviewed.body as TripMoney;
    // Approved: toll ₦2,000 + levy ₦5,000 + loading ₦15,000 = ₦22,000; advances ₦100,000.
    expect(account.totals).toEqual({
      advancesKobo: 10_000_000,
      approvedKobo: 2_200_000,
      waitingKobo: 0,
      rejectedKobo: 300_000,
      balanceKobo: -7_800_000,
    });
    const { amountKobo } = await world.tripRow(trip.id);
    expect(account.profit).toMatchObject({
      haulageKobo: amountKobo,
      commissionKobo: shareOf(amountKobo, account.profit.commissionBasisPoints),
      commissionSettled: false,
      approvedExpensesKobo: 2_200_000,
      profitKobo: amountKobo - shareOf(amountKobo, account.profit.commissionBasisPoints) - 2_200_000,
    });
    expect(account.settleBlockedBecause).toBeNull();

    // The driver hands back ₦50,000 of the ₦78,000 held; ₦28,000 carries.
    const settled = await settle(trip.id, {
      direction: 'FROM_DRIVER',
      amountKobo: 5_000_000,
      method: 'CASH',
    });
    expect(settled.status).toBe(201);
    expect(settled.body.settlement).toMatchObject({
      balanceKobo: -7_800_000,
      paidKobo: -5_000_000,
      carriedKobo: -2_800_000,
      driver: { id: driver.id },
    });
    expect((await settle(trip.id, { direction: 'TO_DRIVER', amountKobo: 0, method: 'CASH' })).status).toBe(
      409,
    );
    // A settled account takes nothing more, from the office or the phone.
    expect((await advance(trip.id, { method: 'CASH', amountKobo: 100 })).status).toBe(409);
    expect((await review(trip.id, ids.TOLL!, { decision: 'REJECT', note: 'Late' })).status).toBe(409);
    const late = await driverExpense(base, { kind: 'TOLL', amountKobo: '100', tripId: trip.id });
    expect(late.status).toBe(409);

    const balance = await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}/balance`, undefined, {
      token: owner(),
    });
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({
      balanceKobo: -2_800_000,
      waitingKobo: 0,
      unsettledTrips: 0,
      trips: {
        totalElements: 1,
        content: [{ tripId: trip.id, balanceKobo: -2_800_000, paidKobo: -5_000_000 }],
      },
    });
    expect(
      (
        await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}/balance`, undefined, {
          token: world.otherTransporter.accessToken,
        })
      ).status,
    ).toBe(404);
    const audited = await world.audits(trip.id, 'trip.cash_settled');
    expect(audited).toHaveLength(1);
  });

  it('gives the driver their money in the data export, and the location erasure forgets where the phone was', async () => {
    const { trip, driver, base } = await driverOnTripWithLink(t, world);
    await advance(trip.id, { method: 'CASH', amountKobo: 2_000_000 });
    await driverExpense(base, {
      kind: 'TOLL',
      amountKobo: '150000',
      latitude: '6.5244',
      longitude: '3.3792',
    });
    const exported = await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}/data`, undefined, {
      token: owner(),
    });
    expect(exported.status).toBe(200);
    expect(exported.body.advances).toEqual([
      expect.objectContaining({ tripNumber: trip.tripNumber, method: 'CASH', amountKobo: 2_000_000 }),
    ]);
    expect(exported.body.expenses).toEqual([
      expect.objectContaining({ kind: 'TOLL', amountKobo: 150_000, latitude: 6.5244, longitude: 3.3792 }),
    ]);
    await world.walkTo(trip.id, 'EMPTY_DROP_OFF');
    const erased = await call(
      t.app,
      'POST',
      `/api/v1/fleet/drivers/${driver.id}/location-history/erasure`,
      undefined,
      { token: owner() },
    );
    expect(erased.status).toBe(200);
    const [row] = await t.ctx.db.select().from(tripExpenses).where(eq(tripExpenses.tripId, trip.id));
    expect(row).toMatchObject({ latitude: null, longitude: null, amountKobo: 150_000 });
    expect(row!.place).toMatch(/Lagos/);
  });

  it('refuses a wrong review, answer or settlement with 400 naming the field, and a new receipt replaces the old file', async () => {
    const { trip, base } = await driverOnTripWithLink(t, world);
    expect((await driverExpense(base, { kind: 'TOLL', amountKobo: '150000' }, receipt())).status).toBe(201);
    const [expense] = (await money(trip.id)).expenses;
    const badDecision = await review(trip.id, expense!.id, { decision: 'MAYBE' });
    expect(badDecision.status).toBe(400);
    expect(badDecision.body.errors).toContainEqual({
      field: 'decision',
      message: 'Choose approve, query or reject',
    });
    const badSettlement = await settle(trip.id, { direction: 'TO_DRIVER', amountKobo: -5, method: 'CASH' });
    expect(badSettlement.status).toBe(400);
    expect(badSettlement.body.errors).toContainEqual({
      field: 'amountKobo',
      message: 'Amount cannot be negative',
    });
    const noReference = await settle(trip.id, {
      direction: 'TO_DRIVER',
      amountKobo: 500,
      method: 'TRANSFER',
    });
    expect(noReference.body.errors).toEqual([
      { field: 'reference', message: 'Enter the transfer reference the bank gave' },
    ]);

    expect((await review(trip.id, expense!.id, { decision: 'QUERY', note: 'Unreadable' })).status).toBe(200);
    const emptyAnswer = await uploadAs(t, `${base}/expenses/${expense!.id}/reply`, undefined, {
      clientActionId: randomUUID(),
      note: '',
    });
    expect(emptyAnswer.status).toBe(400);
    expect(emptyAnswer.body.errors).toEqual([{ field: 'note', message: 'Write your answer' }]);

    const files = () =>
      fs.readdirSync(t.dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length;
    const before = files();
    const clearer = SAMPLE_FILES.png();
    const answered = await uploadAs(
      t,
      `${base}/expenses/${expense!.id}/reply`,
      undefined,
      { clientActionId: randomUUID(), note: 'A clearer photo' },
      { fileName: 'toll.png', content: clearer, contentType: 'image/png' },
    );
    expect(answered.status).toBe(201);
    // The new receipt took the old one's place: one file in, one out.
    expect(files()).toBe(before);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trips/expenses/${expense!.id}/receipt`,
      headers: { authorization: `Bearer ${owner()}` },
    });
    expect(file.rawPayload.equals(clearer)).toBe(true);
  });

  it('lands an expense that waited offline past the delivery on the trip it was recorded on', async () => {
    const { trip, base } = await driverOnTripWithLink(t, world);
    await world.walkTo(trip.id, 'EMPTY_DROP_OFF');
    // Done: the driver has no trip in progress, but the queued expense names its trip.
    const withoutTrip = await driverExpense(base, { kind: 'OFFLOADING', amountKobo: '400000' });
    expect(withoutTrip.status).toBe(409);
    const named = await driverExpense(base, { kind: 'OFFLOADING', amountKobo: '400000', tripId: trip.id });
    expect(named.status).toBe(201);
    expect((await money(trip.id)).totals.waitingKobo).toBe(400_000);
    // Another driver's trip is not found.
    const other = await driverOnTripWithLink(t, world);
    const elsewhere = await driverExpense(other.base, { kind: 'TOLL', amountKobo: '100', tripId: trip.id });
    expect(elsewhere.status).toBe(404);
  });
});
