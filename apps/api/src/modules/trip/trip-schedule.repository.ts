import { and, asc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ScheduleEventKind } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, consignments, orders, trips, trucks } from '../../db/schema';
import { liveTripSql, tripScopeSql, type TripScope } from '../../queries/trip-scope.repository';

const customer = alias(companies, 'customer');
const transporter = alias(companies, 'transporter');

/** Which trips of the month count: open ones, finished ones, or all but the cancelled. */
export type ScheduleFilter = 'open' | 'completed' | 'all';

export interface ScheduleWindow {
  /** First day of the month, YYYY-MM-DD. */
  from: string;
  /** First day of the next month, YYYY-MM-DD (exclusive). */
  until: string;
}

function filterSql(filter: ScheduleFilter): SQL | undefined {
  if (filter === 'completed') return eq(trips.completed, true);
  if (filter === 'open') return liveTripSql();
  return isNull(trips.cancelledAt);
}

/**
 * The trips with a pickup (or an expected delivery) date in the window, in date then trip-number order,
 * at most `limit`. Both columns are calendar dates already (Lagos days), so the window compares dates.
 */
export async function listScheduledTrips(
  db: Executor,
  scope: TripScope,
  filter: ScheduleFilter,
  kind: ScheduleEventKind,
  window: ScheduleWindow,
  limit: number,
) {
  const dateColumn = kind === 'PICKUP' ? trips.pickupDate : trips.expectedDeliveryDate;
  return db
    .select({
      date: dateColumn,
      trip: trips,
      clientName: orders.clientName,
      customerName: customer.name,
      transporterName: transporter.name,
      containerNumber: consignments.containerNumber,
      description: consignments.description,
      truckRegistrationNumber: trucks.registrationNumber,
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(customer, eq(customer.id, trips.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .where(
      and(tripScopeSql(scope), filterSql(filter), gte(dateColumn, window.from), lt(dateColumn, window.until)),
    )
    .orderBy(asc(dateColumn), asc(trips.tripNumber))
    .limit(limit);
}
