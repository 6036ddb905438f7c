import {
  EXPENSE_KIND_LABELS,
  dieselAmountKobo,
  placeOfPosition,
  placeWords,
  shareOf,
  signedSettlementKobo,
  tripBalanceKobo,
  type DriverBalance,
  type DriverTripCash,
  type ExpenseFields,
  type ExpenseReviewRequest,
  type ExpenseStatus,
  type TripAdvanceRequest,
  type TripCashTotals,
  type TripMoney,
  type TripSettlementRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { fileSha256 } from '../../lib/stored-file';
import type { UploadedFile } from '../../lib/upload';
import type { Principal } from '../../plugins/auth';
import { loadTripFor, type DriverActor, type TripRecord } from '../trip';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import {
  advancesOfTrip,
  advancesTotalOfTrip,
  deleteAdvance,
  driverCashByTrip,
  driverOfCompany,
  expensesForDriverPage,
  expensesOfTrip,
  findExpenseById,
  findExpenseOfDriver,
  insertAdvance,
  insertExpense,
  insertSettlement,
  isTripSettled,
  lockExpense,
  payoutCommissionOfTrip,
  settlementOfTrip,
  updateExpense,
  type ExpenseRecord,
  type ExpenseRow,
} from './road-money.repository';
import { checkTripDiesel, tripDieselOf } from './diesel-check.service';

const FORMER = 'Former user';

/** Where the phone was, in words: "Near Berger, Kosofe, Lagos". */
function placeText(spot: { latitude: number; longitude: number }): string {
  const place = placeOfPosition(spot);
  return placeWords([place.description, place.lga, place.state]);
}
const SETTLED = "This trip's cash account is settled; it takes no further change";

/** The trip for the transporter's side (or an admin, reading): 404 to the customer, as another company's trip. */
async function tripOfTransporter(
  db: Executor,
  principal: Principal,
  tripId: string,
  options: { forUpdate?: boolean; write?: boolean; notFoundAs?: string } = {},
): Promise<TripRecord> {
  const { trip, side } = await loadTripFor(db, principal, tripId, {
    forUpdate: options.forUpdate,
    notFoundAs: options.notFoundAs,
  });
  if (side === 'CUSTOMER') throw notFound(options.notFoundAs ?? 'Trip');
  if (side === 'ADMIN' && options.write) {
    throw new AppError('FORBIDDEN', "Only the transporter's owner or fleet managers change a trip's cash");
  }
  return trip;
}

async function assertOpen(db: Executor, tripId: string): Promise<void> {
  if (await isTripSettled(db, tripId)) throw new AppError('CONFLICT', SETTLED);
}

function driverOf(trip: TripRecord): string {
  if (!trip.driverId) {
    throw new AppError(
      'CONFLICT',
      'Assign a driver to the trip first: the cash is given to and spent by the driver',
    );
  }
  return trip.driverId;
}

function totalsOf(
  advancesKobo: number,
  expenses: Pick<ExpenseRecord, 'status' | 'amountKobo'>[],
): TripCashTotals {
  const sum = (statuses: ExpenseStatus[]) =>
    expenses.filter((e) => statuses.includes(e.status)).reduce((total, e) => total + e.amountKobo, 0);
  const approvedKobo = sum(['APPROVED']);
  return {
    advancesKobo,
    approvedKobo,
    waitingKobo: sum(['PENDING', 'QUERIED']),
    rejectedKobo: sum(['REJECTED']),
    balanceKobo: tripBalanceKobo({ advancesKobo, approvedKobo }),
  };
}

function toExpense(row: ExpenseRow): TripMoney['expenses'][number] {
  const e = row.expense;
  return {
    id: e.id,
    kind: e.kind,
    amountKobo: e.amountKobo,
    litres: e.litres === null ? null : Number(e.litres),
    pricePerLitreKobo: e.pricePerLitreKobo,
    note: e.note,
    place: e.place,
    spentAt: e.spentAt.toISOString(),
    status: e.status,
    reviewNote: e.reviewNote,
    reviewedBy: e.reviewedAt ? (row.reviewedBy ?? FORMER) : null,
    reviewedAt: e.reviewedAt?.toISOString() ?? null,
    driverReply: e.driverReply,
    recordedBy: row.recordedBy ?? FORMER,
    fromDriver: e.recordedByDriverId !== null,
    driver: { id: e.driverId, name: row.driverName ?? '' },
    receipt:
      e.receiptStorageKey && e.receiptFileName && e.receiptContentType && e.receiptSha256
        ? {
            fileName: e.receiptFileName,
            contentType: e.receiptContentType,
            sizeBytes: e.receiptSizeBytes ?? 0,
            sha256: e.receiptSha256,
          }
        : null,
    recordedAt: e.createdAt.toISOString(),
  };
}

/** Why the trip cannot be settled now; null when it can. */
function settleBlock(trip: TripRecord, totals: TripCashTotals, settled: boolean): string | null {
  if (settled) return 'The trip is settled';
  if (!trip.deliveredAt && !trip.completed && !trip.cancelledAt) {
    return 'A trip is settled once it is delivered or cancelled';
  }
  if (totals.waitingKobo > 0) return 'Approve, query or reject every expense first';
  if (!trip.driverId) return 'The trip has no driver to settle with';
  return null;
}

/** The haulage less the platform's commission less approved expenses. */
async function profitOf(db: Executor, trip: TripRecord, approvedKobo: number): Promise<TripMoney['profit']> {
  const paid = await payoutCommissionOfTrip(db, trip.id);
  const basisPoints = paid?.commissionBasisPoints ?? (await readPlatformTerms(db)).commissionBasisPoints;
  const commissionKobo = shareOf(trip.amountKobo, basisPoints);
  return {
    haulageKobo: trip.amountKobo,
    commissionBasisPoints: basisPoints,
    commissionKobo,
    commissionSettled: paid !== null,
    approvedExpensesKobo: approvedKobo,
    profitKobo: trip.amountKobo - commissionKobo - approvedKobo,
  };
}

/** GET /api/v1/trips/{id}/money. */
export async function tripMoneyFor(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<TripMoney> {
  const trip = await tripOfTransporter(ctx.db, principal, tripId);
  const [advances, expenses, settlement] = await Promise.all([
    advancesOfTrip(ctx.db, trip.id),
    expensesOfTrip(ctx.db, trip.id),
    settlementOfTrip(ctx.db, trip.id),
  ]);
  const totals = totalsOf(
    advances.reduce((total, a) => total + a.advance.amountKobo, 0),
    expenses.map((e) => e.expense),
  );
  const driverName = trip.driverId
    ? (await driverOfCompany(ctx.db, trip.transporterCompanyId, trip.driverId))?.name
    : null;
  const readOnly = principal.role === 'role_admin';
  return {
    trip: {
      id: trip.id,
      tripNumber: trip.tripNumber,
      latestTripStatus: trip.latestStatus,
      cancelled: trip.cancelledAt !== null,
    },
    driver: trip.driverId ? { id: trip.driverId, name: driverName ?? '' } : null,
    advances: advances.map(({ advance, driverName: name, givenBy }) => ({
      id: advance.id,
      method: advance.method,
      amountKobo: advance.amountKobo,
      reference: advance.reference,
      givenAt: advance.givenAt.toISOString(),
      givenBy: givenBy ?? FORMER,
      driver: { id: advance.driverId, name: name ?? '' },
    })),
    expenses: expenses.map(toExpense),
    totals,
    settlement: settlement && {
      balanceKobo: settlement.settlement.balanceKobo,
      paidKobo: settlement.settlement.paidKobo,
      carriedKobo: settlement.settlement.balanceKobo - settlement.settlement.paidKobo,
      method: settlement.settlement.method,
      reference: settlement.settlement.reference,
      note: settlement.settlement.note,
      settledAt: settlement.settlement.settledAt.toISOString(),
      settledBy: settlement.settledBy ?? FORMER,
      driver: { id: settlement.settlement.driverId, name: settlement.driverName ?? '' },
    },
    profit: await profitOf(ctx.db, trip, totals.approvedKobo),
    diesel: await tripDieselOf(ctx.db, { ...trip, plate: null }),
    closedBecause: settlement
      ? SETTLED
      : readOnly
        ? 'Admins read a trip’s cash; the transporter changes it'
        : null,
    settleBlockedBecause: readOnly
      ? 'Only the transporter settles'
      : settleBlock(trip, totals, settlement !== null),
  };
}

/** POST /api/v1/trips/{id}/advances. */
export async function giveAdvance(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: TripAdvanceRequest,
  request: RequestOrigin,
): Promise<TripMoney> {
  await ctx.db.transaction(async (tx) => {
    const trip = await tripOfTransporter(tx, principal, tripId, { forUpdate: true, write: true });
    await assertOpen(tx, trip.id);
    const advance = await insertAdvance(tx, {
      tripId: trip.id,
      transporterCompanyId: trip.transporterCompanyId,
      driverId: driverOf(trip),
      method: input.method,
      amountKobo: input.amountKobo,
      reference: input.reference ?? null,
      givenAt: input.givenAt ? new Date(input.givenAt) : new Date(),
      createdByUserId: principal.userId,
    });
    await audit(tx, principal, request, {
      action: 'trip.advance_given',
      entityType: 'trip',
      entityId: trip.id,
      data: {
        advanceId: advance.id,
        method: advance.method,
        amountKobo: advance.amountKobo,
        driverId: advance.driverId,
      },
    });
  });
  return tripMoneyFor(ctx, principal, tripId);
}

/** DELETE /api/v1/trips/{id}/advances/{advanceId}: a wrong entry, before the trip is settled. */
export async function removeAdvance(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  advanceId: string,
  request: RequestOrigin,
): Promise<TripMoney> {
  await ctx.db.transaction(async (tx) => {
    const trip = await tripOfTransporter(tx, principal, tripId, { forUpdate: true, write: true });
    await assertOpen(tx, trip.id);
    const removed = await deleteAdvance(tx, trip.id, advanceId);
    if (!removed) throw notFound('Advance');
    await audit(tx, principal, request, {
      action: 'trip.advance_removed',
      entityType: 'trip',
      entityId: trip.id,
      data: {
        advanceId,
        method: removed.method,
        amountKobo: removed.amountKobo,
        reference: removed.reference,
      },
    });
  });
  return tripMoneyFor(ctx, principal, tripId);
}

/** A receipt already in storage, about to belong to an expense. */
export interface StoredReceipt {
  file: UploadedFile;
  storageKey: string;
}

function receiptColumns(receipt: StoredReceipt | null) {
  if (!receipt) return {};
  return {
    receiptFileName: receipt.file.fileName,
    receiptContentType: receipt.file.mimeType,
    receiptSizeBytes: receipt.file.buffer.length,
    receiptStorageKey: receipt.storageKey,
    receiptSha256: fileSha256(receipt.file.buffer),
  };
}

/**
 * Writes an expense inside the caller's transaction, the trip already locked and checked: from the phone
 * (PENDING, for review) or by the office (approved by its recorder). Refused once the trip is settled.
 */
export async function recordExpenseIn(
  ctx: AppContext,
  tx: Executor,
  actor: Principal | DriverActor,
  trip: TripRecord,
  fields: ExpenseFields,
  receipt: StoredReceipt | null,
  request: RequestOrigin,
): Promise<ExpenseRecord> {
  await assertOpen(tx, trip.id);
  const fromDriver = 'driverId' in actor;
  const driverId = fromDriver ? actor.driverId : driverOf(trip);
  const diesel = fields.kind === 'DIESEL';
  const amountKobo = diesel
    ? dieselAmountKobo(fields.litres!, fields.pricePerLitreKobo!)
    : fields.amountKobo!;
  const spot =
    fields.latitude !== undefined && fields.longitude !== undefined
      ? { latitude: fields.latitude, longitude: fields.longitude }
      : null;
  const now = new Date();
  const expense = await insertExpense(tx, {
    tripId: trip.id,
    transporterCompanyId: trip.transporterCompanyId,
    driverId,
    kind: fields.kind,
    amountKobo,
    litres: diesel ? fields.litres! : null,
    pricePerLitreKobo: diesel ? fields.pricePerLitreKobo! : null,
    note: fields.note ?? null,
    place: spot ? placeText(spot) : null,
    latitude: spot?.latitude ?? null,
    longitude: spot?.longitude ?? null,
    spentAt: fields.spentAt ? new Date(fields.spentAt) : now,
    status: fromDriver ? 'PENDING' : 'APPROVED',
    reviewedByUserId: fromDriver ? null : actor.userId,
    reviewedAt: fromDriver ? null : now,
    recordedByDriverId: fromDriver ? actor.driverId : null,
    recordedByUserId: fromDriver ? null : actor.userId,
    ...receiptColumns(receipt),
  });
  await audit(tx, actor, request, {
    action: 'trip.expense_recorded',
    entityType: 'trip',
    entityId: trip.id,
    data: { expenseId: expense.id, kind: expense.kind, amountKobo, status: expense.status },
  });
  if (diesel) await checkTripDiesel(ctx, tx, trip.id);
  return expense;
}

/** POST /api/v1/trips/{id}/expenses: an expense the office records, approved by its recorder. */
export async function recordOfficeExpense(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  fields: ExpenseFields,
  receipt: StoredReceipt | null,
  request: RequestOrigin,
): Promise<TripMoney> {
  await ctx.db.transaction(async (tx) => {
    const trip = await tripOfTransporter(tx, principal, tripId, { forUpdate: true, write: true });
    await recordExpenseIn(ctx, tx, principal, trip, fields, receipt, request);
  });
  return tripMoneyFor(ctx, principal, tripId);
}

/** The trip, checked for the transporter's side, before a form's file is read. */
export async function checkTripForExpense(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<void> {
  const trip = await tripOfTransporter(ctx.db, principal, tripId, { write: true });
  await assertOpen(ctx.db, trip.id);
}

const NEXT_STATUS: Record<ExpenseReviewRequest['decision'], ExpenseStatus> = {
  APPROVE: 'APPROVED',
  QUERY: 'QUERIED',
  REJECT: 'REJECTED',
};

/** POST /api/v1/trips/{id}/expenses/{expenseId}/review: approve, query (a question) or reject (a reason). */
export async function reviewExpense(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  expenseId: string,
  input: ExpenseReviewRequest,
  request: RequestOrigin,
): Promise<TripMoney> {
  await ctx.db.transaction(async (tx) => {
    const trip = await tripOfTransporter(tx, principal, tripId, { forUpdate: true, write: true });
    await assertOpen(tx, trip.id);
    const expense = await lockExpense(tx, trip.id, expenseId);
    if (!expense) throw notFound('Expense');
    const status = NEXT_STATUS[input.decision];
    if (expense.status === status && status !== 'QUERIED') {
      throw new AppError('CONFLICT', `This expense is already ${status.toLowerCase()}`);
    }
    await updateExpense(tx, expense.id, {
      status,
      reviewNote: input.note ?? null,
      reviewedByUserId: principal.userId,
      reviewedAt: new Date(),
    });
    await audit(tx, principal, request, {
      action: 'trip.expense_reviewed',
      entityType: 'trip',
      entityId: trip.id,
      data: { expenseId, before: expense.status, after: status, note: input.note ?? null },
    });
    if (expense.kind === 'DIESEL') await checkTripDiesel(ctx, tx, trip.id);
  });
  return tripMoneyFor(ctx, principal, tripId);
}

/**
 * The driver's answer to a queried expense, inside the caller's transaction: the expense waits for review
 * again, with the answer (and the receipt, when one came with it).
 */
export async function answerExpenseQueryIn(
  tx: Executor,
  actor: DriverActor,
  trip: TripRecord,
  expenseId: string,
  note: string,
  receipt: StoredReceipt | null,
  request: RequestOrigin,
): Promise<{ expense: ExpenseRecord; replacedReceiptKey: string | null }> {
  await assertOpen(tx, trip.id);
  const expense = await lockExpense(tx, trip.id, expenseId);
  if (!expense || expense.driverId !== actor.driverId) throw notFound('Expense');
  if (expense.status !== 'QUERIED') {
    throw new AppError('CONFLICT', 'This expense has no question waiting for your answer');
  }
  const answered = await updateExpense(tx, expense.id, {
    status: 'PENDING',
    driverReply: note,
    ...receiptColumns(receipt),
  });
  await audit(tx, actor, request, {
    action: 'trip.expense_answered',
    entityType: 'trip',
    entityId: trip.id,
    data: {
      expenseId,
      withReceipt: receipt !== null,
      replacedReceipt: receipt !== null && expense.receiptStorageKey !== null,
    },
  });
  // A new receipt takes the old one's place: the old file is removed once this commits.
  return { expense: answered, replacedReceiptKey: receipt ? expense.receiptStorageKey : null };
}

/** POST /api/v1/trips/{id}/settlement. */
export async function settleTrip(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: TripSettlementRequest,
  request: RequestOrigin,
): Promise<TripMoney> {
  await ctx.db.transaction(async (tx) => {
    const trip = await tripOfTransporter(tx, principal, tripId, { forUpdate: true, write: true });
    const [advancesKobo, expenses] = await Promise.all([
      advancesTotalOfTrip(tx, trip.id),
      expensesOfTrip(tx, trip.id),
    ]);
    const totals = totalsOf(
      advancesKobo,
      expenses.map((e) => e.expense),
    );
    const blocked = settleBlock(trip, totals, await isTripSettled(tx, trip.id));
    if (blocked) throw new AppError('CONFLICT', blocked);
    const paidKobo = signedSettlementKobo(input.direction, input.amountKobo);
    const settled = await insertSettlement(tx, {
      tripId: trip.id,
      transporterCompanyId: trip.transporterCompanyId,
      driverId: trip.driverId!,
      balanceKobo: totals.balanceKobo,
      paidKobo,
      method: input.method,
      reference: input.reference ?? null,
      note: input.note ?? null,
      settledByUserId: principal.userId,
    });
    if (!settled) throw new AppError('CONFLICT', 'The trip is settled');
    await audit(tx, principal, request, {
      action: 'trip.cash_settled',
      entityType: 'trip',
      entityId: trip.id,
      data: {
        balanceKobo: totals.balanceKobo,
        paidKobo,
        method: input.method,
        reference: input.reference ?? null,
      },
    });
  });
  return tripMoneyFor(ctx, principal, tripId);
}

/** GET /api/v1/fleet/drivers/{id}/balance: the driver's running balance, with the trips behind it. */
export async function driverBalanceFor(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  page: { page: number; size: number },
): Promise<DriverBalance> {
  const companyId = principal.companyId;
  const driver = companyId ? await driverOfCompany(ctx.db, companyId, driverId) : null;
  if (!driver || !companyId) throw notFound('Driver');
  const cash = await driverCashByTrip(ctx.db, companyId, driverId, {
    limit: page.size,
    offset: page.page * page.size,
  });
  return {
    driver: { id: driver.id, name: driver.name ?? '' },
    balanceKobo: cash.balanceKobo,
    waitingKobo: cash.waitingKobo,
    unsettledTrips: cash.unsettledTrips,
    trips: {
      content: cash.rows.map((r) => ({
        tripId: r.tripId,
        tripNumber: r.tripNumber,
        advancesKobo: r.advancesKobo,
        approvedKobo: r.approvedKobo,
        waitingKobo: r.waitingKobo,
        paidKobo: r.paidKobo,
        settledAt: r.settledAt?.toISOString() ?? null,
        balanceKobo: r.approvedKobo - r.advancesKobo - r.paidKobo,
        lastActivityAt: r.lastActivityAt.toISOString(),
      })),
      totalElements: cash.trips,
      totalPages: Math.ceil(cash.trips / page.size),
      number: page.page,
      size: page.size,
    },
  };
}

/** The trip's cash as the driver's phone page shows it. */
export async function driverTripCash(db: Executor, tripId: string): Promise<DriverTripCash> {
  const [advancesKobo, expenses, settled] = await Promise.all([
    advancesTotalOfTrip(db, tripId),
    expensesForDriverPage(db, tripId),
    isTripSettled(db, tripId),
  ]);
  const totals = totalsOf(advancesKobo, expenses);
  return {
    advancesKobo,
    approvedKobo: totals.approvedKobo,
    waitingKobo: totals.waitingKobo,
    balanceKobo: totals.balanceKobo,
    settled,
    expenses: expenses.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountKobo: e.amountKobo,
      litres: e.litres === null ? null : Number(e.litres),
      status: e.status,
      reviewNote: e.status === 'APPROVED' ? null : e.reviewNote,
      spentAt: e.spentAt.toISOString(),
      hasReceipt: e.receiptStorageKey !== null,
    })),
  };
}

/** The words a driver's phone reads when an expense is recorded: "Expense recorded: Diesel". */
export function expenseRecordedMessage(kind: ExpenseFields['kind']): string {
  return `Expense recorded: ${EXPENSE_KIND_LABELS[kind]}`;
}

/**
 * The receipt of an expense of one of the caller's trips (transporter side), to download; another
 * company's receipt is not found, as one that does not exist.
 */
export async function expenseReceiptFor(
  ctx: AppContext,
  principal: Principal,
  expenseId: string,
): Promise<ExpenseRecord> {
  const expense = await findExpenseById(ctx.db, expenseId);
  if (!expense?.receiptStorageKey) throw notFound('Receipt');
  await tripOfTransporter(ctx.db, principal, expense.tripId, { notFoundAs: 'Receipt' });
  return expense;
}

/** The trip of an expense recorded for the driver; 404 when the driver has no such expense. */
export async function tripOfDriverExpense(
  db: Executor,
  driverId: string,
  expenseId: string,
): Promise<string> {
  const expense = await findExpenseOfDriver(db, driverId, expenseId);
  if (!expense) throw notFound('Expense');
  return expense.tripId;
}
