import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { registerCallUpJob } from './call-up.job';
import { callUpRoutes } from './call-up.routes';

// The Eto call-up of port pickups at Apapa and Tin Can Island: the ticket, its window and alerts, and the
// waits in the holding bay and at the gate (docs/decisions/048-eto-call-up.md).

export function registerCallUp(app: ZodApp, ctx: AppContext): void {
  callUpRoutes(app, ctx);
  registerCallUpJob(app, ctx);
}

export { alertClosingCallUps, measureCallUps } from './call-up.service';
