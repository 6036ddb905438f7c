import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drivers, motorBoys, trips, trucks } from '../../db/schema';
import { liveTripSql } from '../../queries/trip-scope.repository';

const FLEET_TABLES = { truck: trucks, driver: drivers, motorBoy: motorBoys };

/**
 * Whether a truck, driver or motor boy of this company is active; null when the company has no such one. The
 * row is read FOR SHARE, held to the end of the assigning transaction: a deactivation (which locks it FOR
 * UPDATE, then looks for the live trips it is on) waits for the assignment to commit and then sees it, and an
 * assignment that comes second waits for the deactivation and reads the resource inactive.
 */
export async function findFleetChoice(
  db: Executor,
  kind: keyof typeof FLEET_TABLES,
  companyId: string,
  id: string,
): Promise<{ active: boolean } | null> {
  const table = FLEET_TABLES[kind];
  const [row] = await db
    .select({ active: table.active })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)))
    .limit(1)
    .for('share');
  return row ?? null;
}

/**
 * The number of the live trip (neither completed nor cancelled) other than `tripId` that holds the truck
 * or driver.
 */
export async function liveTripHolding(
  db: Executor,
  resource: 'truckId' | 'driverId',
  id: string,
  tripId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ tripNumber: trips.tripNumber })
    .from(trips)
    .where(and(eq(trips[resource], id), ne(trips.id, tripId), liveTripSql()))
    .limit(1);
  return row?.tripNumber ?? null;
}
