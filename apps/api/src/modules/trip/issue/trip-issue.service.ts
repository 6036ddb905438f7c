import {
  tripScopeOf,
  DAY_MS,
  toTripLocation,
  toPage,
  tripIssuePage,
  type OpenTripIssueRequest,
  type TripIssue,
  type TripIssueListQuery,
  type NoteSide,
  type TripLocation,
  type TrackingAlarm,
  type DelayingAlarm,
} from '@freightlane/domain';
import type { AppContext } from '../../../context';
import { jsonOf, type JsonAnswer } from '../../../lib/http-cache';
import { AppError, notFound } from '../../../errors';
import { audit, BACKGROUND_ORIGIN, type AuditActor, type RequestOrigin } from '../../../lib/audit';
import type { Executor } from '../../../db/client';
import type { Principal } from '../../../plugins/auth';
import {
  assertNotCancelled,
  isDriverActor,
  loadTripFor,
  loadTripForTracking,
  type TripActor,
  type TripRecord,
} from '../trip-access.service';
import { readKeptForScope, setTripLocation } from '../trip.service';
import {
  findTripIssue,
  findTripIssueView,
  hasOpenAlarmIssue,
  type TripIssueRecord,
  insertTripIssue,
  listTripIssues,
  markTripIssueResolved,
} from './trip-issue.repository';
import { queueNotification } from '../../notification';
import { issueNotification } from '../trip-notifications';

/** How far back an issue may be dated: a week covers a report written after a trip without signal. */
export const MAX_ISSUE_BACKDATE_DAYS = 7;
/** A phone's clock running a little ahead is not a time in the future. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;

function openingTimeOf(value: string | undefined, now: Date): Date {
  if (value === undefined) return now;
  const at = new Date(value);
  const refuse = (message: string) =>
    new AppError('BAD_REQUEST', message, { errors: [{ field: 'openingTimeStamp', message }] });
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw refuse('The opening time cannot be in the future');
  if (at.getTime() < now.getTime() - MAX_ISSUE_BACKDATE_DAYS * DAY_MS) {
    throw refuse(`The opening time can be at most ${MAX_ISSUE_BACKDATE_DAYS} days ago`);
  }
  return at;
}

/** The audit row of an opened issue, whoever opened it (`by`: the side of a person, or the alarm). */
async function auditIssueOpened(
  tx: Executor,
  actor: AuditActor,
  origin: RequestOrigin,
  trip: TripRecord,
  issue: TripIssueRecord,
  by: { side: NoteSide } | { alarm: TrackingAlarm },
): Promise<void> {
  await audit(tx, actor, origin, {
    action: 'trip.issue_opened',
    entityType: 'trip_issue',
    entityId: issue.id,
    data: {
      tripId: trip.id,
      tripNumber: trip.tripNumber,
      ...by,
      issueType: issue.issueType,
      openedAt: issue.openedAt.toISOString(),
      location: issue.location,
    },
  });
}

async function issueView(ctx: AppContext, issueId: string): Promise<TripIssue> {
  const issue = await findTripIssueView(ctx.db, issueId);
  if (!issue) throw notFound('Issue');
  return issue;
}

/**
 * Opens an issue on a live trip inside the caller's transaction, and answers its id. A location given
 * with it is where the truck is now, so it also becomes the trip's current location, under the trip's
 * lock like every other trip change.
 */
export async function openTripIssueIn(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  actor: TripActor,
  tripId: string,
  input: OpenTripIssueRequest,
  ip: string,
): Promise<string> {
  const now = new Date();
  const openedAt = openingTimeOf(input.openingTimeStamp, now);
  const location = toTripLocation(input.location);
  const { trip, side } = await loadTripFor(tx, actor, tripId, { forUpdate: true });
  assertNotCancelled(trip);
  if (trip.completed) {
    throw new AppError('CONFLICT', 'This trip is completed; issues can only be opened on a trip under way');
  }
  const issue = await insertTripIssue(tx, {
    tripId: trip.id,
    issueType: input.issueType,
    description: input.description,
    status: 'OPEN',
    openedAt,
    openedByUserId: actor.userId,
    openedByDriverId: isDriverActor(actor) ? actor.driverId : null,
    location,
  });
  if (location) await setTripLocation(tx, trip, location);
  await auditIssueOpened(tx, actor, { ip }, trip, issue, { side });
  await queueNotification(
    ctx,
    tx,
    issueNotification(
      trip,
      { id: issue.id, type: issue.issueType, description: issue.description },
      'opened',
      actor.userId,
    ),
  );
  return issue.id;
}

