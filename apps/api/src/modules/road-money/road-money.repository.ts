import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  drivers,
  invoices,
  payouts,
  tripAdvances,
  tripDieselFlags,
  tripExpenses,
  tripRoutes,
  tripSettlements,
  trips,
  trucks,
  users,
} from '../../db/schema';

export type AdvanceRecord = typeof tripAdvances.$inferSelect;
export type ExpenseRecord = typeof tripExpenses.$inferSelect;
export type SettlementRecord = typeof tripSettlements.$inferSelect;

const recorder = alias(users, 'recorder');
const reviewer = alias(users, 'reviewer');
const recordingDriver = alias(drivers, 'recording_driver');

const fullName = (first: unknown, last: unknown) =>
  sql<string | null>`nullif(trim(${first} || ' ' || ${last}), '')`;
const driverName = fullName(drivers.firstName, drivers.lastName);

export interface AdvanceRow {
  advance: AdvanceRecord;
  driverName: string | null;
  givenBy: string | null;
}

export interface ExpenseRow {
  expense: ExpenseRecord;
  driverName: string | null;
  recordedBy: string | null;
  reviewedBy: string | null;
}

export interface SettlementRow {
  settlement: SettlementRecord;
  driverName: string | null;
  settledBy: string | null;
}

export async function insertAdvance(db: Executor, values: typeof tripAdvances.$inferInsert) {
  const [row] = await db.insert(tripAdvances).values(values).returning();
  return row!;
}

/** Removes an advance of the trip; null when the trip has no such advance. */
export async function deleteAdvance(db: Executor, tripId: string, advanceId: string) {
  const [row] = await db
    .delete(tripAdvances)
    .where(and(eq(tripAdvances.tripId, tripId), eq(tripAdvances.id, advanceId)))
    .returning();
  return row ?? null;
}

export async function insertExpense(db: Executor, values: typeof tripExpenses.$inferInsert) {
  const [row] = await db.insert(tripExpenses).values(values).returning();
  return row!;
}

