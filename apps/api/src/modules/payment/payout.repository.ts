import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PayoutStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, invoices, payouts, trips } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export type PayoutRow = typeof payouts.$inferSelect;

const customer = alias(companies, 'customer');
const transporter = alias(companies, 'transporter');

/** Whose payouts a caller reads: one transporter's, or everyone's (admins). */
export type PayoutScope = { transporterCompanyId: string } | { all: true };

export interface PayoutFilter {
  status?: PayoutStatus;
  q?: string;
  page: number;
  size: number;
}

const earningColumns = {
  payout: payouts,
  invoiceNumber: invoices.invoiceNumber,
  tripId: invoices.tripId,
  tripNumber: trips.tripNumber,
  paidAt: invoices.paidAt,
  customerName: customer.name,
  transporterName: transporter.name,
};

function earningsOf(db: Executor) {
  return db
    .select(earningColumns)
    .from(payouts)
    .innerJoin(invoices, eq(invoices.id, payouts.invoiceId))
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(customer, eq(customer.id, invoices.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, payouts.transporterCompanyId));
}
export type EarningRow = Awaited<ReturnType<ReturnType<typeof earningsOf>['limit']>>[number];

function scopeSql(scope: PayoutScope): SQL | undefined {
  return 'all' in scope ? undefined : eq(payouts.transporterCompanyId, scope.transporterCompanyId);
}

/**
 * A page of payouts with their invoices and trips. A transporter reads its newest first; the back office
 * reads the pending ones first, the longest owed at the top, then those paid out, newest first.
 */
export async function listEarnings(db: Executor, scope: PayoutScope, filter: PayoutFilter) {
  const search = filter.q ? containsPattern(filter.q) : null;
  const where = and(
    scopeSql(scope),
    filter.status ? eq(payouts.status, filter.status) : undefined,
    search
      ? or(
          ilike(transporter.name, search),
          ilike(invoices.invoiceNumber, search),
          ilike(trips.tripNumber, search),
        )
      : undefined,
  );
  const order =
    'all' in scope
      ? [
          sql`case when ${payouts.status} = 'PENDING' then 0 else 1 end`,
          sql`case when ${payouts.status} = 'PENDING' then ${invoices.paidAt} end asc`,
          desc(invoices.paidAt),
          asc(payouts.id),
        ]
      : [desc(invoices.paidAt), asc(payouts.id)];
  const rows = await earningsOf(db)
    .where(where)
    .orderBy(...order)
    .limit(filter.size)
    .offset(filter.page * filter.size);
  const [total] = await db
    .select({ n: count() })
    .from(payouts)
    .innerJoin(invoices, eq(invoices.id, payouts.invoiceId))
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(transporter, eq(transporter.id, payouts.transporterCompanyId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One payout with its invoice and trip. */
export async function findEarning(db: Executor, payoutId: string): Promise<EarningRow | undefined> {
  const [row] = await earningsOf(db).where(eq(payouts.id, payoutId)).limit(1);
  return row;
}

/** The sum of a kobo column over the rows (those matching `where`, when given), 0 when there are none. */
function sumOf(column: AnyColumn, where?: SQL) {
  const filtered = where ? sql`sum(${column}) filter (where ${where})` : sql`sum(${column})`;
  return sql<number>`coalesce(${filtered}, 0)`.mapWith(Number);
}

/** A transporter's totals over every paid invoice. */
export async function summarizeEarnings(db: Executor, transporterCompanyId: string) {
  const [row] = await db
    .select({
      paidByCustomersKobo: sumOf(payouts.paidKobo),
      commissionKobo: sumOf(payouts.commissionKobo),
      netKobo: sumOf(payouts.netKobo),
      pendingPayoutKobo: sumOf(payouts.netKobo, eq(payouts.status, 'PENDING')),
      paidOutKobo: sumOf(payouts.netKobo, eq(payouts.status, 'PAID')),
    })
    .from(payouts)
    .where(eq(payouts.transporterCompanyId, transporterCompanyId));
  return row!;
}

/** The payout written when an invoice is paid; an invoice has one, so a second is never written. */
export async function insertPayout(db: Executor, values: typeof payouts.$inferInsert) {
  const [row] = await db
    .insert(payouts)
    .values(values)
    .onConflictDoNothing({ target: payouts.invoiceId })
    .returning();
  return row;
}

/** The payout, held until the transaction ends so two admins marking it paid queue up. */
export async function lockPayout(db: Executor, payoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1).for('update');
  return row;
}

/** Records the transfer to the transporter; undefined when the payout was paid out already. */
export async function markPayoutPaid(
  db: Executor,
  payoutId: string,
  values: { reference: string; paidOutAt: Date; paidOutBy: string | null },
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ status: 'PAID', ...values })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'PENDING')))
    .returning();
  return row;
}
