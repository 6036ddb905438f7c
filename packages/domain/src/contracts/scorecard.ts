import { z } from 'zod';
import { TRIP_ISSUE_TYPES } from '../trip-issue-types';

export {
  NEW_TRANSPORTER_SCORE,
  PROOF_OF_DELIVERY_HOURS,
  SCORECARD_MINIMUM_TRIPS,
  SCORECARD_RECENT_DAYS,
  SCORECARD_WINDOW_DAYS,
  TRACKING_SLOT_MINUTES,
  averageDaysToPay,
  averageWaitingHours,
  customerAdvice,
  customerScore,
  issuesPer100Trips,
  percentOf,
  ratioShare,
  transporterAdvice,
  transporterScore,
  valueWeightedPrice,
  type CustomerFigures,
  type Ratio,
  type RatingFigure,
  type ScorecardAdvice,
  type TransporterFigures,
} from '../scorecard';

const ratio = z.object({ count: z.number().int(), of: z.number().int() });
const rating = z.object({ average: z.number().nullable(), count: z.number().int() });

export const transporterFiguresSchema = z.object({
  completedTripsRecent: z.number().int(),
  completedTripsAll: z.number().int(),
  onTimePickup: ratio,
  onTimeDelivery: ratio,
  trackingCoverage: ratio,
  issues: z.object({
    byType: z.partialRecord(z.enum(TRIP_ISSUE_TYPES), z.number().int()),
    trips: z.number().int(),
  }),
  cancellationsAfterAward: ratio,
  proofOfDeliveryOnTime: ratio,
  rating,
});

export const customerFiguresSchema = z.object({
  tripsRecent: z.number().int(),
  tripsAll: z.number().int(),
  daysToPay: z.object({ totalDays: z.number(), invoices: z.number().int() }),
  overdue: ratio,
  waitingAtSites: z.object({ totalHours: z.number(), stops: z.number().int() }),
  cancellationsAfterAward: ratio,
  rating,
});

const SCORECARD_ADVICE = [
  'deliverOnTime',
  'arriveOnTime',
  'keepTracking',
  'uploadProofOfDelivery',
  'avoidCancelling',
  'maintainTrucks',
  'askForRatings',
  'payByDueDate',
  'payFaster',
  'loadFaster',
  'completeMoreTrips',
] as const;

const cardBase = {
  companyId: z.string(),
  companyName: z.string(),
  /** Out of 100; null while the company has fewer than SCORECARD_MINIMUM_TRIPS completed trips. */
  score: z.number().int().nullable(),
  /** When the figures were last counted; null when the company has no trips counted yet. */
  computedAt: z.string().nullable(),
  /** What would raise the score: only on the company's own card. */
  advice: z.array(z.enum(SCORECARD_ADVICE)).optional(),
};

export const scorecardSchema = z.discriminatedUnion('side', [
  z.object({ side: z.literal('transporter'), ...cardBase, figures: transporterFiguresSchema }),
  z.object({ side: z.literal('customer'), ...cardBase, figures: customerFiguresSchema }),
]);
export type Scorecard = z.infer<typeof scorecardSchema>;
export type TransporterScorecard = Extract<Scorecard, { side: 'transporter' }>;
export type CustomerScorecard = Extract<Scorecard, { side: 'customer' }>;

/** What a bid or an order shows of a company: its score and the few figures read at a glance. */
export const scoreSummarySchema = z.object({
  score: z.number().int().nullable(),
  /** Completed trips (a customer's: its trips), all time. */
  trips: z.number().int(),
  rating: rating,
  /** Transporters: on-time delivery; customers: invoices paid by their due date. Percent, or null. */
  headlinePercent: z.number().int().nullable(),
});
export type ScoreSummary = z.infer<typeof scoreSummarySchema>;

export const scorecardCompanyParams = z.object({ companyId: z.uuid({ error: 'Company not found' }) });
