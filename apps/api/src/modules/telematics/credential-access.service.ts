import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { findCredentialOfCompany, type TrackingCredentialView } from './tracking-credential.repository';

/**
 * The one access check for a tracking account: it belongs to the caller's company (the routes let only
 * the owner account and fleet managers in). Any other company's account answers 404, as if missing.
 */
export async function loadCredentialFor(
  db: Executor,
  principal: Principal,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TrackingCredentialView> {
  const credential = await findCredentialOfCompany(db, principal.companyId, id, options.forUpdate);
  if (!credential) throw notFound('Tracking account');
  return credential;
}
