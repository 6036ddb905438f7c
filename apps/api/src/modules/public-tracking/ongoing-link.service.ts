import type { OngoingTripsLink } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { audit, type RequestOrigin } from '../../lib/audit';
import { randomToken } from '../../lib/secure-token';
import type { Principal } from '../../plugins/auth';
import {
  announceOngoingLinkRotated,
  createOngoingShareId,
  findOngoingShareId,
  rotateOngoingShareId,
} from './public-tracking.repository';

/**
 * The customer company's link to its public ongoing-trips table, made on first ask: 128 random bits, so
 * it cannot be guessed, and never derived from the company's id.
 */
export async function ongoingTripsLinkOf(
  ctx: AppContext,
  principal: Principal,
  request: RequestOrigin,
): Promise<OngoingTripsLink> {
  const existing = await findOngoingShareId(ctx.db, principal.companyId);
  if (existing) return { shareId: existing };
  const shareId = await ctx.db.transaction(async (tx) => {
    const created = await createOngoingShareId(tx, principal.companyId, randomToken(16));
    // Two first asks at once: the one that lost reads the winner's id.
    if (!created) return (await findOngoingShareId(tx, principal.companyId))!;
    await audit(tx, principal, request, {
      action: 'company.ongoing_link_created',
      entityType: 'company',
      entityId: principal.companyId,
    });
    return created;
  });
  return { shareId };
}

/**
 * Gives the company a new share id; the old link stops working at once, on every instance: the UPDATE
 * replaces it, this instance forgets what it cached, and the others hear of it on ongoing_link_rotated.
 */
export async function rotateOngoingTripsLink(
  ctx: AppContext,
  principal: Principal,
  request: RequestOrigin,
): Promise<OngoingTripsLink> {
  const shareId = randomToken(16);
  await ctx.db.transaction(async (tx) => {
    const { previous } = await rotateOngoingShareId(tx, principal.companyId, shareId);
    await announceOngoingLinkRotated(tx, principal.companyId);
    await audit(tx, principal, request, {
      action: 'company.ongoing_link_rotated',
      entityType: 'company',
      entityId: principal.companyId,
      // The ids are live or recently live links; the log records that it happened, not the links.
      data: { hadLink: previous !== null },
    });
  });
  ctx.publicTracking.cache.forgetCompany(principal.companyId);
  return { shareId };
}
