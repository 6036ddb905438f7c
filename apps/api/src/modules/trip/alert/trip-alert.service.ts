import type { RaisedAlert, TripAlert, TripLocation } from '@freightlane/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { notFound } from '../../../errors';
import { audit, BACKGROUND_ORIGIN, type RequestOrigin } from '../../../lib/audit';
import type { Principal } from '../../../plugins/auth';
import { queueNotification } from '../../notification';
import { loadTripFor, loadTripForTracking } from '../trip-access.service';
import { setTripLocation } from '../trip.service';
import { tripAlertNotification } from './trip-alert-notifications';
import {
  findTripAlert,
  findTripAlertView,
  insertTripAlert,
  markTripAlertAcknowledged,
} from './trip-alert.repository';

/**
 * Raises an alert the trip watch saw on a trip still under way, inside the watch's transaction, unless the
 * trip has one of that kind for that night already; the new one is audited and told to both companies.
 * The trip is locked like for every change, and its current location follows the truck, as an issue's
 * does. Returns whether an alert was raised.
 */
export async function raiseTripAlert(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  tripId: string,
  raised: RaisedAlert & { location: TripLocation | null },
): Promise<boolean> {
  const trip = await loadTripForTracking(tx, tripId);
  if (!trip || trip.completed || trip.cancelledAt) return false;
  const alert = await insertTripAlert(tx, {
    tripId: trip.id,
    kind: raised.kind,
    description: raised.description,
    raisedAt: raised.at,
    night: raised.night,
    location: raised.location,
  });
  if (!alert) return false;
  if (raised.location) await setTripLocation(tx, trip, raised.location);
  await audit(tx, { userId: null, companyId: trip.transporterCompanyId }, BACKGROUND_ORIGIN, {
    action: 'trip.alert_raised',
    entityType: 'trip_alert',
    entityId: alert.id,
    data: {
      tripId: trip.id,
      tripNumber: trip.tripNumber,
      kind: alert.kind,
      raisedAt: alert.raisedAt.toISOString(),
      night: alert.night,
      location: alert.location,
    },
  });
  await queueNotification(ctx, tx, tripAlertNotification(trip, raised, raised.location, alert.id));
  return true;
}

/**
 * Marks an alert seen, for the trip's transporter (the route lets only its owner account and fleet
 * managers in). Marking it again changes nothing and answers it as it stands: who saw it first stays.
 */
export async function acknowledgeTripAlert(
  ctx: AppContext,
  principal: Principal,
  alertId: string,
  origin: RequestOrigin,
): Promise<TripAlert> {
  await ctx.db.transaction(async (tx) => {
    const alert = await findTripAlert(tx, alertId, { forUpdate: true });
    if (!alert) throw notFound('Alert');
    // Another company's alert answers exactly like one that does not exist.
    const { trip } = await loadTripFor(tx, principal, alert.tripId, { notFoundAs: 'Alert' });
    if (alert.acknowledgedAt) return;
    const at = new Date();
    await markTripAlertAcknowledged(tx, alert.id, principal.userId, at);
    await audit(tx, principal, origin, {
      action: 'trip.alert_acknowledged',
      entityType: 'trip_alert',
      entityId: alert.id,
      data: {
        tripId: trip.id,
        tripNumber: trip.tripNumber,
        before: { acknowledgedAt: null },
        after: { acknowledgedAt: at.toISOString() },
      },
    });
  });
  const view = await findTripAlertView(ctx.db, alertId);
  if (!view) throw notFound('Alert');
  return view;
}
