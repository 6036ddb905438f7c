import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { CALL_UP_PORTS, dieselAmountKobo, tripBalanceKobo } from '@freightlane/domain';
import type { Tx } from '../client';
import { ensurePositionPartitions } from '../../modules/telematics/position-history.repository';
import {
  terminals,
  tripAdvances,
  tripCallUps,
  tripExpenses,
  trips,
  tripSettlements,
  truckPositions,
} from '../schema';
import { HOUR, MINUTE, principalOf } from './demo-kit';
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

/** Eto's fee for a call-up ticket, as the demo books it. */
const CALL_UP_FEE_KOBO = 1_500_000;

/**
 * Eko's Eto call-up tickets: every trip picking up at an Apapa or Tin Can terminal that reached it had a
 * ticket whose window it entered in; those not there yet hold a ticket whose window is open, closing in 9
 * hours, so the trip page counts down and the alerts have something to tell.
 */
export async function seedDemoCallUps(tx: Tx, clock: StoryClock): Promise<void> {
  const eko = await principalOf(tx, 'transporter@example.com');
  const [booked] = await tx
    .select({ id: tripCallUps.id })
    .from(tripCallUps)
    .where(eq(tripCallUps.transporterCompanyId, eko.companyId))
    .limit(1);
  if (booked) return;
  const bays = await tx
    .select({
      id: terminals.id,
      code: terminals.code,
      latitude: terminals.latitude,
      longitude: terminals.longitude,
    })
    .from(terminals)
    .where(and(eq(terminals.kind, 'HOLDING_BAY'), eq(terminals.active, true)))
    .orderBy(asc(terminals.code));
  if (bays.length === 0) return;
  const portTrips = await tx
    .select({
      id: trips.id,
      terminalId: trips.pickupTerminalId,
      port: terminals.port,
      truckId: trips.truckId,
      arrivedPickupAt: trips.arrivedPickupAt,
      createdAt: trips.createdAt,
    })
    .from(trips)
    .innerJoin(terminals, eq(terminals.id, trips.pickupTerminalId))
    .where(
      and(
        eq(trips.transporterCompanyId, eko.companyId),
        eq(terminals.kind, 'PORT_TERMINAL'),
        inArray(terminals.port, [...CALL_UP_PORTS]),
        isNull(trips.cancelledAt),
      ),
    )
    .orderBy(asc(trips.tripNumber));
  for (const [i, trip] of portTrips.entries()) {
    const arrived = trip.arrivedPickupAt?.getTime();
    const bay = bays.find((b) => b.code === BAY_OF_PORT[trip.port]) ?? bays[0]!;
    if (arrived && trip.truckId)
      await waitInBay(tx, { truckId: trip.truckId, companyId: eko.companyId }, bay, arrived, i);
    const validFrom = arrived ? arrived - 3 * HOUR : clock.now - 2 * HOUR;
    await tx.insert(tripCallUps).values({
      tripId: trip.id,
      transporterCompanyId: eko.companyId,
      ticketNumber: `ETO-${trip.port === 'Apapa' ? 'APP' : 'TCN'}-${4_470_000 + i * 37}`,
      terminalId: trip.terminalId!,
      holdingBayId: bay.id,
      validFrom: new Date(validFrom),
      validUntil: new Date(validFrom + (arrived ? 8 : 11) * HOUR),
      costKobo: CALL_UP_FEE_KOBO,
      createdByUserId: eko.userId,
      createdAt: new Date(Math.max(trip.createdAt.getTime(), validFrom - 6 * HOUR)),
    });
  }
}

/** The truck park Eto sends each port's trucks to wait in. */
const BAY_OF_PORT: Record<string, string> = { Apapa: 'LILYPOND-IJORA', 'Tin Can Island': 'TTP-TINCAN' };

/**
 * The truck's positions in the holding bay before it was called in to the terminal: one each 10 minutes for
 * two to four hours, ending half an hour before it reached the terminal; none when the truck was heard from
 * elsewhere then, so no track is drawn twice.
 */
async function waitInBay(
  tx: Tx,
  trip: { truckId: string; companyId: string },
  bay: { latitude: number | null; longitude: number | null },
  arrived: number,
  seed: number,
): Promise<void> {
  if (bay.latitude === null || bay.longitude === null) return;
  const to = arrived - 30 * MINUTE;
  const from = to - (2 + (seed % 3)) * HOUR;
  const [elsewhere] = await tx
    .select({ at: truckPositions.recordedAt })
    .from(truckPositions)
    .where(
      and(
        eq(truckPositions.truckId, trip.truckId),
        gte(truckPositions.recordedAt, new Date(from)),
        lte(truckPositions.recordedAt, new Date(arrived)),
      ),
    )
    .limit(1);
  if (elsewhere) return;
  const rows = [];
  for (let k = 0, at = from; at <= to; k++, at += 10 * MINUTE) {
    rows.push({
      truckId: trip.truckId,
      companyId: trip.companyId,
      recordedAt: new Date(at),
      receivedAt: new Date(at + MINUTE),
      // Parked, moving up the queue a few metres at a time.
      latitude: bay.latitude + ((k % 5) - 2) * 0.0002,
      longitude: bay.longitude + ((k % 3) - 1) * 0.0002,
      speedKmh: 0,
      source: 'TRACCAR' as const,
    });
  }
  await ensurePositionPartitions(
    tx,
    new Date(from).toISOString().slice(0, 10),
    new Date(to).toISOString().slice(0, 10),
  );
  await tx.insert(truckPositions).values(rows);
}
