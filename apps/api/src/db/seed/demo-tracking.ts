import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { issueDriverPhoneLink } from '../../modules/telematics/driver-phone.service';
import {
  createTrackingCredential,
  linkTrackingDevices,
  listTrackingDevices,
} from '../../modules/telematics/tracking-credential.service';
import type { Tx } from '../client';
import { trackingCompanies, trackingCredentials, trips } from '../schema';
import { principalOf, SEED_IP } from './demo-kit';

/**
 * Tracking in the demo world: Eko Haulage has a Simulator account whose five trackers follow the trucks
 * of its trips under way, so the map moves as soon as the server starts polling, and the driver of its
 * first such trip has a phone link.
 */
export async function seedDemoTracking(ctx: AppContext, tx: Tx): Promise<void> {
  const seedCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };
  const eko = await principalOf(tx, 'transporter@example.com');
  const [simulator] = await tx
    .select()
    .from(trackingCompanies)
    .where(eq(trackingCompanies.code, 'SIMULATOR'));
  if (!simulator) throw new Error('The Simulator tracking company is missing from the reference data');
  const [existing] = await tx
    .select({ id: trackingCredentials.id })
    .from(trackingCredentials)
    .where(
      and(
        eq(trackingCredentials.companyId, eko.companyId),
        eq(trackingCredentials.trackingCompanyId, simulator.id),
      ),
    );
  if (existing) return;
  const account = await createTrackingCredential(
    seedCtx,
    eko,
    { trackingCompanyId: simulator.id, label: 'Demo trackers (simulator)' },
    { ip: SEED_IP },
  );
  const onTheRoad = await tx
    .select({ truckId: trips.truckId, driverId: trips.driverId })
    .from(trips)
    .where(
      and(
        eq(trips.transporterCompanyId, eko.companyId),
        isNotNull(trips.truckId),
        isNotNull(trips.latestStatus),
        eq(trips.completed, false),
        isNull(trips.cancelledAt),
      ),
    )
    .orderBy(asc(trips.tripNumber))
    .limit(5);
  const devices = await listTrackingDevices(seedCtx, eko, account.id, { page: 0, limit: 20 });
  const links = onTheRoad.map((trip, i) => ({ deviceId: devices.content[i]!.id, truckId: trip.truckId! }));
  if (links.length > 0) await linkTrackingDevices(seedCtx, eko, account.id, { links }, { ip: SEED_IP });
  const firstDriver = onTheRoad.find((trip) => trip.driverId)?.driverId;
  if (firstDriver) await issueDriverPhoneLink(seedCtx, eko, firstDriver, { ip: SEED_IP });
}
