import { describe, expect, it } from 'vitest';
import {
  customerAdvice,
  customerScore,
  issuesPer100Trips,
  percentOf,
  transporterAdvice,
  transporterScore,
  valueWeightedPrice,
  type CustomerFigures,
  type TransporterFigures,
} from './scorecard';

const transporter: TransporterFigures = {
  completedTripsRecent: 10,
  completedTripsAll: 20,
  onTimePickup: { count: 18, of: 20 },
  onTimeDelivery: { count: 15, of: 20 },
  trackingCoverage: { count: 90, of: 100 },
  issues: { byType: { BREAKDOWN: 1, PORT_CONGESTION: 6 }, trips: 20 },
  cancellationsAfterAward: { count: 0, of: 20 },
  proofOfDeliveryOnTime: { count: 20, of: 20 },
  rating: { average: 4.5, count: 8 },
};

const customer: CustomerFigures = {
  tripsRecent: 6,
  tripsAll: 12,
  daysToPay: { totalDays: 120, invoices: 4 },
  overdue: { count: 1, of: 4 },
  waitingAtSites: { totalHours: 26, stops: 2 },
  cancellationsAfterAward: { count: 1, of: 10 },
  rating: { average: null, count: 0 },
};

describe('transporterScore', () => {
  it('weighs the parts as the decision says', () => {
    // 30 × 0.75 + 20 × 0.9 + 15 × 0.9 + 15 × 0.875 + 10 × 1 + 10 × (1 − 5/100) = 86.6
    expect(transporterScore(transporter)).toBe(87);
  });

  it('gives no score under five completed trips', () => {
    expect(transporterScore({ ...transporter, completedTripsAll: 4 })).toBeNull();
    expect(transporterAdvice({ ...transporter, completedTripsAll: 4 })).toEqual(['completeMoreTrips']);
  });

  it('leaves out a part with nothing to count rather than counting it as nothing', () => {
    const untracked = {
      ...transporter,
      trackingCoverage: { count: 0, of: 0 },
      rating: { average: null, count: 0 },
    };
    // (22.5 + 18 + 10 + 9.5) / 70
    expect(transporterScore(untracked)).toBe(86);
  });

  it('does not hold congestion or checkpoints against the transporter', () => {
    expect(issuesPer100Trips(transporter.issues)).toBe(35);
    expect(issuesPer100Trips(transporter.issues, ['BREAKDOWN', 'ACCIDENT', 'DIVERSION'])).toBe(5);
    const congested = { ...transporter, issues: { byType: { PORT_CONGESTION: 40 }, trips: 20 } };
    expect(transporterScore(congested)).toBe(
      transporterScore({ ...transporter, issues: { byType: {}, trips: 20 } }),
    );
  });

  it('advises the weakest parts first, by what they cost the score', () => {
    // On-time delivery costs 30 × 0.25; one breakdown in 20 trips, 5 × 0.25; the rest is above 80%.
    expect(transporterAdvice(transporter)).toEqual(['deliverOnTime', 'maintainTrucks']);
  });
});

describe('customerScore', () => {
  it('weighs paying on time, paying fast, loading fast, ratings and kept awards', () => {
    // 40 × 0.75 + 20 × (60 − 30)/46 + 20 × (24 − 13)/22 + 10 × 0.9 = 62.0 over the 90 with figures.
    expect(customerScore(customer)).toBe(69);
    // Paying late costs 40 × 0.25 and 13 hours' wait 20 × 0.5 (equal: the heavier part first), 30 days to
    // pay 20 × 0.35.
    expect(customerAdvice(customer)).toEqual(['payByDueDate', 'loadFaster', 'payFaster']);
  });

  it('gives no score under five trips', () => {
    expect(customerScore({ ...customer, tripsAll: 4 })).toBeNull();
  });
});

describe('figures as people read them', () => {
  it('rounds a share to a whole percent and says nothing for nothing counted', () => {
    expect(percentOf({ count: 2, of: 3 })).toBe(67);
    expect(percentOf({ count: 0, of: 0 })).toBeNull();
  });

  it('weighs a bid by how far its transporter falls short of 100, a new one as 70', () => {
    expect(valueWeightedPrice(100_000, 100)).toBe(100_000);
    expect(valueWeightedPrice(100_000, 60)).toBe(120_000);
    expect(valueWeightedPrice(100_000, null)).toBe(115_000);
  });
});