/** Opens an issue on a live trip for a signed-in caller. */
export async function openTripIssue(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: OpenTripIssueRequest,
  ip: string,
): Promise<TripIssue> {
  const issueId = await ctx.db.transaction((tx) => openTripIssueIn(ctx, tx, principal, tripId, input, ip));
  ctx.jobs.kick();
  return issueView(ctx, issueId);
}

/**
 * Opens the issue a tracking alarm that holds the trip up raises (never driving at night: that is a trip
 * alert), for the trip watch, on a trip still under way, unless an issue of that alarm is still open. The
 * trip is locked like for every change. Returns the new issue's id, or null when none was opened.
 */
export async function openAlarmIssue(
  tx: Executor,
  tripId: string,
  raised: { alarm: DelayingAlarm; at: Date; description: string; location: TripLocation | null },
): Promise<string | null> {
  const trip = await loadTripForTracking(tx, tripId);
  if (!trip || trip.completed || trip.cancelledAt) return null;
  if (await hasOpenAlarmIssue(tx, trip.id, raised.alarm)) return null;
  const issue = await insertTripIssue(tx, {
    tripId: trip.id,
    issueType: raised.alarm,
    description: raised.description,
    status: 'OPEN',
    openedAt: raised.at,
    openedByUserId: null,
    location: raised.location,
    alarm: raised.alarm,
  });
  if (raised.location) await setTripLocation(tx, trip, raised.location);
  await auditIssueOpened(
    tx,
    { userId: null, companyId: trip.transporterCompanyId },
    BACKGROUND_ORIGIN,
    trip,
    issue,
    { alarm: raised.alarm },
  );
  return issue.id;
}

/**
 * Resolves an open issue. The issue row is locked first, so of two racing resolves the second finds
 * it resolved and gets a conflict instead of overwriting who resolved it.
 */
export async function resolveTripIssue(
  ctx: AppContext,
  principal: Principal,
  issueId: string,
  ip: string,
): Promise<TripIssue> {
  await ctx.db.transaction(async (tx) => {
    const issue = await findTripIssue(tx, issueId, { forUpdate: true });
    if (!issue) throw notFound('Issue');
    // Another company's issue answers exactly like one that does not exist.
    const { trip } = await loadTripFor(tx, principal, issue.tripId, { notFoundAs: 'Issue' });
    if (issue.status === 'RESOLVED') throw new AppError('CONFLICT', 'This issue is already resolved');
    const resolvedAt = new Date();
    await markTripIssueResolved(tx, issue.id, principal.userId, resolvedAt);
    await queueNotification(
      ctx,
      tx,
      issueNotification(
        trip,
        { id: issue.id, type: issue.issueType, description: issue.description },
        'resolved',
        principal.userId,
      ),
    );
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'trip.issue_resolved',
        entityType: 'trip_issue',
        entityId: issue.id,
        data: {
          tripId: trip.id,
          tripNumber: trip.tripNumber,
          resolvedAt: resolvedAt.toISOString(),
          before: { status: issue.status, resolvedAt: null },
          after: { status: 'RESOLVED', resolvedAt: resolvedAt.toISOString() },
        },
      },
    );
  });
  ctx.jobs.kick();
  return issueView(ctx, issueId);
}

export async function listTripIssuesFor(
  ctx: AppContext,
  principal: Principal,
  query: TripIssueListQuery,
): Promise<JsonAnswer> {
  const scope = tripScopeOf(principal);
  return readKeptForScope(ctx, 'trip-issues', scope, query, async () => {
    const { content, total } = await listTripIssues(ctx.db, scope, query);
    return jsonOf(tripIssuePage, toPage(content, total, query));
  });
}
