import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { addDays } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { scheduleInvoiceReminders } from '../../modules/invoice/invoice-reminder.job';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import type { Tx } from '../client';
import { bids, companies, invoices, orders, trips, users } from '../schema';

/**
 * The demo's clock. The services stamp what they write with the moment the seed runs; the seed then puts
 * each event at its place in the story (an order placed days ago, its bids hours later, its award after
 * bidding closed…), every time measured back from one `now`, so the times of one seed agree to the
 * millisecond and none lies in the future.
 */
export interface StoryClock {
  readonly now: number;
  ago(ms: number): Date;
}

export function storyClock(now: number = Date.now()): StoryClock {
  return { now, ago: (ms) => new Date(now - ms) };
}

/**
 * A person signed up (or took their invitation) at `at`; with `company`, their company was created then
 * too, and verified at `verifiedAt` when it is verified.
 */
export async function joinedAt(
  tx: Tx,
  email: string,
  at: Date,
  company: { verifiedAt: Date | null } | null,
): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`Demo user ${email} is missing`);
  await tx
    .update(users)
    .set({
      createdAt: at,
      updatedAt: at,
      activatedAt: user.activatedAt ? at : null,
      termsAcceptedAt: user.termsAcceptedAt ? at : null,
    })
    .where(eq(users.id, user.id));
  if (!company) return;
  const [row] = await tx.select().from(companies).where(eq(companies.id, user.companyId));
  await tx
    .update(companies)
    .set({
      createdAt: at,
      updatedAt: company.verifiedAt ?? at,
      verifiedAt: row?.verificationStatus === 'VERIFIED' ? company.verifiedAt : null,
    })
    .where(eq(companies.id, user.companyId));
}

export async function placedAt(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ createdAt: at, updatedAt: at }).where(eq(orders.id, orderId));
}

export async function bidPlacedAt(tx: Tx, bidId: string, at: Date): Promise<void> {
  await tx.update(bids).set({ createdAt: at, updatedAt: at }).where(eq(bids.id, bidId));
}

export async function bidWithdrawnAt(tx: Tx, bidId: string, at: Date): Promise<void> {
  await tx.update(bids).set({ withdrawnAt: at, updatedAt: at }).where(eq(bids.id, bidId));
}

export async function biddingClosedAt(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ biddingClosesAt: at }).where(eq(orders.id, orderId));
}

/**
 * The award at `at`: the order, the bids it decided, its trips and their invoices, which fall due the
 * platform's payment terms later and are reminded of by then (the award's own reminders were not queued).
 */
export async function awardedAt(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Tx,
  orderId: string,
  at: Date,
): Promise<void> {
  await tx.update(orders).set({ awardedAt: at, updatedAt: at }).where(eq(orders.id, orderId));
  await tx
    .update(bids)
    .set({ decidedAt: at, updatedAt: at })
    .where(and(eq(bids.orderId, orderId), isNotNull(bids.decidedAt)));
  const tripIds = (
    await tx.update(trips).set({ createdAt: at, updatedAt: at }).where(eq(trips.orderId, orderId)).returning({
      id: trips.id,
    })
  ).map((r) => r.id);
  const dueAt = addDays(at, (await readPlatformTerms(tx)).paymentTermsDays);
  await tx.update(invoices).set({ createdAt: at, dueAt }).where(inArray(invoices.tripId, tripIds));
  await scheduleInvoiceReminders(ctx, tx, tripIds, dueAt);
}

/** The customer cancelled the order at `at`, closing the bids still open on it. */
export async function orderCancelledAt(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ cancelledAt: at, updatedAt: at }).where(eq(orders.id, orderId));
  await tx
    .update(bids)
    .set({ decidedAt: at, updatedAt: at })
    .where(and(eq(bids.orderId, orderId), isNotNull(bids.decidedAt)));
}
