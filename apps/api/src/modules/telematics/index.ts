import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { driverDataRoutes } from './driver-data.routes';
import { driverPhoneRoutes } from './driver-phone.routes';
import { registerPositionHistory } from './position-history.job';
import type { PhonePositionBatcher } from './phone-position-batch.job';
import type { PositionPoller } from './position-poller.job';
import { telematicsRoutes } from './telematics.routes';
import type { TripWatch } from './trip-watch.job';

// Telematics: where trucks are. Tracking companies' accounts (the spec's tracking credentials) and
// devices, the poller that reads them, drivers' phones, truck positions, trip routes, and the watch that
// turns a trip's track into arrivals, alarms and alerts.

declare module '../../context' {
  interface AppContext {
    /** Reads positions from the tracking companies through the transporters' accounts. */
    positionPoller: PositionPoller;
    /** Reads live trips' tracks for geofence arrivals and alarms (started by server.ts, not by tests). */
    tripWatch: TripWatch;
    /** Drivers' phone positions, stored together in batches as they arrive. */
    phonePositions: PhonePositionBatcher;
  }
}

export function registerTelematics(app: ZodApp, ctx: AppContext): void {
  telematicsRoutes(app, ctx);
  driverPhoneRoutes(app, ctx);
  driverDataRoutes(app, ctx);
  registerPositionHistory(app, ctx);
}

export {
  recordKnownDriverExpense,
  recordKnownDriverStatus,
  reportKnownDriverIssue,
} from './driver-action.service';
export type { DriverActionOutcome, KnownDriver } from './driver-action.service';
export { PhonePositionBatcher } from './phone-position-batch.job';
export { PositionPoller } from './position-poller.job';
export { TripWatch } from './trip-watch.job';
export { preparePositionHistory } from './position-history.service';
export { tripRouteFor } from './trip-route.service';
