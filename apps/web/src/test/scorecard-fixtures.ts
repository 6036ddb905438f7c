import { scorecardSchema, type CustomerScorecard, type TransporterScorecard } from '@freightlane/domain';
import { apiFixture } from './api-fixture';

/** A transporter's card: 82 out of 100, 15 of 20 delivered on time. */
export function transporterCard(overrides: Partial<TransporterScorecard> = {}): TransporterScorecard {
  return apiFixture(scorecardSchema, {
    side: 'transporter',
    companyId: 'company-onne',
    companyName: 'Onne Express Logistics',
    score: 82,
    computedAt: '2026-11-28T10:00:00.000Z',
    figures: {
      completedTripsRecent: 6,
      completedTripsAll: 20,
      onTimePickup: { count: 18, of: 20 },
      onTimeDelivery: { count: 15, of: 20 },
      trackingCoverage: { count: 450, of: 500 },
      issues: { byType: { BREAKDOWN: 1, CHECKPOINT_DELAY: 2 }, trips: 20 },
      cancellationsAfterAward: { count: 1, of: 21 },
      proofOfDeliveryOnTime: { count: 19, of: 20 },
      rating: { average: 4.5, count: 6 },
    },
    ...overrides,
  }) as TransporterScorecard;
}

/** A customer's card: 92 out of 100, 9 of 10 invoices paid by their due date. */
export function customerCard(overrides: Partial<CustomerScorecard> = {}): CustomerScorecard {
  return apiFixture(scorecardSchema, {
    side: 'customer',
    companyId: 'company-lekki',
    companyName: 'Lekki Importers Ltd',
    score: 92,
    computedAt: '2026-11-28T10:00:00.000Z',
    figures: {
      tripsRecent: 4,
      tripsAll: 14,
      daysToPay: { totalDays: 95, invoices: 10 },
      overdue: { count: 1, of: 10 },
      waitingAtSites: { totalHours: 35, stops: 14 },
      cancellationsAfterAward: { count: 0, of: 14 },
      rating: { average: 4.2, count: 5 },
    },
    ...overrides,
  }) as CustomerScorecard;
}
