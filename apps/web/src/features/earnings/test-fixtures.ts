import { earningSchema, earningSummarySchema, type Earning, type EarningSummary } from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

/** A paid trip: ₦483,750.00 paid, 5 % commission on the ₦450,000.00 before VAT, ₦461,250.00 net. */
export function earningFixture(
  overrides: Partial<Earning> = {},
  payout: Partial<Earning['payout']> = {},
): Earning {
  return apiFixture(earningSchema, {
    invoiceId: 'invoice-1',
    invoiceNumber: 'INV-2026-000017',
    trip: { id: 'trip-1', tripNumber: 'TRP-2026-000123' },
    customerName: 'Okafor Imports Ltd',
    transporterName: 'Kano Haulage Ltd',
    paidAt: '2026-11-24T13:05:00.000Z',
    payout: {
      id: 'payout-1',
      status: 'PENDING',
      paidKobo: 48_375_000,
      commissionBasisPoints: 500,
      commissionKobo: 2_250_000,
      netKobo: 46_125_000,
      reference: null,
      paidOutAt: null,
      ...payout,
    },
    ...overrides,
  });
}

export function earningSummaryFixture(): EarningSummary {
  return apiFixture(earningSummarySchema, {
    paidByCustomersKobo: 96_750_000,
    commissionKobo: 4_500_000,
    netKobo: 92_250_000,
    pendingPayoutKobo: 46_125_000,
    paidOutKobo: 46_125_000,
  });
}
