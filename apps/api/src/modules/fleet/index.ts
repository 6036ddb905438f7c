import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { fleetRoutes } from './fleet.routes';
import { LICENCE_EXPIRY_SWEEP_JOB, nextLicenceSweepAt, sweepLicenceExpiry } from './licence-expiry.job';

// Trucks, drivers, motor boys and fleet managers, and the daily sweep of expiring licences.

export function registerFleet(app: ZodApp, ctx: AppContext): void {
  fleetRoutes(app, ctx);
  ctx.jobs.every(LICENCE_EXPIRY_SWEEP_JOB, nextLicenceSweepAt, async () => {
    await sweepLicenceExpiry(ctx);
  });
}

export { getDriver } from './driver.service';
export { FLEET_OWNER_ROLES, FLEET_ROLES } from './fleet-access';
export { companyTrucksAmong } from './truck.service';
