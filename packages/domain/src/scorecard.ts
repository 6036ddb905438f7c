import type { TripIssueType } from './trip-issue-types';

/**
 * Scorecards (issue 33): what the platform recorded about a company's trips, both ways, and one score
 * from it. The figures are counted by the database (apps/api modules/scorecard); this file holds the
 * rules that turn them into a score and into advice, shared by the API and the web app so both say the
 * same (docs/decisions/034-scorecards.md).
 */

/** No score, and "New on Freightlane", before this many completed trips. */
export const SCORECARD_MINIMUM_TRIPS = 5;
/** The rates (on time, coverage, days to pay…) count the trips and invoices of this many days. */
export const SCORECARD_WINDOW_DAYS = 365;
/** The recent count of completed trips. */
export const SCORECARD_RECENT_DAYS = 90;
/** Loaded time is cut into slots this long; a slot with a position is tracked. */
export const TRACKING_SLOT_MINUTES = 15;
/** Proof of delivery counts as prompt when uploaded within this many hours of delivery. */
export const PROOF_OF_DELIVERY_HOURS = 24;

/** `count` of `of` (on time: 12 of 14 trips); a share is null while `of` is 0. */
export interface Ratio {
  count: number;
  of: number;
}

export interface RatingFigure {
  /** One decimal; null without a rating shown yet. */
  average: number | null;
  count: number;
}

export interface TransporterFigures {
  completedTripsRecent: number;
  completedTripsAll: number;
  /** At the pickup by the end of the pickup date (Lagos), of the trips that reached it. */
  onTimePickup: Ratio;
  /** Delivered by the end of the expected delivery date, of the delivered trips that had one. */
  onTimeDelivery: Ratio;
  /** Tracked slots of loaded time, over the delivered trips' loaded time. */
  trackingCoverage: Ratio;
  /** Issues opened on the window's trips, by type, and the trips they are counted over. */
  issues: { byType: Partial<Record<TripIssueType, number>>; trips: number };
  /** Trips the transporter cancelled after the award, of the trips awarded to it. */
  cancellationsAfterAward: Ratio;
  /** Proof of delivery uploaded within 24 hours of delivery, of the delivered trips. */
  proofOfDeliveryOnTime: Ratio;
  rating: RatingFigure;
}

export interface CustomerFigures {
  tripsRecent: number;
  tripsAll: number;
  /** Days from an invoice raised to paid, over the invoices paid in the window. */
  daysToPay: { totalDays: number; invoices: number };
  /** Invoices paid after their due date, or still unpaid past it, of the invoices due in the window. */
  overdue: Ratio;
  /** Hours from the truck's arrival at the customer's own site to loaded (or delivered), over those stops. */
  waitingAtSites: { totalHours: number; stops: number };
  /** Trips the customer cancelled after the award, of its awarded trips. */
  cancellationsAfterAward: Ratio;
  rating: RatingFigure;
}

/** The share of a ratio from 0 to 1, or null when there is nothing to count. */
export function ratioShare(ratio: Ratio): number | null {
  return ratio.of > 0 ? Math.min(1, ratio.count / ratio.of) : null;
}

/** A percentage as people read it, whole; null stays null. */
export function percentOf(ratio: Ratio): number | null {
  const share = ratioShare(ratio);
  return share === null ? null : Math.round(share * 100);
}

/** Issues the transporter answers for (a breakdown, an accident, a diversion), per trip. */
const TRANSPORTER_FAULT_ISSUES: readonly TripIssueType[] = ['BREAKDOWN', 'ACCIDENT', 'DIVERSION'];

export function issuesPer100Trips(issues: TransporterFigures['issues'], types?: readonly TripIssueType[]) {
  if (issues.trips === 0) return null;
  const counted = Object.entries(issues.byType)
    .filter(([type]) => !types || types.includes(type as TripIssueType))
    .reduce((sum, [, n]) => sum + (n ?? 0), 0);
  return Math.round((counted / issues.trips) * 1000) / 10;
}

const ratingShare = (rating: RatingFigure) => (rating.average === null ? null : (rating.average - 1) / 4);

/** The weighted mean of the parts that have figures; a part without any is left out, not counted as 0. */
function weighted(parts: readonly [share: number | null, weight: number][]): number | null {
  let sum = 0;
  let weights = 0;
  for (const [share, weight] of parts) {
    if (share === null) continue;
    sum += share * weight;
    weights += weight;
  }
  return weights === 0 ? null : Math.round((sum / weights) * 100);
}

/**
 * A transporter's score out of 100, or null while it is new: on-time delivery counts most (30), then
 * on-time pickup (20), tracking (15) and ratings (15), then proof of delivery within a day (10) and
 * keeping awards and trucks sound (10: cancellations after award, and breakdowns, accidents and
 * diversions, each per trip). Congestion, checkpoints and the tracking alarms' own issues are not the
 * transporter's doing and do not lower it.
 */
export function transporterScore(f: TransporterFigures): number | null {
  if (f.completedTripsAll < SCORECARD_MINIMUM_TRIPS) return null;
  const faults = issuesPer100Trips(f.issues, TRANSPORTER_FAULT_ISSUES);
  const cancelled = ratioShare(f.cancellationsAfterAward);
  const soundness =
    faults === null && cancelled === null ? null : 1 - Math.min(1, (faults ?? 0) / 100 + (cancelled ?? 0));
  return weighted([
    [ratioShare(f.onTimeDelivery), 30],
    [ratioShare(f.onTimePickup), 20],
    [ratioShare(f.trackingCoverage), 15],
    [ratingShare(f.rating), 15],
    [ratioShare(f.proofOfDeliveryOnTime), 10],
    [soundness, 10],
  ]);
}

