import type { SetTrackingLinkExpiryRequest, TrackingLink } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { audit, type RequestOrigin } from '../../lib/audit';
import { randomToken } from '../../lib/secure-token';
import type { Principal } from '../../plugins/auth';
import { loadTripFor } from '../trip';
import { replaceTrackingId, setTrackingExpiry } from './public-tracking.repository';

/**
 * Sets when a trip's tracking link stops working, or null for never. Any party of the trip may (its
 * customer, transporter or fleet manager, or an admin), on a trip at any stage, cancelled included: the
 * link is theirs to hand out and to end. The contract keeps the expiry in the future and at most
 * TRACKING_LINK_MAX_DAYS away.
 */
export async function setTrackingLinkExpiry(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: SetTrackingLinkExpiryRequest,
  request: RequestOrigin,
): Promise<TrackingLink> {
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const { link, customerCompanyId } = await ctx.db.transaction(async (tx) => {
    const { trip, side } = await loadTripFor(tx, principal, tripId, { forUpdate: true });
    await setTrackingExpiry(tx, trip.id, expiresAt);
    await audit(tx, principal, request, {
      action: 'trip.tracking_link_expiry_set',
      entityType: 'trip',
      entityId: trip.id,
      data: {
        tripNumber: trip.tripNumber,
        side,
        expiresAt: expiresAt?.toISOString() ?? null,
        previousExpiresAt: trip.trackingExpiresAt?.toISOString() ?? null,
      },
    });
    return {
      link: { trackingId: trip.trackingId, expiresAt: expiresAt?.toISOString() ?? null },
      customerCompanyId: trip.customerCompanyId,
    };
  });
  // The trigger announces it to every instance; this one drops it now, so the caller's next read is fresh.
  ctx.publicTracking.cache.forgetTrip(tripId, customerCompanyId);
  return link;
}

/**
 * Ends the trip's current tracking link: the trip gets a fresh unguessable id (the expiry, if any, carries
 * over) and the old id is remembered, so whoever still holds it reads that it was revoked.
 */
export async function revokeTrackingLink(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  request: RequestOrigin,
): Promise<TrackingLink> {
  const { link, customerCompanyId } = await ctx.db.transaction(async (tx) => {
    const { trip, side } = await loadTripFor(tx, principal, tripId, { forUpdate: true });
    const freshId = randomToken(16);
    await replaceTrackingId(tx, trip, freshId, principal.userId);
    await audit(tx, principal, request, {
      action: 'trip.tracking_link_revoked',
      entityType: 'trip',
      entityId: trip.id,
      // The revoked id is dead and safe to keep; the fresh one is a live link and stays out of the log.
      data: { tripNumber: trip.tripNumber, side, revokedTrackingId: trip.trackingId },
    });
    return {
      link: { trackingId: freshId, expiresAt: trip.trackingExpiresAt?.toISOString() ?? null },
      customerCompanyId: trip.customerCompanyId,
    };
  });
  ctx.publicTracking.cache.forgetTrip(tripId, customerCompanyId);
  return link;
}