/** An expense of the trip, locked for the rest of the transaction; null when the trip has no such expense. */
export async function lockExpense(db: Executor, tripId: string, expenseId: string) {
  const [row] = await db
    .select()
    .from(tripExpenses)
    .where(and(eq(tripExpenses.tripId, tripId), eq(tripExpenses.id, expenseId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateExpense(
  db: Executor,
  expenseId: string,
  values: Partial<typeof tripExpenses.$inferInsert>,
) {
  const [row] = await db
    .update(tripExpenses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tripExpenses.id, expenseId))
    .returning();
  return row!;
}

export async function advancesOfTrip(db: Executor, tripId: string): Promise<AdvanceRow[]> {
  return db
    .select({
      advance: tripAdvances,
      driverName,
      givenBy: fullName(users.firstName, users.lastName),
    })
    .from(tripAdvances)
    .innerJoin(drivers, eq(drivers.id, tripAdvances.driverId))
    .leftJoin(users, eq(users.id, tripAdvances.createdByUserId))
    .where(eq(tripAdvances.tripId, tripId))
    .orderBy(asc(tripAdvances.givenAt), asc(tripAdvances.id));
}

export async function expensesOfTrip(db: Executor, tripId: string): Promise<ExpenseRow[]> {
  return db
    .select({
      expense: tripExpenses,
      driverName,
      recordedBy: sql<
        string | null
      >`coalesce(${fullName(recorder.firstName, recorder.lastName)}, ${fullName(recordingDriver.firstName, recordingDriver.lastName)})`,
      reviewedBy: fullName(reviewer.firstName, reviewer.lastName),
    })
    .from(tripExpenses)
    .innerJoin(drivers, eq(drivers.id, tripExpenses.driverId))
    .leftJoin(recorder, eq(recorder.id, tripExpenses.recordedByUserId))
    .leftJoin(recordingDriver, eq(recordingDriver.id, tripExpenses.recordedByDriverId))
    .leftJoin(reviewer, eq(reviewer.id, tripExpenses.reviewedByUserId))
    .where(eq(tripExpenses.tripId, tripId))
    .orderBy(asc(tripExpenses.spentAt), asc(tripExpenses.createdAt), asc(tripExpenses.id));
}

export async function settlementOfTrip(db: Executor, tripId: string): Promise<SettlementRow | null> {
  const [row] = await db
    .select({
      settlement: tripSettlements,
      driverName,
      settledBy: fullName(users.firstName, users.lastName),
    })
    .from(tripSettlements)
    .innerJoin(drivers, eq(drivers.id, tripSettlements.driverId))
    .leftJoin(users, eq(users.id, tripSettlements.settledByUserId))
    .where(eq(tripSettlements.tripId, tripId))
    .limit(1);
  return row ?? null;
}

/** Settles the trip once: false when it was settled already (a racing settlement won). */
export async function insertSettlement(db: Executor, values: typeof tripSettlements.$inferInsert) {
  const rows = await db
    .insert(tripSettlements)
    .values(values)
    .onConflictDoNothing()
    .returning({ tripId: tripSettlements.tripId });
  return rows.length > 0;
}

/** The commission the payout of the trip's paid invoice took; null before the invoice is paid. */
export async function payoutCommissionOfTrip(db: Executor, tripId: string) {
  const [row] = await db
    .select({ commissionBasisPoints: payouts.commissionBasisPoints })
    .from(payouts)
    .innerJoin(invoices, eq(invoices.id, payouts.invoiceId))
    .where(eq(invoices.tripId, tripId))
    .limit(1);
  return row ?? null;
}

/** The driver's name when the driver belongs to the company; null otherwise. */
export async function driverOfCompany(db: Executor, companyId: string, driverId: string) {
  const [row] = await db
    .select({ id: drivers.id, name: driverName })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export interface DriverTripCashRow {
  tripId: string;
  tripNumber: string;
  advancesKobo: number;
  approvedKobo: number;
  waitingKobo: number;
  paidKobo: number;
  settledAt: Date | null;
  lastActivityAt: Date;
}

/**
 * The driver's cash per trip with this company: every trip with an advance, an expense or a settlement of
 * the driver's, the latest first, one page; and the sums over all of them. A trip counts as settled once
 * it is, whichever of its drivers it was settled with.
 */
export async function driverCashByTrip(
  db: Executor,
  companyId: string,
  driverId: string,
  page: { limit: number; offset: number },
) {
  const perTrip = sql`
    WITH lines AS (
      SELECT trip_id, amount_kobo AS advances, 0::bigint AS approved, 0::bigint AS waiting, 0::bigint AS paid,
             given_at AS at
        FROM trip_advances WHERE driver_id = ${driverId} AND transporter_company_id = ${companyId}
      UNION ALL
      SELECT trip_id, 0, CASE WHEN status = 'APPROVED' THEN amount_kobo ELSE 0 END,
             CASE WHEN status IN ('PENDING', 'QUERIED') THEN amount_kobo ELSE 0 END, 0, spent_at
        FROM trip_expenses WHERE driver_id = ${driverId} AND transporter_company_id = ${companyId}
      UNION ALL
      SELECT trip_id, 0, 0, 0, paid_kobo, settled_at
        FROM trip_settlements WHERE driver_id = ${driverId} AND transporter_company_id = ${companyId}
    ), per_trip AS (
      SELECT trip_id, sum(advances)::bigint AS advances, sum(approved)::bigint AS approved,
             sum(waiting)::bigint AS waiting, sum(paid)::bigint AS paid, max(at) AS last_at
        FROM lines GROUP BY trip_id
    )`;
  const rows = (await db.execute(sql`${perTrip}
      SELECT p.*, t.trip_number, s.settled_at
        FROM per_trip p JOIN trips t ON t.id = p.trip_id LEFT JOIN trip_settlements s ON s.trip_id = p.trip_id
       ORDER BY p.last_at DESC, p.trip_id LIMIT ${page.limit} OFFSET ${page.offset}`)) as unknown as {
    rows: {
      trip_id: string;
      trip_number: string;
      advances: string;
      approved: string;
      waiting: string;
      paid: string;
      settled_at: string | Date | null;
      last_at: string | Date;
    }[];
  };
  const totals = (await db.execute(sql`${perTrip}
      SELECT count(*) AS trips,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM trip_settlements s WHERE s.trip_id = per_trip.trip_id))
               AS unsettled,
             coalesce(sum(approved - advances - paid), 0) AS balance, coalesce(sum(waiting), 0) AS waiting
        FROM per_trip`)) as unknown as {
    rows: { trips: string; unsettled: string; balance: string; waiting: string }[];
  };
  const total = totals.rows[0]!;
  return {
    rows: rows.rows.map((r): DriverTripCashRow => ({
      tripId: r.trip_id,
      tripNumber: r.trip_number,
      advancesKobo: Number(r.advances),
      approvedKobo: Number(r.approved),
      waitingKobo: Number(r.waiting),
      paidKobo: Number(r.paid),
      settledAt: r.settled_at === null ? null : new Date(r.settled_at),
      lastActivityAt: new Date(r.last_at),
    })),
    trips: Number(total.trips),
    unsettledTrips: Number(total.unsettled),
    balanceKobo: Number(total.balance),
    waitingKobo: Number(total.waiting),
  };
}

/** The trip's expenses as the driver's phone shows them, oldest first. */
export async function expensesForDriverPage(db: Executor, tripId: string) {
  return db
    .select()
    .from(tripExpenses)
    .where(eq(tripExpenses.tripId, tripId))
    .orderBy(desc(tripExpenses.spentAt), desc(tripExpenses.id));
}

/** The sum of the trip's advances. */
export async function advancesTotalOfTrip(db: Executor, tripId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${tripAdvances.amountKobo}), 0)` })
    .from(tripAdvances)
    .where(eq(tripAdvances.tripId, tripId));
  return Number(row?.total ?? 0);
}

export async function isTripSettled(db: Executor, tripId: string): Promise<boolean> {
  const [row] = await db
    .select({ tripId: tripSettlements.tripId })
    .from(tripSettlements)
    .where(eq(tripSettlements.tripId, tripId))
    .limit(1);
  return row !== undefined;
}

/** An expense recorded for the driver; null when the driver has no such expense. */
export async function findExpenseOfDriver(db: Executor, driverId: string, expenseId: string) {
  const [row] = await db
    .select({ id: tripExpenses.id, tripId: tripExpenses.tripId })
    .from(tripExpenses)
    .where(and(eq(tripExpenses.driverId, driverId), eq(tripExpenses.id, expenseId)))
    .limit(1);
  return row ?? null;
}

/** Every advance given to the driver, oldest first, with its trip's number: for the driver's data export. */
export async function advancesOfDriver(db: Executor, driverId: string) {
  return db
    .select({
      tripNumber: trips.tripNumber,
      method: tripAdvances.method,
      amountKobo: tripAdvances.amountKobo,
      givenAt: tripAdvances.givenAt,
    })
    .from(tripAdvances)
    .innerJoin(trips, eq(trips.id, tripAdvances.tripId))
    .where(eq(tripAdvances.driverId, driverId))
    .orderBy(asc(tripAdvances.givenAt), asc(tripAdvances.id));
}

/** Every expense recorded for the driver, oldest first, with where the phone was: for the export. */
export async function expensesOfDriver(db: Executor, driverId: string) {
  return db
    .select({
      tripNumber: trips.tripNumber,
      kind: tripExpenses.kind,
      amountKobo: tripExpenses.amountKobo,
      status: tripExpenses.status,
      spentAt: tripExpenses.spentAt,
      place: tripExpenses.place,
      latitude: tripExpenses.latitude,
      longitude: tripExpenses.longitude,
    })
    .from(tripExpenses)
    .innerJoin(trips, eq(trips.id, tripExpenses.tripId))
    .where(eq(tripExpenses.driverId, driverId))
    .orderBy(asc(tripExpenses.spentAt), asc(tripExpenses.id));
}

/** Forgets where the driver's phone was for each expense (the location history's erasure); answers how many. */
export async function forgetExpenseSpots(db: Executor, driverId: string): Promise<number> {
  const rows = await db
    .update(tripExpenses)
    .set({ latitude: null, longitude: null })
    .where(and(eq(tripExpenses.driverId, driverId), sql`${tripExpenses.latitude} IS NOT NULL`))
    .returning({ id: tripExpenses.id });
  return rows.length;
}

/** Diesel bought on the trip and not rejected, in litres. */
export async function dieselLitresOfTrip(db: Executor, tripId: string): Promise<number> {
  const [row] = await db
    .select({ litres: sql<string | null>`sum(${tripExpenses.litres})` })
    .from(tripExpenses)
    .where(
      and(
        eq(tripExpenses.tripId, tripId),
        eq(tripExpenses.kind, 'DIESEL'),
        sql`${tripExpenses.status} <> 'REJECTED'`,
      ),
    );
  return Number(row?.litres ?? 0);
}

/** The length of the trip's route as kept when it ended (decision 041); null before, or without one. */
export async function keptDistanceOfTrip(db: Executor, tripId: string): Promise<number | null> {
  const [row] = await db
    .select({ km: tripRoutes.distanceKm })
    .from(tripRoutes)
    .where(eq(tripRoutes.tripId, tripId))
    .limit(1);
  return row?.km ?? null;
}

/**
 * The truck's latest trips that ended before `before`, other than `exceptTripId`, long enough to judge and
 * with diesel bought: their litres and kept route length, the latest first.
 */
export async function truckDieselTrips(
  db: Executor,
  q: { companyId: string; truckId: string; exceptTripId: string; before: Date; minKm: number; limit: number },
): Promise<{ litres: number; distanceKm: number }[]> {
  const { rows } = (await db.execute(sql`
    SELECT sum(e.litres) AS litres, r.distance_km
      FROM trips t
      JOIN trip_routes r ON r.trip_id = t.id AND r.distance_km >= ${q.minKm}
      JOIN trip_expenses e ON e.trip_id = t.id AND e.kind = 'DIESEL' AND e.status <> 'REJECTED'
     WHERE t.truck_id = ${q.truckId} AND t.transporter_company_id = ${q.companyId} AND t.completed
       AND t.id <> ${q.exceptTripId} AND t.latest_status_at < ${q.before.toISOString()}::timestamptz
     GROUP BY t.id, r.distance_km, t.latest_status_at
     ORDER BY t.latest_status_at DESC
     LIMIT ${q.limit}`)) as unknown as { rows: { litres: string; distance_km: number }[] };
  return rows.map((r) => ({ litres: Number(r.litres), distanceKm: Number(r.distance_km) }));
}

/** Flags the trip's diesel once: false when it was flagged before. */
export async function insertDieselFlag(db: Executor, values: typeof tripDieselFlags.$inferInsert) {
  const rows = await db
    .insert(tripDieselFlags)
    .values(values)
    .onConflictDoNothing()
    .returning({ tripId: tripDieselFlags.tripId });
  return rows.length > 0;
}

/** What the diesel check reads of a trip: its company, truck (with its plate) and end. */
export interface DieselTrip {
  id: string;
  tripNumber: string;
  transporterCompanyId: string;
  truckId: string | null;
  plate: string | null;
  completed: boolean;
  latestStatusAt: Date | null;
}

export async function dieselTripOf(db: Executor, tripId: string): Promise<DieselTrip | null> {
  const [row] = await db
    .select({
      id: trips.id,
      tripNumber: trips.tripNumber,
      transporterCompanyId: trips.transporterCompanyId,
      truckId: trips.truckId,
      plate: trucks.registrationNumber,
      completed: trips.completed,
      latestStatusAt: trips.latestStatusAt,
    })
    .from(trips)
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .where(eq(trips.id, tripId))
    .limit(1);
  return row ?? null;
}

export async function findExpenseById(db: Executor, expenseId: string) {
  const [row] = await db.select().from(tripExpenses).where(eq(tripExpenses.id, expenseId)).limit(1);
  return row ?? null;
}
