import {
  misplacedRatingTag,
  RATING_EDIT_DAYS,
  RATING_HIDDEN_DAYS,
  RATING_OPEN_DAYS,
  RATING_TAG_LABELS,
  toPage,
  type AdminRating,
  type AdminRatingListQuery,
  type CommentVisibilityRequest,
  type NoteSide,
  type Page,
  type RateTripRequest,
  type RaterSide,
  type Rating,
  type TripRatings,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit, changeOf, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { loadTripFor, type TripRecord } from '../trip';
import {
  findAdminRating,
  insertRating,
  listRatingsForAdmin,
  lockRating,
  ratingsOfTrip,
  setCommentHidden,
  updateRating,
  type AdminRatingRow,
  type RatingRecord,
} from './rating.repository';

// The rules of trip ratings: each side of a delivered trip rates the other once, within 30 days of
// delivery; a rating stays hidden from the other side, and may be changed, until both sides rated or 7 days
// passed since it was given; the back office may hide an abusive comment.

const DAY_MS = 24 * 3600 * 1000;
const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

const otherSide = (side: RaterSide): RaterSide => (side === 'customer' ? 'transporter' : 'customer');

/** The side a party of the trip rates for. Admins are kept out by the routes; this keeps them out again. */
function raterSideOf(side: NoteSide): RaterSide {
  if (side === 'CUSTOMER') return 'customer';
  if (side === 'TRANSPORTER') return 'transporter';
  throw new AppError('FORBIDDEN', 'Only the two companies of a trip rate it.');
}

/** Until when the trip may be rated: 30 days after delivery; null before delivery and once cancelled. */
function rateUntilOf(trip: TripRecord): Date | null {
  if (!trip.deliveredAt || trip.cancelledAt) return null;
  return daysAfter(trip.deliveredAt, RATING_OPEN_DAYS);
}

/** Whether the other side's rating shows to this side: both rated, or it was given 7 days ago. */
function theirsShows(theirs: RatingRecord, mine: RatingRecord | undefined, now: Date): boolean {
  return mine !== undefined || now >= daysAfter(theirs.createdAt, RATING_HIDDEN_DAYS);
}

/**
 * Until when this side's rating may change: 7 days after it was given, while the other side has not rated
 * (once both rated, both show). Null when it may not change now.
 */
function editableUntilOf(
  trip: TripRecord,
  mine: RatingRecord | undefined,
  theirs: RatingRecord | undefined,
  now: Date,
): Date | null {
  if (!mine || theirs || trip.cancelledAt) return null;
  const until = daysAfter(mine.createdAt, RATING_EDIT_DAYS);
  return now < until ? until : null;
}

/** A rating as a company reads it: a hidden comment reads as null. */
function toRating(row: RatingRecord): Rating {
  const commentHidden = row.commentHiddenAt !== null;
  return {
    id: row.id,
    tripId: row.tripId,
    raterSide: row.raterSide,
    score: row.score,
    tags: row.tags,
    comment: commentHidden ? null : row.comment,
    commentHidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminRating(row: AdminRatingRow): AdminRating {
  const { rating } = row;
  return {
    id: rating.id,
    tripId: rating.tripId,
    tripNumber: row.tripNumber,
    raterSide: rating.raterSide,
    raterCompanyId: rating.raterCompanyId,
    raterCompanyName: row.raterCompanyName,
    ratedCompanyId: rating.ratedCompanyId,
    ratedCompanyName: row.ratedCompanyName,
    score: rating.score,
    tags: rating.tags,
    comment: rating.comment,
    commentHidden: rating.commentHiddenAt !== null,
    commentHiddenAt: rating.commentHiddenAt?.toISOString() ?? null,
    commentHiddenReason: rating.commentHiddenReason,
    createdAt: rating.createdAt.toISOString(),
    updatedAt: rating.updatedAt.toISOString(),
  };
}

/** 400 naming the first tag that belongs to the other direction's list. */
function assertTagsFit(raterSide: RaterSide, tags: RateTripRequest['tags']): void {
  const at = misplacedRatingTag(raterSide, tags);
  if (at < 0) return;
  const message = `${RATING_TAG_LABELS[tags[at]!]} is not a tag for rating a ${otherSide(raterSide)}`;
  throw new AppError('BAD_REQUEST', message, { errors: [{ field: `tags.${at}`, message }] });
}

/** A trip takes a new rating only once delivered, while not cancelled, for 30 days. */
function assertRatable(trip: TripRecord, now: Date): void {
  if (trip.cancelledAt) throw new AppError('CONFLICT', 'This trip was cancelled, so it cannot be rated');
  if (!trip.deliveredAt) throw new AppError('CONFLICT', 'A trip can be rated once it is delivered');
  if (now >= daysAfter(trip.deliveredAt, RATING_OPEN_DAYS)) {
    throw new AppError('CONFLICT', `Ratings close ${RATING_OPEN_DAYS} days after delivery`);
  }
}

/** GET /api/v1/trips/{tripId}/ratings: the trip's ratings as the caller's side sees them. */
export async function tripRatingsFor(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<TripRatings> {
  const { trip, side } = await loadTripFor(ctx.db, principal, tripId);
  const raterSide = raterSideOf(side);
  const rows = await ratingsOfTrip(ctx.db, trip.id);
  const mine = rows.find((r) => r.raterSide === raterSide);
  const theirs = rows.find((r) => r.raterSide !== raterSide);
  const now = new Date();
  const rateUntil = rateUntilOf(trip);
  const editableUntil = editableUntilOf(trip, mine, theirs, now);
  return {
    canRate: !mine && rateUntil !== null && now < rateUntil,
    rateUntil: rateUntil?.toISOString() ?? null,
    mine: mine ? toRating(mine) : null,
    theirs: theirs && theirsShows(theirs, mine, now) ? toRating(theirs) : null,
    theirsGiven: theirs !== undefined,
    theirsShowsAt:
      theirs && !theirsShows(theirs, mine, now)
        ? daysAfter(theirs.createdAt, RATING_HIDDEN_DAYS).toISOString()
        : null,
    editableUntil: editableUntil?.toISOString() ?? null,
  };
}

/**
 * POST /api/v1/trips/{tripId}/ratings: the caller's side rates the other. The trip row is locked first, as
 * for every change to a trip, so the other side's rating cannot arrive between the checks and the write.
 */
export async function rateTrip(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: RateTripRequest,
  origin: RequestOrigin,
): Promise<Rating> {
  return ctx.db.transaction(async (tx) => {
    const { trip, side } = await loadTripFor(tx, principal, tripId, { forUpdate: true });
    const raterSide = raterSideOf(side);
    assertTagsFit(raterSide, input.tags);
    assertRatable(trip, new Date());
    const row = await insertRating(tx, {
      tripId: trip.id,
      raterSide,
      raterCompanyId: raterSide === 'customer' ? trip.customerCompanyId : trip.transporterCompanyId,
      ratedCompanyId: raterSide === 'customer' ? trip.transporterCompanyId : trip.customerCompanyId,
      score: input.score,
      tags: input.tags,
      comment: input.comment,
      createdBy: principal.userId,
    });
    if (!row) {
      throw new AppError('CONFLICT', 'Your company has already rated this trip; change that rating instead');
    }
    await audit(tx, principal, origin, {
      action: 'rating.given',
      entityType: 'trip_rating',
      entityId: row.id,
      data: {
        tripId: trip.id,
        tripNumber: trip.tripNumber,
        raterSide,
        score: row.score,
        tags: row.tags,
        comment: row.comment,
      },
    });
    return toRating(row);
  });
}

/**
 * PUT /api/v1/trips/{tripId}/ratings/mine: the caller's side changes its rating, for 7 days after giving it
 * and only while the other side has not rated (then both show, and neither may answer what it read).
 */
export async function changeMyRating(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: RateTripRequest,
  origin: RequestOrigin,
): Promise<Rating> {
  return ctx.db.transaction(async (tx) => {
    const { trip, side } = await loadTripFor(tx, principal, tripId, { forUpdate: true });
    const raterSide = raterSideOf(side);
    const rows = await ratingsOfTrip(tx, trip.id);
    const mine = rows.find((r) => r.raterSide === raterSide);
    const theirs = rows.find((r) => r.raterSide !== raterSide);
    if (!mine) throw new AppError('NOT_FOUND', 'Your company has not rated this trip yet');
    assertTagsFit(raterSide, input.tags);
    if (trip.cancelledAt) {
      throw new AppError('CONFLICT', 'This trip was cancelled, so its ratings cannot change');
    }
    if (theirs) {
      throw new AppError(
        'CONFLICT',
        'Both sides have rated this trip and both ratings now show, so neither can change',
      );
    }
    const now = new Date();
    if (now >= daysAfter(mine.createdAt, RATING_EDIT_DAYS)) {
      throw new AppError(
        'CONFLICT',
        `A rating can be changed for ${RATING_EDIT_DAYS} days after it was given; this one now shows to the other side`,
      );
    }
    const change = { score: input.score, tags: input.tags, comment: input.comment };
    const row = await updateRating(tx, mine.id, { ...change, updatedAt: now });
    await audit(tx, principal, origin, {
      action: 'rating.changed',
      entityType: 'trip_rating',
      entityId: row.id,
      data: { tripId: trip.id, tripNumber: trip.tripNumber, ...changeOf(mine, change) },
    });
    return toRating(row);
  });
}

/** GET /api/v1/admin/ratings: every rating for the back office, newest first, comments as written. */
export async function ratingsForBackOffice(
  ctx: AppContext,
  query: AdminRatingListQuery,
): Promise<Page<AdminRating>> {
  const { rows, total } = await listRatingsForAdmin(ctx.db, query);
  return toPage(rows.map(toAdminRating), total, query);
}

/**
 * PUT /api/v1/admin/ratings/{ratingId}/comment-visibility: the back office hides an abusive comment
 * (with a reason) or shows it again. The score and tags stay: they are the rater's judgement of the trip,
 * not the abuse. Each change is an audit row.
 */
export async function setRatingCommentVisibility(
  ctx: AppContext,
  principal: Principal,
  ratingId: string,
  request: CommentVisibilityRequest,
  origin: RequestOrigin,
): Promise<AdminRating> {
  await ctx.db.transaction(async (tx) => {
    const rating = await lockRating(tx, ratingId);
    if (!rating) throw notFound('Rating');
    if (rating.comment === null) throw new AppError('CONFLICT', 'This rating has no comment');
    const hidden = rating.commentHiddenAt !== null;
    if (request.hidden === hidden) {
      throw new AppError('CONFLICT', hidden ? 'The comment is already hidden' : 'The comment is not hidden');
    }
    const now = new Date();
    await setCommentHidden(
      tx,
      rating.id,
      request.hidden ? { at: now, by: principal.userId, reason: request.reason! } : null,
    );
    await audit(tx, { userId: principal.userId, companyId: rating.raterCompanyId }, origin, {
      action: request.hidden ? 'rating.comment_hidden' : 'rating.comment_shown',
      entityType: 'trip_rating',
      entityId: rating.id,
      data: {
        tripId: rating.tripId,
        ...(request.reason ? { reason: request.reason } : {}),
        before: {
          commentHiddenAt: rating.commentHiddenAt?.toISOString() ?? null,
          commentHiddenReason: rating.commentHiddenReason,
        },
        after: {
          commentHiddenAt: request.hidden ? now.toISOString() : null,
          commentHiddenReason: request.hidden ? request.reason : null,
        },
      },
    });
  });
  const row = await findAdminRating(ctx.db, ratingId);
  if (!row) throw notFound('Rating');
  return toAdminRating(row);
}
