import type { z } from 'zod';
import {
  toPage,
  type adminPayoutListQuery,
  type Earning,
  type EarningListQuery,
  type EarningSummary,
  type MarkPayoutPaidRequest,
  type Page,
  type Payout,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { queueNotification } from '../notification';
import { payoutPaidNotification } from './payment-notifications';
import {
  findEarning,
  listEarnings,
  lockPayout,
  markPayoutPaid,
  summarizeEarnings,
  type EarningRow,
  type PayoutScope,
} from './payout.repository';

// What the platform owes transporters for paid invoices (docs/decisions/019-money.md): each paid invoice's
// payout, its commission and whether it has been transferred. A transporter's owner account and its fleet
// managers read their company's; admins read everyone's and mark them paid.

type AdminPayoutListQuery = z.infer<typeof adminPayoutListQuery>;

/** A transporter side's own payouts; customers have none to see. */
function earningsScopeOf(principal: Principal): { transporterCompanyId: string } {
  if (principal.role === 'role_transporter' || principal.role === 'role_fleet_manager') {
    return { transporterCompanyId: principal.companyId };
  }
  throw new AppError('FORBIDDEN', 'Earnings are for transporters.');
}

function requireAdmin(principal: Principal): PayoutScope {
  if (principal.role !== 'role_admin') throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
  return { all: true };
}

/** A payout as the API answers it: in the earnings and payouts lists, and on its invoice's page. */
export function toPayout(row: {
  id: string;
  status: Payout['status'];
  paidKobo: number;
  commissionBasisPoints: number;
  commissionKobo: number;
  netKobo: number;
  reference: string | null;
  paidOutAt: Date | null;
}): Payout {
  return {
    id: row.id,
    status: row.status,
    paidKobo: row.paidKobo,
    commissionBasisPoints: row.commissionBasisPoints,
    commissionKobo: row.commissionKobo,
    netKobo: row.netKobo,
    reference: row.reference,
    paidOutAt: row.paidOutAt ? row.paidOutAt.toISOString() : null,
  };
}

function toEarning(row: EarningRow): Earning {
  const { payout } = row;
  return {
    invoiceId: payout.invoiceId,
    invoiceNumber: row.invoiceNumber,
    trip: { id: row.tripId, tripNumber: row.tripNumber },
    customerName: row.customerName,
    transporterName: row.transporterName,
    paidAt: (row.paidAt ?? payout.createdAt).toISOString(),
    payout: toPayout(payout),
  };
}

/** GET /api/v1/earnings: the company's paid trips, newest first, with the commission and payout of each. */
export async function listMyEarnings(
  ctx: AppContext,
  principal: Principal,
  query: EarningListQuery,
): Promise<Page<Earning>> {
  const scope = earningsScopeOf(principal);
  const { rows, total } = await listEarnings(ctx.db, scope, query);
  return toPage(rows.map(toEarning), total, query);
}

/** GET /api/v1/earnings/summary: the company's totals over every paid trip. */
export async function myEarningsSummary(ctx: AppContext, principal: Principal): Promise<EarningSummary> {
  const scope = earningsScopeOf(principal);
  return summarizeEarnings(ctx.db, scope.transporterCompanyId);
}

/** GET /api/v1/admin/payouts: every transporter's payouts, the pending ones first. */
export async function listPayoutsForAdmin(
  ctx: AppContext,
  principal: Principal,
  query: AdminPayoutListQuery,
): Promise<Page<Earning>> {
  const scope = requireAdmin(principal);
  const { rows, total } = await listEarnings(ctx.db, scope, query);
  return toPage(rows.map(toEarning), total, query);
}

/**
 * POST /api/v1/admin/payouts/{id}/paid: the admin records the transfer made to the transporter, who is
 * told. A payout is paid once.
 */
export async function markPayoutAsPaid(
  ctx: AppContext,
  principal: Principal,
  payoutId: string,
  input: MarkPayoutPaidRequest,
  origin: RequestOrigin,
): Promise<Earning> {
  requireAdmin(principal);
  const payoutIdPaid = await ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw notFound('Payout');
    if (payout.status === 'PAID') {
      throw new AppError(
        'CONFLICT',
        `This payout was paid already (reference ${payout.reference ?? 'not given'}).`,
      );
    }
    const paid = await markPayoutPaid(tx, payout.id, {
      reference: input.reference,
      paidOutAt: new Date(),
      paidOutBy: principal.userId,
    });
    if (!paid) throw new AppError('CONFLICT', 'This payout was paid already.');
    const earning = (await findEarning(tx, paid.id))!;
    await audit(tx, principal, origin, {
      action: 'payout.paid',
      entityType: 'payout',
      entityId: paid.id,
      data: {
        before: { status: payout.status, reference: payout.reference, paidOutAt: null },
        after: {
          status: paid.status,
          reference: paid.reference,
          paidOutAt: paid.paidOutAt?.toISOString() ?? null,
        },
        invoiceId: paid.invoiceId,
        netKobo: paid.netKobo,
      },
    });
    await queueNotification(
      ctx,
      tx,
      payoutPaidNotification(
        {
          id: paid.id,
          netKobo: paid.netKobo,
          reference: input.reference,
          transporterCompanyId: paid.transporterCompanyId,
          invoiceNumber: earning.invoiceNumber,
          tripNumber: earning.tripNumber,
        },
        principal.userId,
      ),
    );
    return paid.id;
  });
  return toEarning((await findEarning(ctx.db, payoutIdPaid))!);
}