/** Paying within this many days scores in full; the share falls to nothing at PAY_DAYS_NONE. */
const PAY_DAYS_FULL = 14;
const PAY_DAYS_NONE = 60;
/** Loading within this many hours of arrival scores in full; nothing at WAIT_HOURS_NONE. */
const WAIT_HOURS_FULL = 2;
const WAIT_HOURS_NONE = 24;

const falling = (value: number, full: number, none: number) =>
  Math.max(0, Math.min(1, (none - value) / (none - full)));

export const averageDaysToPay = (f: CustomerFigures) =>
  f.daysToPay.invoices > 0 ? Math.round((f.daysToPay.totalDays / f.daysToPay.invoices) * 10) / 10 : null;
export const averageWaitingHours = (f: CustomerFigures) =>
  f.waitingAtSites.stops > 0
    ? Math.round((f.waitingAtSites.totalHours / f.waitingAtSites.stops) * 10) / 10
    : null;

/**
 * A customer's score out of 100 as a payer and a place to load, or null while it is new: paying by the due
 * date counts most (40), then how fast it pays (20: in full within 14 days, nothing at 60) and how long
 * trucks wait at its sites (20: in full within 2 hours, nothing at 24), then ratings (10) and keeping
 * its awards (10).
 */
export function customerScore(f: CustomerFigures): number | null {
  if (f.tripsAll < SCORECARD_MINIMUM_TRIPS) return null;
  const days = averageDaysToPay(f);
  const hours = averageWaitingHours(f);
  const overdue = ratioShare(f.overdue);
  const cancelled = ratioShare(f.cancellationsAfterAward);
  return weighted([
    [overdue === null ? null : 1 - overdue, 40],
    [days === null ? null : falling(days, PAY_DAYS_FULL, PAY_DAYS_NONE), 20],
    [hours === null ? null : falling(hours, WAIT_HOURS_FULL, WAIT_HOURS_NONE), 20],
    [ratingShare(f.rating), 10],
    [cancelled === null ? null : 1 - cancelled, 10],
  ]);
}

/** What would raise a score most, as keys the app words: the weakest parts first, at most three. */
export type ScorecardAdvice =
  | 'deliverOnTime'
  | 'arriveOnTime'
  | 'keepTracking'
  | 'uploadProofOfDelivery'
  | 'avoidCancelling'
  | 'maintainTrucks'
  | 'askForRatings'
  | 'payByDueDate'
  | 'payFaster'
  | 'loadFaster'
  | 'completeMoreTrips';

/** A part scores low under this share (80%): below it, it is worth the advice. */
const ADVICE_BELOW = 0.8;

function adviceFrom(
  parts: readonly [advice: ScorecardAdvice, share: number | null, weight: number][],
): ScorecardAdvice[] {
  return parts
    .filter(([, share]) => share !== null && share < ADVICE_BELOW)
    .sort((a, b) => (1 - b[1]!) * b[2] - (1 - a[1]!) * a[2])
    .slice(0, 3)
    .map(([advice]) => advice);
}

export function transporterAdvice(f: TransporterFigures): ScorecardAdvice[] {
  if (f.completedTripsAll < SCORECARD_MINIMUM_TRIPS) return ['completeMoreTrips'];
  const faults = issuesPer100Trips(f.issues, TRANSPORTER_FAULT_ISSUES);
  const cancelled = ratioShare(f.cancellationsAfterAward);
  return adviceFrom([
    ['deliverOnTime', ratioShare(f.onTimeDelivery), 30],
    ['arriveOnTime', ratioShare(f.onTimePickup), 20],
    ['keepTracking', ratioShare(f.trackingCoverage), 15],
    ['askForRatings', ratingShare(f.rating), 15],
    ['uploadProofOfDelivery', ratioShare(f.proofOfDeliveryOnTime), 10],
    ['avoidCancelling', cancelled === null ? null : 1 - cancelled * 5, 5],
    ['maintainTrucks', faults === null ? null : 1 - faults / 20, 5],
  ]);
}

export function customerAdvice(f: CustomerFigures): ScorecardAdvice[] {
  if (f.tripsAll < SCORECARD_MINIMUM_TRIPS) return ['completeMoreTrips'];
  const days = averageDaysToPay(f);
  const hours = averageWaitingHours(f);
  const overdue = ratioShare(f.overdue);
  const cancelled = ratioShare(f.cancellationsAfterAward);
  return adviceFrom([
    ['payByDueDate', overdue === null ? null : 1 - overdue, 40],
    ['payFaster', days === null ? null : falling(days, PAY_DAYS_FULL, PAY_DAYS_NONE), 20],
    ['loadFaster', hours === null ? null : falling(hours, WAIT_HOURS_FULL, WAIT_HOURS_NONE), 20],
    ['askForRatings', ratingShare(f.rating), 10],
    ['avoidCancelling', cancelled === null ? null : 1 - cancelled * 5, 10],
  ]);
}

/**
 * Best value among bids: the price each point of score buys. A bid's price is weighed up by how far its
 * transporter's score falls short of 100 (a score of 60 weighs a price 20% heavier); a new transporter,
 * with no score yet, is weighed as a score of NEW_TRANSPORTER_SCORE, neither rewarded nor punished much.
 */
export const NEW_TRANSPORTER_SCORE = 70;

export function valueWeightedPrice(amountKobo: number, score: number | null): number {
  return Math.round(amountKobo * (1 + (100 - (score ?? NEW_TRANSPORTER_SCORE)) / 200));
}
