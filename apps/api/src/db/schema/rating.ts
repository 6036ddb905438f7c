import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RaterSide, RatingTag } from '@freightlane/domain';
import { companies } from './company';
import { trips } from './trip';
import { users } from './user';

/**
 * What one side of a delivered trip said about the other: a score of 1 to 5, tags from its direction's list
 * and an optional comment. One per trip and side. The back office may hide an abusive comment (the score
 * and tags stay); the hiding is kept here and in the audit log.
 */
export const tripRatings = pgTable(
  'trip_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    raterCompanyId: uuid('rater_company_id')
      .notNull()
      .references(() => companies.id),
    ratedCompanyId: uuid('rated_company_id')
      .notNull()
      .references(() => companies.id),
    raterSide: text('rater_side').$type<RaterSide>().notNull(),
    score: integer('score').notNull(),
    tags: text('tags')
      .array()
      .$type<RatingTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    comment: text('comment'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was given: the edit window and the time it stays hidden both count from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    commentHiddenAt: timestamp('comment_hidden_at', { withTimezone: true }),
    commentHiddenBy: uuid('comment_hidden_by').references(() => users.id, { onDelete: 'set null' }),
    commentHiddenReason: text('comment_hidden_reason'),
  },
  (t) => [
    uniqueIndex('trip_ratings_trip_side_uq').on(t.tripId, t.raterSide),
    // A company's average: the ratings about it given by the other side.
    index('trip_ratings_rated_idx').on(t.ratedCompanyId, t.raterSide),
    check('trip_ratings_score_range', sql`${t.score} BETWEEN 1 AND 5`),
    check('trip_ratings_rater_side', sql`${t.raterSide} IN ('customer', 'transporter')`),
  ],
);
