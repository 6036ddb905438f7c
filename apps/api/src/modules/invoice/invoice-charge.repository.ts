import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChargeKind, TripStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { invoiceCharges, tripStatusLogs, users } from '../../db/schema';

export type ChargeRow = typeof invoiceCharges.$inferSelect;

const proposer = alias(users, 'proposer');
const answerer = alias(users, 'answerer');

/** An invoice's charges, oldest first, with the names of who proposed and who answered each. */
export async function listChargesOfInvoice(db: Executor, invoiceId: string) {
  return db
    .select({
      charge: invoiceCharges,
      proposedBy: sql<string | null>`${proposer.firstName} || ' ' || ${proposer.lastName}`,
      answeredBy: sql<string | null>`${answerer.firstName} || ' ' || ${answerer.lastName}`,
    })
    .from(invoiceCharges)
    .leftJoin(proposer, eq(proposer.id, invoiceCharges.proposedBy))
    .leftJoin(answerer, eq(answerer.id, invoiceCharges.answeredBy))
    .where(eq(invoiceCharges.invoiceId, invoiceId))
    .orderBy(asc(invoiceCharges.createdAt), asc(invoiceCharges.id));
}

/** A charge of this invoice only: another invoice's charge id finds nothing. */
export async function findCharge(db: Executor, invoiceId: string, chargeId: string) {
  const [row] = await db
    .select()
    .from(invoiceCharges)
    .where(and(eq(invoiceCharges.id, chargeId), eq(invoiceCharges.invoiceId, invoiceId)))
    .limit(1);
  return row;
}

/** The one waiting charge of a stop on an invoice, if it has one. */
export async function findWaitingCharge(db: Executor, invoiceId: string, kind: ChargeKind) {
  const [row] = await db
    .select()
    .from(invoiceCharges)
    .where(and(eq(invoiceCharges.invoiceId, invoiceId), eq(invoiceCharges.kind, kind)))
    .limit(1);
  return row;
}

export async function insertCharge(db: Executor, values: typeof invoiceCharges.$inferInsert) {
  const [row] = await db.insert(invoiceCharges).values(values).returning();
  return row!;
}

export async function updateCharge(
  db: Executor,
  chargeId: string,
  values: Partial<typeof invoiceCharges.$inferInsert>,
) {
  const [row] = await db
    .update(invoiceCharges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoiceCharges.id, chargeId))
    .returning();
  return row!;
}

/** The amounts of the charges the customer accepted: the only ones the invoice counts. */
export async function acceptedChargeAmounts(db: Executor, invoiceId: string): Promise<number[]> {
  const rows = await db
    .select({ amountKobo: invoiceCharges.amountKobo })
    .from(invoiceCharges)
    .where(and(eq(invoiceCharges.invoiceId, invoiceId), eq(invoiceCharges.status, 'ACCEPTED')));
  return rows.map((r) => r.amountKobo);
}

/** When the trip reached a step, as its live (not undone) log says; undefined when it has not. */
export async function liveStepAt(
  db: Executor,
  tripId: string,
  status: TripStatus,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: tripStatusLogs.at })
    .from(tripStatusLogs)
    .where(
      and(
        eq(tripStatusLogs.tripId, tripId),
        eq(tripStatusLogs.status, status),
        isNull(tripStatusLogs.undoneAt),
      ),
    )
    .limit(1);
  return row?.at;
}
