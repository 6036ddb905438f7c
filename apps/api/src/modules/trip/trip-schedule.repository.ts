import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

/** The Lagos calendar day a trip was delivered on; null until it is. Lagos is UTC+1 all year. */
const deliveredOnSql = sql`(((${trips.deliveredAt}) AT TIME ZONE 'UTC') + interval '1 hour')::date`;

/**
 * The day of a trip's event: its pickup date; for its delivery, the day it was delivered once it was (a
 * delivery made is shown done where it happened, never as still expected), until then the expected delivery
 * date the transporter set.
 */
function eventDateSql(kind: ScheduleEventKind): SQL {
  return kind === 'PICKUP'
    ? sql`${trips.pickupDate}`
    : sql`coalesce(${deliveredOnSql}, ${trips.expectedDeliveryDate})`;
}

/**
 * The trips with a pickup or a delivery (made, or expected) in the window, in date then trip-number order,
 * at most `limit`. The dates are calendar dates (Lagos days), so the window compares dates.
 */
export async function listScheduledTrips(
  db: Executor,
  scope: TripScope,
  filter: ScheduleFilter,
  kind: ScheduleEventKind,
  window: ScheduleWindow,
  limit: number,
) {
  const date = eventDateSql(kind);
  return db
    .select({
      date: sql<string | null>`(${date})::text`,
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
      and(
        tripScopeSql(scope),
        filterSql(filter),
        sql`${date} >= ${window.from}::date`,
        sql`${date} < ${window.until}::date`,
      ),
    )
    .orderBy(asc(date), asc(trips.tripNumber))
    .limit(limit);
}
