import type { TripIssueType } from './trip-issue-types';

/**
 * What the driver's phone page needs from the domain. Like ./tracking, this module and everything it
 * imports stay free of zod, so the light public bundle can carry them.
 */

export type {
  DriverAction,
  DriverActionResult,
  DriverPage,
  PhonePositionInput,
  PositionIngestResponse,
} from './contracts/driver-phone';
export type { TripStatus } from './contracts/trip';
export type { TripDocumentKind } from './trip-document-kinds';
export type { TripIssueType } from './trip-issue-types';
export { lagosClockText } from './lagos-time';
export { locationText } from './place-text';
export { TRIP_DOCUMENT_KINDS, TRIP_DOCUMENT_KIND_LABELS } from './trip-document-kinds';
export { TRIP_ISSUE_TYPE_LABELS } from './trip-issue-types';
export { nextTripStatus, TRIP_STATUS_LABELS } from './trip-status';

/**
 * The issues a driver is offered on the phone: what a driver sees from the cab. The tracking alarms' own
 * types (a long stop, moving at night, tracking lost) are raised by the platform.
 */
export const DRIVER_ISSUE_TYPES: readonly TripIssueType[] = [
  'BREAKDOWN',
  'ACCIDENT',
  'CHECKPOINT_DELAY',
  'PORT_CONGESTION',
  'DIVERSION',
  'OTHER',
];

export type { DriverTripCash } from './contracts/road-money';
export type { ExpenseKind, ExpenseStatus } from './road-money';
export { EXPENSE_KINDS, MAX_DIESEL_LITRES, dieselAmountKobo } from './road-money';
export { formatMoney, nairaToKobo } from './money';
