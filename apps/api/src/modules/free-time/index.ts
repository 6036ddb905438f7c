import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { FREE_TIME_ALERT_JOB, sendFreeTimeAlert } from './free-time-alert.job';
import { freeTimeRoutes } from './free-time.routes';

// Container free time: discharge, last free day, demurrage and detention, deposits, containers at risk,
// and the alerts before the last free day.

export function registerFreeTime(app: ZodApp, ctx: AppContext): void {
  freeTimeRoutes(app, ctx);
  ctx.jobs.handle(FREE_TIME_ALERT_JOB, (payload) =>
    sendFreeTimeAlert(ctx, payload as Parameters<typeof sendFreeTimeAlert>[1]),
  );
}

export { scheduleFreeTimeAlerts } from './free-time-alert.job';
export { containerFreeTimeOf } from './free-time.service';
