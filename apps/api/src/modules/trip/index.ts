import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { tripAlertRoutes } from './alert/trip-alert.routes';
import { tripDocumentRoutes } from './document/trip-document.routes';
import { tripIssueRoutes } from './issue/trip-issue.routes';
import { tripOperationsRoutes } from './trip-operations.routes';
import { tripRecordRoutes } from './record/trip-record.routes';
import { tripRoutes } from './trip.routes';

// The trip aggregate: a trip with its status, resources, consignment, notes and cancellation, and what
// belongs to it alone: its issues (issue/), documents (document/) and alerts (alert/). Every access goes
// through loadTripFor (trip-access.service.ts).

export function registerTrip(app: ZodApp, ctx: AppContext): void {
  tripRoutes(app, ctx);
  tripOperationsRoutes(app, ctx);
  tripIssueRoutes(app, ctx);
  tripDocumentRoutes(app, ctx);
  tripAlertRoutes(app, ctx);
  tripRecordRoutes(app, ctx);
}

export { alarmNotification } from './alert/trip-alert-notifications';
export { raiseTripAlert } from './alert/trip-alert.service';
export { insertTripDocumentIn, withStoredFile } from './document/trip-document.service';
export { openAlarmIssue, openTripIssueIn } from './issue/trip-issue.service';
export { loadTripFor } from './trip-access.service';
export { checkTripRecord } from './record/trip-record.service';
export { loadTripDetail } from './trip-detail.service';
export type { DriverActor, TripRecord } from './trip-access.service';
export { tripStatusNotification } from './trip-notifications';
export type { NotifiedTrip } from './trip-notifications';
export { moveTripStatus, recordTrackedArrival, refuseRacedMove } from './trip-status.service';
export { liveTripOfDriver, terminalsOfTripRows, toTripSummary, tripCourseOf } from './trip.service';
