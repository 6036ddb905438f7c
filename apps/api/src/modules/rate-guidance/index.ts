import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { LANE_RATES_REFRESH_JOB, nextLaneRatesRefreshAt, refreshLaneRatesNow } from './rate-guidance.job';
import { rateGuidanceRoutes } from './rate-guidance.routes';

// What trucks on a lane were awarded (the bands, worked out every hour) and the diesel price beside them.

export function registerRateGuidance(app: ZodApp, ctx: AppContext): void {
  rateGuidanceRoutes(app, ctx);
  ctx.jobs.every(LANE_RATES_REFRESH_JOB, nextLaneRatesRefreshAt, async () => {
    await refreshLaneRatesNow(ctx);
  });
}

export { refreshLaneRatesNow } from './rate-guidance.job';
