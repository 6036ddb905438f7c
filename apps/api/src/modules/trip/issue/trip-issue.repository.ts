import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TrackingAlarm, TripIssue, TripIssueListQuery, TripIssueSort } from '@freightlane/domain';
import type { Executor } from '../../../db/client';
import { rowsAsJson } from '../../../db/rows-as-json';
import { companies, drivers, tripIssues, trips, users } from '../../../db/schema';
import { tripScopeSql, type TripScope } from '../../../queries/trip-scope.repository';

export type TripIssueRecord = typeof tripIssues.$inferSelect;
export type NewTripIssue = typeof tripIssues.$inferInsert;

const opener = alias(users, 'opener');
const openerCompany = alias(companies, 'opener_company');
const openerDriverCompany = alias(companies, 'opener_driver_company');
const resolver = alias(users, 'resolver');
const resolverCompany = alias(companies, 'resolver_company');

/** Who an issue opened by a tracking alarm reads as opened by. */
export const TRACKING_OPENER = 'Freightlane tracking';

/** How an issue names a person: "First Last (Company)", so either party sees who spoke for whom. */
function personName(
  person: { firstName: string | null; lastName: string | null },
  companyName: string | null,
): string | null {
  if (person.firstName === null) return null;
  const name = `${person.firstName} ${person.lastName ?? ''}`.trim();
  return companyName ? `${name} (${companyName})` : name;
}

function selectIssues(db: Executor) {
  return db
    .select({
      issue: tripIssues,
      tripNumber: trips.tripNumber,
      openerFirstName: opener.firstName,
      openerLastName: opener.lastName,
      openerCompanyName: openerCompany.name,
      driverFirstName: drivers.firstName,
      driverLastName: drivers.lastName,
      driverCompanyName: openerDriverCompany.name,
      resolverFirstName: resolver.firstName,
      resolverLastName: resolver.lastName,
      resolverCompanyName: resolverCompany.name,
    })
    .from(tripIssues)
    .innerJoin(trips, eq(trips.id, tripIssues.tripId))
    .leftJoin(opener, eq(opener.id, tripIssues.openedByUserId))
    .leftJoin(openerCompany, eq(openerCompany.id, opener.companyId))
    .leftJoin(drivers, eq(drivers.id, tripIssues.openedByDriverId))
    .leftJoin(openerDriverCompany, eq(openerDriverCompany.id, drivers.companyId))
    .leftJoin(resolver, eq(resolver.id, tripIssues.resolvedByUserId))
    .leftJoin(resolverCompany, eq(resolverCompany.id, resolver.companyId));
}

type IssueRow = Awaited<ReturnType<ReturnType<typeof selectIssues>['where']>>[number];

/** A driver opens issues from the phone link, without a user account: "First Last, driver (Company)". */
function driverName(row: IssueRow): string {
  const name = `${row.driverFirstName ?? ''} ${row.driverLastName ?? ''}`.trim();
  return `${name}, driver (${row.driverCompanyName ?? ''})`;
}

function toTripIssue(row: IssueRow): TripIssue {
  const { issue } = row;
  return {
    id: issue.id,
    trip: { id: issue.tripId, tripNumber: row.tripNumber },
    issueType: issue.issueType,
    description: issue.description,
    status: issue.status,
    openingTimeStamp: issue.openedAt.toISOString(),
    location: issue.location ?? null,
    // A removed account leaves the issue standing; it then reads as opened by a former user.
    openedBy: issue.alarm
      ? TRACKING_OPENER
      : issue.openedByDriverId
        ? driverName(row)
        : (personName(
            { firstName: row.openerFirstName, lastName: row.openerLastName },
            row.openerCompanyName,
          ) ?? 'Former user'),
    alarm: issue.alarm,
    resolvedAt: issue.resolvedAt ? issue.resolvedAt.toISOString() : null,
    resolvedBy: issue.resolvedAt
      ? (personName(
          { firstName: row.resolverFirstName, lastName: row.resolverLastName },
          row.resolverCompanyName,
        ) ?? 'Former user')
      : null,
  };
}

/** Every issue of one trip, the most recently opened first. */
/** A trip's issues (`tripId` a placeholder), the most recently opened first. */
function issuesOfTripQuery(db: Executor) {
  return selectIssues(db)
    .where(eq(tripIssues.tripId, sql.placeholder('tripId')))
    .orderBy(desc(tripIssues.openedAt), desc(tripIssues.createdAt), desc(tripIssues.id));
}

/** A trip's issues as one value of a bigger statement (the trip page's), `tripId` its placeholder. */
export const issuesOfTripPart = (db: Executor) => rowsAsJson(issuesOfTripQuery(db), toTripIssue);

/** Whether the trip has an unresolved issue the alarm opened. */
export async function hasOpenAlarmIssue(
  db: Executor,
  tripId: string,
  alarm: TrackingAlarm,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tripIssues.id })
    .from(tripIssues)
    .where(and(eq(tripIssues.tripId, tripId), eq(tripIssues.alarm, alarm), eq(tripIssues.status, 'OPEN')))
    .limit(1);
  return row !== undefined;
}

/** One issue as the API shows it, whoever may see it (the service checks that). */
export async function findTripIssueView(db: Executor, issueId: string): Promise<TripIssue | null> {
  const [row] = await selectIssues(db).where(eq(tripIssues.id, issueId)).limit(1);
  return row ? toTripIssue(row) : null;
}

/** The issue row, locked for the rest of the transaction when `forUpdate`. */
export async function findTripIssue(
  db: Executor,
  issueId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TripIssueRecord | null> {
  const query = db.select().from(tripIssues).where(eq(tripIssues.id, issueId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertTripIssue(db: Executor, values: NewTripIssue): Promise<TripIssueRecord> {
  const [row] = await db.insert(tripIssues).values(values).returning();
  return row!;
}

export async function markTripIssueResolved(
  db: Executor,
  issueId: string,
  resolvedByUserId: string,
  resolvedAt: Date,
): Promise<void> {
  await db
    .update(tripIssues)
    .set({ status: 'RESOLVED', resolvedAt, resolvedByUserId })
    .where(eq(tripIssues.id, issueId));
}

const SORT_SQL: Record<TripIssueSort, SQL> = {
  'openingTimeStamp,DESC': desc(tripIssues.openedAt),
  'openingTimeStamp,ASC': asc(tripIssues.openedAt),
  'trip.id,ASC': asc(trips.id),
  'trip.id,DESC': desc(trips.id),
};
const DEFAULT_SORT: TripIssueSort[] = ['openingTimeStamp,DESC', 'trip.id,ASC'];

/** A page of issues on the trips of `scope`, sorted by the caller's list in order, then by id so pages never overlap. */
export async function listTripIssues(
  db: Executor,
  scope: TripScope,
  query: TripIssueListQuery,
): Promise<{ content: TripIssue[]; total: number }> {
  const where = and(
    tripScopeSql(scope),
    query.status ? eq(tripIssues.status, query.status) : undefined,
    query.tripId ? eq(tripIssues.tripId, query.tripId) : undefined,
  );
  const sorts = query.sort?.length ? query.sort : DEFAULT_SORT;
  const rows = await selectIssues(db)
    .where(where)
    .orderBy(...sorts.map((s) => SORT_SQL[s]), asc(tripIssues.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const [totalRow] = await db
    .select({ total: count() })
    .from(tripIssues)
    .innerJoin(trips, eq(trips.id, tripIssues.tripId))
    .where(where);
  return { content: rows.map(toTripIssue), total: totalRow?.total ?? 0 };
}
