import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { tripMoneyFor } from '../road-money';
import { tripRouteFor } from '../telematics';
import { checkTripRecord, loadTripDetail, loadTripFor } from '../trip';
import { renderDossier } from './dossier-pdf';
import { documentHashesOfTrip } from './dossier.repository';

/** The public tracking page's path, where anyone with the link checks the record again. */
const TRACKING_PATH = '/tripprogress';

/**
 * GET /api/v1/trips/{id}/dossier: the trip's delivery dossier for either company on it (and admins). The
 * transporter's (and an admin's) shows the road cash too; the customer's never does (decision 046).
 */
export async function tripDossierFor(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const { trip, side } = await loadTripFor(ctx.db, principal, tripId);
  const detail = await loadTripDetail(ctx, principal, trip.id);
  const [route, record, documentHashes] = [
    await tripRouteFor(ctx, principal, trip.id),
    await checkTripRecord(ctx.db, trip.id),
    await documentHashesOfTrip(ctx.db, trip.id),
  ];
  const cash = side === 'CUSTOMER' ? null : await tripMoneyFor(ctx, principal, trip.id);
  const pdf = await renderDossier({
    detail,
    route,
    record,
    documentHashes,
    cash,
    checkUrl: `${ctx.env.appUrl}${TRACKING_PATH}/${detail.trackingId}`,
    generatedAt: new Date(),
  });
  return { fileName: `dossier-${detail.tripNumber}.pdf`, pdf };
}
