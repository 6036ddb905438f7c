import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { createDriverRequest, USSD_DEMO_DRIVER } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/password-hash';
import { createDriver } from '../../modules/fleet/driver.service';
import type { Tx } from '../client';
import { drivers, trips } from '../schema';
import { lagosDate, principalOf, SEED_IP } from './demo-kit';
import { demoPhone } from './demo-people';

/** How many of Eko's trips under way the demo trackers follow (demo-tracking.ts): their geofences move them. */
const TRACKED_TRIPS = 5;

/**
 * Eko Haulage's driver on a basic phone: Rabiu Dogonyaro reads Hausa, his number is verified and his USSD
 * PIN is 2580 (README), and he drives a trip under way that no tracker follows, so each next step is his
 * to record from the USSD simulator (/dev/ussd).
 */
export async function seedDemoUssdDriver(ctx: AppContext, tx: Tx): Promise<void> {
  const seedCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };
  const eko = await principalOf(tx, 'transporter@example.com');
  const [existing] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, eko.companyId), eq(drivers.phoneNumber, USSD_DEMO_DRIVER.phoneNumber)));
  if (existing) return;
  const driver = await createDriver(
    seedCtx,
    eko,
    createDriverRequest.parse({
      firstName: 'Rabiu',
      lastName: 'Dogonyaro',
      phoneNumber: USSD_DEMO_DRIVER.phoneNumber,
      language: 'ha',
      address: {
        street: '9 Abeokuta Motor Road',
        neighborhood: 'Oko-Oba',
        lga: 'Agege',
        city: 'Lagos',
        state: 'Lagos',
      },
      nextOfKin: { name: 'Asabe Dogonyaro', relationship: 'Wife', phoneNumber: demoPhone(950) },
      guarantor: {
        name: 'Alhaji Mansur Kabara',
        phoneNumber: demoPhone(951),
        address: {
          street: 'Kabara Grains, 21 Ibrahim Taiwo Road',
          neighborhood: 'Sabon Gari',
          lga: 'Fagge',
          city: 'Kano',
          state: 'Kano',
        },
      },
      licenceNumber: 'KAN48930AA21',
      licenceExpiresOn: lagosDate(540),
    }),
    SEED_IP,
  );
  const underWay = await tx
    .select({ id: trips.id, driverId: trips.driverId })
    .from(trips)
    .where(
      and(
        eq(trips.transporterCompanyId, eko.companyId),
        isNotNull(trips.truckId),
        isNotNull(trips.driverId),
        isNotNull(trips.latestStatus),
        eq(trips.completed, false),
        isNull(trips.cancelledAt),
      ),
    )
    .orderBy(asc(trips.tripNumber));
  const trip = underWay[TRACKED_TRIPS] ?? underWay[underWay.length - 1];
  // Hired with the driver he stands in for, so the trip's story reads as if he had driven it from the start.
  const [replaced] = trip?.driverId
    ? await tx.select({ createdAt: drivers.createdAt }).from(drivers).where(eq(drivers.id, trip.driverId))
    : [];
  const hired = replaced?.createdAt ?? new Date();
  await tx
    .update(drivers)
    .set({
      createdAt: hired,
      updatedAt: hired,
      phoneVerifiedAt: hired,
      ussdPinHash: await hashPassword(USSD_DEMO_DRIVER.pin),
      ussdPinSetAt: hired,
    })
    .where(eq(drivers.id, driver.id));
  if (trip) await tx.update(trips).set({ driverId: driver.id }).where(eq(trips.id, trip.id));
}
