import { AppError } from '../errors';
import type { Principal } from '../plugins/auth';

/**
 * Business-creating actions (placing an order, bidding, awarding) need a verified company. The
 * message is the first half of the spec's unverified-account dialog, which the web app completes.
 */
export function assertCompanyVerified(principal: Principal, action: string): void {
  if (principal.verificationStatus !== 'VERIFIED') {
    throw new AppError('COMPANY_NOT_VERIFIED', `You cannot ${action} yet`);
  }
}
