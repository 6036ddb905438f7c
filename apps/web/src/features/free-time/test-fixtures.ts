import {
  containerAtRiskSchema,
  containerFreeTimeSchema,
  containersAtRiskPage,
  tripDetailSchema,
  type ContainerAtRisk,
  type ContainerFreeTime,
  type ContainersAtRiskPage,
  type TripDetail,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';
import { pageOf, tripSummary } from '../../test/marketplace-fixtures';

export const TRIP_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
export const TRIP_DETAIL = `GET /api/v1/trips/${TRIP_ID}`;
export const PUT_FREE_TIME = `PUT /api/v1/trips/${TRIP_ID}/free-time`;
export const AT_RISK = 'GET /api/v1/containers/at-risk';

/**
 * A Maersk 40 ft container discharged on 20 Nov 2026 with 7 free days (the last on 26 Nov), 3 days left,
 * leaving the port on 25 Nov and expected back empty on 28 Nov: 2 days of detention, with a ₦500,000
 * deposit held by the line.
 */
export function freeTime(overrides: Partial<ContainerFreeTime> = {}): ContainerFreeTime {
  return apiFixture(containerFreeTimeSchema, {
    dischargeDate: '2026-11-20',
    deliveryOrderValidityDate: '2026-12-01',
    tariff: { freeDays: 7, demurrageKoboPerDay: 4_500_000, detentionKoboPerDay: 3_000_000 },
    lastFreeDay: '2026-11-26',
    daysLeft: 3,
    level: 'SOON',
    gateOut: { date: '2026-11-25', actual: false },
    emptyReturn: { date: '2026-11-28', actual: false },
    expectedEmptyReturnDate: '2026-11-28',
    demurrageDays: 0,
    detentionDays: 2,
    projectedChargesKobo: 6_000_000,
    deposit: { amountKobo: 50_000_000, status: 'PAID', refundedOn: null },
    atStakeKobo: 56_000_000,
    ...overrides,
  });
}

/** The trip of that container, awaiting start, as its customer sees it. */
export function containerTrip(overrides: Partial<TripDetail> = {}): TripDetail {
  const summary = tripSummary({ id: TRIP_ID, latestTripStatus: null });
  return apiFixture(tripDetailSchema, {
    ...summary,
    tripStatusLogs: [],
    resources: { truck: null, driver: null, motorBoy: null },
    documents: [],
    issues: [],
    alerts: [],
    notes: [],
    currentLocation: null,
    expectedDeliveryDate: null,
    cancelledAt: null,
    cancellationReason: null,
    trackingExpiresAt: null,
    allowedNextStatuses: [],
    actions: [],
    handover: { code: null, lockedUntil: null },
    invoice: null,
    freeTime: freeTime(),
    arrivalProposal: null,
    eta: null,
    ...overrides,
  });
}

export function containerAtRisk(overrides: Partial<ContainerAtRisk> = {}): ContainerAtRisk {
  return apiFixture(containerAtRiskSchema, {
    trip: { id: TRIP_ID, tripNumber: 'TRP-2026-000123' },
    containerNumber: 'MSKU1234565',
    containerSize: 'FTS_40',
    linerName: 'Maersk',
    transporterName: 'Kano Haulage Ltd',
    latestTripStatus: null,
    freeTime: freeTime(),
    ...overrides,
  });
}

export function atRiskPage(content: ContainerAtRisk[], totalAtStakeKobo: number): ContainersAtRiskPage {
  return apiFixture(containersAtRiskPage, { ...pageOf(content), totalAtStakeKobo });
}
