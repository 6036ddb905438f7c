import {
  tripDetailSchema,
  tripIssueSchema,
  tripStatusLogSchema,
  type TripDetail,
  type TripIssue,
  type TripStatus,
  type TripStatusLog,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';
import { tripSummary } from '../../test/marketplace-fixtures';

export const TRIP_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
export const CONSIGNMENT_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const TRACKING_ID = 'Qm9sYUFkZXllbWkxMjM0NQ';
export const TRIP_DETAIL = `GET /api/v1/trips/${TRIP_ID}`;

export function statusLog(
  tripStatus: TripStatus,
  timeStamp: string,
  overrides: Partial<TripStatusLog> = {},
): TripStatusLog {
  return apiFixture(tripStatusLogSchema, {
    id: `log-${tripStatus}`,
    tripStatus,
    timeStamp,
    location: null,
    note: null,
    changedBy: 'Bola Adeyemi (Kano Haulage Ltd)',
    handoverOverrideReason: null,
    ...overrides,
  });
}

/** A trip of one 40 ft container from Apapa to Ikeja, awaiting start, with a tracking link that never expires. */
export function tripDetail(overrides: Partial<TripDetail> = {}): TripDetail {
  const summary = tripSummary({
    id: TRIP_ID,
    trackingId: TRACKING_ID,
    orderId: 'order-42',
    latestTripStatus: null,
  });
  return apiFixture(tripDetailSchema, {
    ...summary,
    consignment: { ...summary.consignment, id: CONSIGNMENT_ID },
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
    freeTime: null,
    arrivalProposal: null,
    eta: null,
    ...overrides,
  });
}

/** The same trip once started: the moment its tracking link starts being worth sharing. */
export function startedTrip(overrides: Partial<TripDetail> = {}): TripDetail {
  const startedAt = '2026-11-25T07:00:00.000Z';
  return tripDetail({
    tripStatusLogs: [statusLog('STARTED', startedAt)],
    latestTripStatus: { tripStatus: 'STARTED', timeStamp: startedAt },
    ...overrides,
  });
}

/** An open issue on the trip, opened at 12:20 Lagos time. */
export function tripIssue(overrides: Partial<TripIssue> = {}): TripIssue {
  return apiFixture(tripIssueSchema, {
    id: 'f6666666-6666-4666-8666-666666666666',
    trip: { id: TRIP_ID, tripNumber: 'TRP-2026-000123' },
    issueType: 'OTHER',
    description: 'Something happened',
    status: 'OPEN',
    openingTimeStamp: '2026-11-25T11:20:00.000Z',
    location: null,
    openedBy: 'Bola Adeyemi (Kano Haulage Ltd)',
    alarm: null,
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  });
}
