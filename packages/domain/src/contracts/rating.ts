import { z } from 'zod';
import { pageOf, pageQuery } from './page';
import { CUSTOMER_RATING_TAGS, RATING_TAGS, TRANSPORTER_RATING_TAGS, type RatingTag } from '../rating-tags';

export {
  CUSTOMER_RATING_TAGS,
  RATING_TAGS,
  RATING_TAG_LABELS,
  TRANSPORTER_RATING_TAGS,
  type CustomerRatingTag,
  type RatingTag,
  type TransporterRatingTag,
} from '../rating-tags';

// ---------------------------------------------------------------------------------------------------------
// Trip ratings: after delivery each side of a trip rates the other 1 to 5, with tags and a comment.

/** Who gave a rating: the trip's customer (rating its transporter) or its transporter (rating its customer). */
export const RATER_SIDES = ['customer', 'transporter'] as const;
export type RaterSide = (typeof RATER_SIDES)[number];

export const MIN_RATING_SCORE = 1;
export const MAX_RATING_SCORE = 5;
export const MAX_RATING_TAGS = 5;
export const MAX_RATING_COMMENT = 1000;
/** A trip may be rated for this many days after its delivery. */
export const RATING_OPEN_DAYS = 30;
/**
 * A rating may be changed for this many days after it was given, and stays hidden from the other side as
 * long (unless both sides rated sooner): one window, so a rating never changes once the other side read it.
 */
export const RATING_EDIT_DAYS = 7;
export const RATING_HIDDEN_DAYS = 7;

/** The tags a side may give: a customer rates a transporter, a transporter rates a customer. */
export function ratingTagsOf(raterSide: RaterSide): readonly RatingTag[] {
  return raterSide === 'customer' ? TRANSPORTER_RATING_TAGS : CUSTOMER_RATING_TAGS;
}

/** The position of the first tag the side may not give (one about the other direction); -1 when all fit. */
export function misplacedRatingTag(raterSide: RaterSide, tags: readonly RatingTag[]): number {
  const allowed = ratingTagsOf(raterSide);
  return tags.findIndex((tag) => !allowed.includes(tag));
}

/** C0 and C1 control characters besides tab, line feed and carriage return: nothing a person types. */
function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export const tripRatingParams = z.object({ tripId: z.uuid({ error: 'Trip not found' }) });
export const ratingIdParams = z.object({ ratingId: z.uuid({ error: 'Rating not found' }) });

const SCORE_MESSAGE = `Score must be a whole number from ${MIN_RATING_SCORE} to ${MAX_RATING_SCORE}`;

/** POST /api/v1/trips/{tripId}/ratings and PUT /api/v1/trips/{tripId}/ratings/mine. */
export const rateTripRequest = z.strictObject({
  score: z
    .number({ error: SCORE_MESSAGE })
    .int(SCORE_MESSAGE)
    .min(MIN_RATING_SCORE, SCORE_MESSAGE)
    .max(MAX_RATING_SCORE, SCORE_MESSAGE),
  tags: z
    .array(z.enum(RATING_TAGS, { error: 'Choose tags from the list' }), {
      error: 'Tags must be a list (empty for none)',
    })
    .max(MAX_RATING_TAGS, `Choose at most ${MAX_RATING_TAGS} tags`)
    .refine((tags) => new Set(tags).size === tags.length, 'Choose each tag once'),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(MAX_RATING_COMMENT, `Comment must be at most ${MAX_RATING_COMMENT} characters`)
    .refine((text) => !hasControlCharacter(text), 'Comment must not contain control characters')
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type RateTripRequest = z.infer<typeof rateTripRequest>;
export type RateTripInput = z.input<typeof rateTripRequest>;

export const ratingSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  raterSide: z.enum(RATER_SIDES),
  score: z.number().int(),
  tags: z.array(z.enum(RATING_TAGS)),
  /** Null when none was written, or when the back office hid it (then `commentHidden` is true). */
  comment: z.string().nullable(),
  commentHidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** GET /api/v1/trips/{tripId}/ratings: the trip's ratings as one side of it sees them. */
export const tripRatingsSchema = z.object({
  /** Whether the caller's side may rate now: delivered, not cancelled, within the window, not yet rated. */
  canRate: z.boolean(),
  /** Until when the trip may be rated; null before delivery and for a cancelled trip. */
  rateUntil: z.string().nullable(),
  mine: ratingSchema.nullable(),
  /** The other side's rating once it shows: both sides rated, or it was given 7 days ago. */
  theirs: ratingSchema.nullable(),
  /** Whether the other side rated, even while its rating is hidden. */
  theirsGiven: z.boolean(),
  /** While the other side's rating is hidden: when it shows anyway (7 days after it was given). */
  theirsShowsAt: z.string().nullable(),
  /** Until when the caller's rating may be changed; null when it may not (or there is none). */
  editableUntil: z.string().nullable(),
});
export type TripRatings = z.infer<typeof tripRatingsSchema>;

// ---------------------------------------------------------------------------------------------------------
// The back office: every rating, and hiding an abusive comment.

/** GET /api/v1/admin/ratings?withComment=true&page&size: newest first. */
export const adminRatingListQuery = pageQuery.extend({
  withComment: z
    .enum(['true', 'false'], { error: 'withComment must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type AdminRatingListQuery = z.infer<typeof adminRatingListQuery>;

export const adminRatingSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  tripNumber: z.string(),
  raterSide: z.enum(RATER_SIDES),
  raterCompanyId: z.string(),
  raterCompanyName: z.string(),
  ratedCompanyId: z.string(),
  ratedCompanyName: z.string(),
  score: z.number().int(),
  tags: z.array(z.enum(RATING_TAGS)),
  /** The comment as written, also when hidden from the companies. */
  comment: z.string().nullable(),
  commentHidden: z.boolean(),
  commentHiddenAt: z.string().nullable(),
  commentHiddenReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminRating = z.infer<typeof adminRatingSchema>;
export const adminRatingPage = pageOf(adminRatingSchema);
export type AdminRatingPage = z.infer<typeof adminRatingPage>;

export const HIDE_COMMENT_REASON_MESSAGE = 'Give the reason for hiding the comment';

/** PUT /api/v1/admin/ratings/{ratingId}/comment-visibility: hiding needs a reason, kept in the audit log. */
export const commentVisibilityRequest = z
  .strictObject({
    hidden: z.boolean({ error: 'hidden must be true or false' }),
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(500, 'Reason must be at most 500 characters')
      .optional()
      .transform((text) => (text ? text : undefined)),
  })
  .superRefine((request, ctx) => {
    if (request.hidden && !request.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: HIDE_COMMENT_REASON_MESSAGE });
    }
  });
export type CommentVisibilityRequest = z.infer<typeof commentVisibilityRequest>;
