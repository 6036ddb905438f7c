import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trips } from '../../db/schema';
import { liveTripSql } from '../../queries/trip-scope.repository';

/** The column of a trip that holds each kind of fleet resource. */
const TRIP_COLUMNS = { truck: trips.truckId, driver: trips.driverId, motorBoy: trips.motorBoyId };

export type FleetResourceKind = keyof typeof TRIP_COLUMNS;

/**
 * The numbers of the company's live trips (assigned, neither completed nor cancelled: on the road or still
 * to start) that the truck, driver or motor boy is on, in trip-number order.
 */
export async function liveTripNumbersHolding(
  db: Executor,
  companyId: string,
  kind: FleetResourceKind,
  id: string,
): Promise<string[]> {
  const rows = await db
    .select({ tripNumber: trips.tripNumber })
    .from(trips)
    .where(and(eq(trips.transporterCompanyId, companyId), eq(TRIP_COLUMNS[kind], id), liveTripSql()))
    .orderBy(asc(trips.tripNumber));
  return rows.map((row) => row.tripNumber);
}
