import { and, eq, isNotNull, isNull, sql, type AnyColumn, type SQL, type Placeholder } from 'drizzle-orm';
import type { TripScope } from '@freightlane/domain';
import { tripIssues, trips } from '../db/schema';

export type { TripScope } from '@freightlane/domain';

/**
 * The rows a scope sees: of the trips, or of a table that names the trip's two companies the same way
 * (invoices).
 */
export function tripScopeSql(
  scope: TripScope,
  table: { customerCompanyId: AnyColumn; transporterCompanyId: AnyColumn } = trips,
  /** In a prepared statement, the placeholder the company id is given as. */
  companyId: Placeholder | null = null,
): SQL | undefined {
  if (scope.side === 'customer') return eq(table.customerCompanyId, companyId ?? scope.companyId);
  if (scope.side === 'transporter') return eq(table.transporterCompanyId, companyId ?? scope.companyId);
  return undefined;
}

/** A live trip: neither completed nor cancelled, so there is still work to do and its fleet is on it. */
export function liveTripSql(): SQL {
  return and(eq(trips.completed, false), isNull(trips.cancelledAt))!;
}

/**
 * An ongoing trip, the domain's isOngoingTrip in SQL: started, not finished by its cargo type's last step,
 * not cancelled. `completed` is that last step: every status change and undo writes it from the domain's
 * isFinalStatus, so a delivered Import LOC or general cargo trip stays ongoing until its empty is dropped
 * off, and a delivered trip of any other cargo type is finished.
 */
export function ongoingTripSql(): SQL {
  return and(isNotNull(trips.latestStatus), liveTripSql())!;
}

/** Whether one of the trip's issues is open, which makes its status words DELAYED (tripStatusWords). */
export function hasOpenIssueSql(): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${tripIssues} WHERE ${tripIssues.tripId} = ${trips.id} AND ${tripIssues.status} = 'OPEN')`;
}
