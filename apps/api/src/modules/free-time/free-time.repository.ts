import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { companies, consignments, shippingLineTariffs, shippingLines, trips } from '../../db/schema';

export type FreeTimeRecord = Pick<
  typeof consignments.$inferSelect,
  'dischargeDate' | 'expectedEmptyReturnDate' | 'depositKobo' | 'depositStatus' | 'depositRefundedOn'
>;

/** Everything a container's free time is worked out from: its trip's dates and steps, its consignment, its line's tariff. */
const freeTimeColumns = {
  cargoType: trips.cargoType,
  pickupDate: trips.pickupDate,
  expectedDeliveryDate: trips.expectedDeliveryDate,
  loadedAt: trips.loadedAt,
  emptyDroppedAt: trips.emptyDroppedAt,
  dischargeDate: consignments.dischargeDate,
  deliveryOrderValidityDate: consignments.deliveryOrderValidityDate,
  expectedEmptyReturnDate: consignments.expectedEmptyReturnDate,
  depositKobo: consignments.depositKobo,
  depositStatus: consignments.depositStatus,
  depositRefundedOn: consignments.depositRefundedOn,
  tariff: {
    freeDays: shippingLineTariffs.freeDays,
    demurrageKoboPerDay: shippingLineTariffs.demurrageKoboPerDay,
    detentionKoboPerDay: shippingLineTariffs.detentionKoboPerDay,
  },
};

/** The line's terms for the consignment's container size. */
const tariffOfConsignment = and(
  eq(shippingLineTariffs.shippingLineId, consignments.linerId),
  eq(shippingLineTariffs.containerSize, consignments.containerSize),
);

/**
 * A trip's container with what its free time is worked out from, and what an alert about it says. Whether
 * the caller may see it is for the trip's access helper to decide.
 */
export async function findFreeTimeOfTrip(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      trip: {
        id: trips.id,
        tripNumber: trips.tripNumber,
        customerCompanyId: trips.customerCompanyId,
        transporterCompanyId: trips.transporterCompanyId,
        cancelledAt: trips.cancelledAt,
      },
      consignmentId: consignments.id,
      containerNumber: consignments.containerNumber,
      ...freeTimeColumns,
    })
    .from(trips)
    .innerJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLineTariffs, tariffOfConsignment)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row ?? null;
}

/**
 * The facts of a trip that its container's free time depends on, the row locked for the rest of the
 * transaction (every change to a trip takes this lock first). Who may change it is the caller's to decide.
 */
export async function lockTripOfFreeTime(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      id: trips.id,
      tripNumber: trips.tripNumber,
      cargoType: trips.cargoType,
      customerCompanyId: trips.customerCompanyId,
      transporterCompanyId: trips.transporterCompanyId,
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateFreeTimeRow(
  db: Executor,
  consignmentId: string,
  values: FreeTimeRecord,
): Promise<void> {
  await db.update(consignments).set(values).where(eq(consignments.id, consignmentId));
}

/**
 * A customer's import containers whose clock still runs: a liner-owned one until its empty is back, a
 * shipper-owned one until it leaves the port, neither on a cancelled trip. The cargo types are written
 * into the statement (not sent as parameters) so that PostgreSQL can match it to the partial index
 * trips_running_containers_idx, which holds exactly these trips.
 */
const runningContainersOf = (companyId: unknown) =>
  sql`${trips.customerCompanyId} = ${companyId} AND ${trips.cancelledAt} IS NULL AND ((${trips.cargoType} = 'IMPORT_LINER_OWNED' AND ${trips.emptyDroppedAt} IS NULL) OR (${trips.cargoType} = 'IMPORT_SHIPPER_OWNED' AND ${trips.loadedAt} IS NULL))`;

/**
 * The last free day, as free-time.ts works it out: free days counted from the discharge (its day being
 * day 1), else the delivery order's validity date; null when neither is known.
 */
const lastFreeDay = sql`CASE WHEN ${consignments.dischargeDate} IS NOT NULL
  THEN ${consignments.dischargeDate} + greatest(coalesce(${shippingLineTariffs.freeDays}, 0) - 1, 0)
  ELSE ${consignments.deliveryOrderValidityDate} END`;

/** A page of the customer's running containers, the soonest last free day first and unknown ones last. */
export async function listRunningContainers(
  db: Executor,
  companyId: string,
  page: { limit: number; offset: number },
) {
  return prepared(db, 'containers_at_risk_page', (d) =>
    d
      .select({
        trip: { id: trips.id, tripNumber: trips.tripNumber, latestStatus: trips.latestStatus },
        containerNumber: consignments.containerNumber,
        containerSize: consignments.containerSize,
        linerName: shippingLines.name,
        transporterName: companies.name,
        ...freeTimeColumns,
      })
      .from(trips)
      .innerJoin(consignments, eq(consignments.tripId, trips.id))
      .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
      .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
      .leftJoin(shippingLineTariffs, tariffOfConsignment)
      .where(runningContainersOf(sql.placeholder('companyId')))
      .orderBy(sql`${lastFreeDay} ASC NULLS LAST`, asc(trips.tripNumber))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  ).execute({ companyId, ...page });
}

/** What every running container of the customer is worked out from, for the count and the total at stake. */
export async function runningContainerFacts(db: Executor, companyId: string) {
  return prepared(db, 'containers_at_risk_facts', (d) =>
    d
      .select(freeTimeColumns)
      .from(trips)
      .innerJoin(consignments, eq(consignments.tripId, trips.id))
      .leftJoin(shippingLineTariffs, tariffOfConsignment)
      .where(runningContainersOf(sql.placeholder('companyId'))),
  ).execute({ companyId });
}
