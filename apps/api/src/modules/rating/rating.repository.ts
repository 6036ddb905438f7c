import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RATING_HIDDEN_DAYS, type RaterSide } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, tripRatings, trips } from '../../db/schema';

export type RatingRecord = typeof tripRatings.$inferSelect;

/** The ratings of one trip: none, one or both sides'. */
export async function ratingsOfTrip(db: Executor, tripId: string): Promise<RatingRecord[]> {
  return db.select().from(tripRatings).where(eq(tripRatings.tripId, tripId));
}

/** Writes a rating; undefined when the side has rated the trip already (the unique index decides). */
export async function insertRating(
  db: Executor,
  values: typeof tripRatings.$inferInsert,
): Promise<RatingRecord | undefined> {
  const [row] = await db.insert(tripRatings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRating(
  db: Executor,
  ratingId: string,
  change: Pick<RatingRecord, 'score' | 'tags' | 'comment' | 'updatedAt'>,
): Promise<RatingRecord> {
  const [row] = await db.update(tripRatings).set(change).where(eq(tripRatings.id, ratingId)).returning();
  if (!row) throw new Error(`Rating ${ratingId} vanished while it was locked`);
  return row;
}

/** One rating, locked for the rest of the transaction. */
export async function lockRating(db: Executor, ratingId: string): Promise<RatingRecord | undefined> {
  const [row] = await db
    .select()
    .from(tripRatings)
    .where(eq(tripRatings.id, ratingId))
    .limit(1)
    .for('update');
  return row;
}

export async function setCommentHidden(
  db: Executor,
  ratingId: string,
  hidden: { at: Date; by: string; reason: string } | null,
): Promise<void> {
  await db
    .update(tripRatings)
    .set({
      commentHiddenAt: hidden?.at ?? null,
      commentHiddenBy: hidden?.by ?? null,
      commentHiddenReason: hidden?.reason ?? null,
    })
    .where(eq(tripRatings.id, ratingId));
}

const rater = alias(companies, 'rater');
const rated = alias(companies, 'rated');

function adminRatingRows(db: Executor) {
  return db
    .select({
      rating: tripRatings,
      tripNumber: trips.tripNumber,
      raterCompanyName: rater.name,
      ratedCompanyName: rated.name,
    })
    .from(tripRatings)
    .innerJoin(trips, eq(trips.id, tripRatings.tripId))
    .innerJoin(rater, eq(rater.id, tripRatings.raterCompanyId))
    .innerJoin(rated, eq(rated.id, tripRatings.ratedCompanyId));
}
export type AdminRatingRow = Awaited<ReturnType<ReturnType<typeof adminRatingRows>['limit']>>[number];

/** The back office's list: every rating (or only those with a comment), newest first. */
export async function listRatingsForAdmin(
  db: Executor,
  filter: { withComment: boolean; page: number; size: number },
): Promise<{ rows: AdminRatingRow[]; total: number }> {
  const where = filter.withComment ? isNotNull(tripRatings.comment) : undefined;
  const rows = await adminRatingRows(db)
    .where(where)
    .orderBy(desc(tripRatings.createdAt), desc(tripRatings.id))
    .limit(filter.size)
    .offset(filter.page * filter.size);
  const [total] = await db.select({ n: count() }).from(tripRatings).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminRating(db: Executor, ratingId: string): Promise<AdminRatingRow | undefined> {
  const [row] = await adminRatingRows(db).where(eq(tripRatings.id, ratingId)).limit(1);
  return row;
}

/** A company's average rating as the scorecards show it. */
export interface RatingSummary {
  companyId: string;
  /** The mean score to one decimal; null without a revealed rating. */
  average: number | null;
  count: number;
}

/**
 * The average rating of each company as `side` of its trips (`transporter`: what its customers said about
 * it), over the revealed ratings only: those the rated company may read (both sides rated the trip, or the
 * rating was given 7 days ago), so an average never tells what a hidden rating says. One grouped query; a
 * company without a revealed rating answers count 0 and average null.
 */
export async function ratingSummaries(
  db: Executor,
  companyIds: readonly string[],
  side: RaterSide,
  now: Date = new Date(),
): Promise<RatingSummary[]> {
  if (companyIds.length === 0) return [];
  const raterSide: RaterSide = side === 'transporter' ? 'customer' : 'transporter';
  const shownBefore = new Date(now.getTime() - RATING_HIDDEN_DAYS * 24 * 3600 * 1000);
  // The same trip's rating by the other side: the outer row is then shown to the company it rates.
  const other = alias(tripRatings, 'other_side');
  const rows = await db
    .select({
      companyId: tripRatings.ratedCompanyId,
      average: sql<string>`round(avg(${tripRatings.score}), 1)`,
      count: count(),
    })
    .from(tripRatings)
    .where(
      and(
        inArray(tripRatings.ratedCompanyId, [...companyIds]),
        eq(tripRatings.raterSide, raterSide),
        sql`(${tripRatings.createdAt} <= ${shownBefore.toISOString()}::timestamptz
          OR EXISTS (SELECT 1 FROM ${tripRatings} AS ${sql.identifier('other_side')}
            WHERE ${other.tripId} = ${tripRatings.tripId} AND ${other.raterSide} <> ${tripRatings.raterSide}))`,
      ),
    )
    .groupBy(tripRatings.ratedCompanyId);
  const byCompany = new Map(rows.map((row) => [row.companyId, row]));
  return companyIds.map((companyId) => {
    const row = byCompany.get(companyId);
    return row
      ? { companyId, average: Number(row.average), count: row.count }
      : { companyId, average: null, count: 0 };
  });
}
