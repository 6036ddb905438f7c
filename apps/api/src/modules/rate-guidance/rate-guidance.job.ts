import { RATE_GUIDANCE_WINDOW_DAYS } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { refreshLaneRates } from './rate-guidance.repository';

export const LANE_RATES_REFRESH_JOB = 'lane-rates.refresh';

const HOUR_MS = 60 * 60 * 1000;

/** At the top of each hour: a band lags the awards by an hour at most, and costs one pass over 90 days of trips. */
export function nextLaneRatesRefreshAt(after: Date): Date {
  return new Date((Math.floor(after.getTime() / HOUR_MS) + 1) * HOUR_MS);
}

export async function refreshLaneRatesNow(ctx: AppContext): Promise<number> {
  return refreshLaneRates(ctx.db, RATE_GUIDANCE_WINDOW_DAYS);
}
