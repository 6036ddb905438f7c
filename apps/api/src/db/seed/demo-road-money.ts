import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { dieselAmountKobo, tripBalanceKobo } from '@freightlane/domain';
import type { Tx } from '../client';
import { tripAdvances, tripExpenses, trips, tripSettlements } from '../schema';
import { HOUR, principalOf } from './demo-kit';
import type { StoryClock } from './demo-story';

/** Trips completed before this many days ago are settled; later ones wait for the owner. */
const SETTLED_AFTER_DAYS = 2;

/**
 * Eko Haulage's cash on the road (decision 046): each trip its drivers set off on got an advance; each
 * bought diesel and paid a toll and a park levy, approved by the owner once the trip ended, and the older
 * trips are settled. The trips under way have their diesel waiting for review, so the trip cash card, the
 * driver balances and the three road money reports have something to show.
 */
export async function seedDemoRoadMoney(tx: Tx, clock: StoryClock): Promise<void> {
  const eko = await principalOf(tx, 'transporter@example.com');
  // Once: a world re-seeded from an older version keeps the cash it has.
  const [given] = await tx
    .select({ id: tripAdvances.id })
    .from(tripAdvances)
    .where(eq(tripAdvances.transporterCompanyId, eko.companyId))
    .limit(1);
  if (given) return;
  const started = await tx
    .select({
      id: trips.id,
      driverId: trips.driverId,
      startedAt: trips.startedAt,
      completed: trips.completed,
      latestStatusAt: trips.latestStatusAt,
    })
    .from(trips)
    .where(
      and(
        eq(trips.transporterCompanyId, eko.companyId),
        isNotNull(trips.driverId),
        isNotNull(trips.startedAt),
      ),
    )
    .orderBy(asc(trips.startedAt), asc(trips.tripNumber));
  for (const [i, trip] of started.entries()) {
    const driverId = trip.driverId!;
    const at = (hours: number) => new Date(trip.startedAt!.getTime() + hours * HOUR);
    const advance = (10 + (i % 3) * 5) * 1_000_000;
    await tx.insert(tripAdvances).values({
      tripId: trip.id,
      transporterCompanyId: eko.companyId,
      driverId,
      method: i % 2 === 0 ? 'CASH' : 'TRANSFER',
      reference: i % 2 === 0 ? null : `EKO-ADV-${1000 + i}`,
      amountKobo: advance,
      givenAt: at(-1),
      createdByUserId: eko.userId,
    });
    const status = trip.completed ? ('APPROVED' as const) : ('PENDING' as const);
    const reviewed = trip.completed
      ? { reviewedByUserId: eko.userId, reviewedAt: trip.latestStatusAt }
      : { reviewedByUserId: null, reviewedAt: null };
    const litres = 180 + ((i * 17) % 90);
    const pricePerLitreKobo = 118_000 + ((i * 700) % 7_000);
    const lines = [
      {
        kind: 'DIESEL' as const,
        amountKobo: dieselAmountKobo(litres, pricePerLitreKobo),
        litres,
        pricePerLitreKobo,
        place: 'Mile 2, Lagos',
        spentAt: at(1),
      },
      { kind: 'TOLL' as const, amountKobo: 400_000, place: 'Lekki toll gate, Lagos', spentAt: at(2) },
      { kind: 'LEVY' as const, amountKobo: 250_000, place: 'Berger park, Lagos', spentAt: at(3) },
    ].filter((line) => line.spentAt.getTime() <= clock.now);
    for (const line of lines) {
      await tx.insert(tripExpenses).values({
        tripId: trip.id,
        transporterCompanyId: eko.companyId,
        driverId,
        recordedByDriverId: driverId,
        status,
        ...reviewed,
        ...line,
      });
    }
    const settledBefore = clock.now - SETTLED_AFTER_DAYS * 24 * HOUR;
    if (!trip.completed || trip.latestStatusAt!.getTime() > settledBefore) continue;
    const approvedKobo = lines.reduce((sum, line) => sum + line.amountKobo, 0);
    const balanceKobo = tripBalanceKobo({ advancesKobo: advance, approvedKobo });
    await tx.insert(tripSettlements).values({
      tripId: trip.id,
      transporterCompanyId: eko.companyId,
      driverId,
      balanceKobo,
      // Most trips are paid off; every third leaves ₦5,000 to carry into the driver's running balance.
      paidKobo: i % 3 === 0 ? balanceKobo - 500_000 : balanceKobo,
      method: 'TRANSFER',
      reference: `EKO-SET-${2000 + i}`,
      settledByUserId: eko.userId,
      settledAt: new Date(trip.latestStatusAt!.getTime() + 6 * HOUR),
    });
  }
}
