import {
  DEFAULT_WAITING_FREE_HOURS,
  type UpdateWaitingTermsRequest,
  type WaitingTerms,
  type WaitingTermsView,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { findWaitingTerms, updateWaitingTerms } from './waiting-terms.repository';

// A transporter's waiting terms (docs/decisions/019-money.md): the hours a truck waits free at a pickup or
// a delivery, then the rate per started hour the platform proposes to the customer as a waiting charge.

/** Waiting terms belong to a transporter; its owner account and fleet managers are the ones who see them. */
function assertTransporter(principal: Principal): void {
  if (principal.companyType !== 'TRANSPORTER') {
    throw new AppError('FORBIDDEN', 'Only a transporter has waiting terms');
  }
}

export async function getWaitingTerms(ctx: AppContext, principal: Principal): Promise<WaitingTermsView> {
  assertTransporter(principal);
  const terms = await findWaitingTerms(ctx.db, principal.companyId);
  if (!terms) throw notFound('Company');
  return terms;
}

/** The company owner sets them; a change applies to waiting charges worked out from then on. */
export async function setWaitingTerms(
  ctx: AppContext,
  principal: Principal,
  input: UpdateWaitingTermsRequest,
  ip: string,
): Promise<WaitingTermsView> {
  assertTransporter(principal);
  return ctx.db.transaction(async (tx) => {
    const current = await findWaitingTerms(tx, principal.companyId, { forUpdate: true });
    if (!current) throw notFound('Company');
    const updated = await updateWaitingTerms(tx, principal.companyId, input);
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'company.waiting_terms_updated',
        entityType: 'company',
        entityId: principal.companyId,
        data: changeOf(current, input),
      },
    );
    return updated!;
  });
}

/**
 * The terms a waiting charge is worked out with, read in the caller's transaction so the charge uses the
 * terms in force when the step is recorded. A company that cannot be found charges nothing.
 */
export async function waitingTermsOf(db: Executor, companyId: string): Promise<WaitingTerms> {
  const terms = await findWaitingTerms(db, companyId);
  return terms ?? { freeHours: DEFAULT_WAITING_FREE_HOURS, rateKoboPerHour: null };
}
