import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { driverRoutes } from './driver.routes';
import { fleetManagerRoutes } from './fleet-manager.routes';
import { motorBoyRoutes } from './motor-boy.routes';
import { truckRoutes } from './truck.routes';

/** The transporter's fleet: trucks, drivers, motor boys and the fleet managers who run them. */
export function fleetRoutes(app: ZodApp, ctx: AppContext): void {
  truckRoutes(app, ctx);
  driverRoutes(app, ctx);
  motorBoyRoutes(app, ctx);
  fleetManagerRoutes(app, ctx);
}
