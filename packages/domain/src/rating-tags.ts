/**
 * What one side of a delivered trip may say about the other beside its score: a fixed list per direction,
 * praise first, then complaints. A customer rates its transporter with the first list, a transporter its
 * customer with the second.
 */
export const TRANSPORTER_RATING_TAGS = [
  'ON_TIME',
  'CAREFUL_WITH_CARGO',
  'GOOD_COMMUNICATION',
  'ALWAYS_TRACKED',
  'PROFESSIONAL_CREW',
  'LATE',
  'CARGO_DAMAGED',
  'HARD_TO_REACH',
  'TRACKING_OFF',
  'UNPROFESSIONAL_CREW',
] as const;
export type TransporterRatingTag = (typeof TRANSPORTER_RATING_TAGS)[number];

export const CUSTOMER_RATING_TAGS = [
  'QUICK_LOADING',
  'QUICK_PAYMENT',
  'CLEAR_INSTRUCTIONS',
  'SAFE_SITE',
  'LONG_WAIT',
  'LATE_PAYMENT',
  'WRONG_DETAILS',
  'UNSAFE_SITE',
] as const;
export type CustomerRatingTag = (typeof CUSTOMER_RATING_TAGS)[number];

export const RATING_TAGS = [...TRANSPORTER_RATING_TAGS, ...CUSTOMER_RATING_TAGS] as const;
export type RatingTag = (typeof RATING_TAGS)[number];

export const RATING_TAG_LABELS: Record<RatingTag, string> = {
  ON_TIME: 'On time',
  CAREFUL_WITH_CARGO: 'Careful with the cargo',
  GOOD_COMMUNICATION: 'Good communication',
  ALWAYS_TRACKED: 'Always tracked',
  PROFESSIONAL_CREW: 'Professional crew',
  LATE: 'Late',
  CARGO_DAMAGED: 'Cargo damaged',
  HARD_TO_REACH: 'Hard to reach',
  TRACKING_OFF: 'Tracking off',
  UNPROFESSIONAL_CREW: 'Unprofessional crew',
  QUICK_LOADING: 'Quick loading',
  QUICK_PAYMENT: 'Quick payment',
  CLEAR_INSTRUCTIONS: 'Clear instructions',
  SAFE_SITE: 'Safe site',
  LONG_WAIT: 'Long wait',
  LATE_PAYMENT: 'Late payment',
  WRONG_DETAILS: 'Wrong details',
  UNSAFE_SITE: 'Unsafe site',
};
