import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { checkDieselOfTrips } from '../road-money';
import { keepFinishedRoutes, maintainPositionHistory } from './position-history.service';

export const TRIP_ROUTES_KEEP_JOB = 'trip-routes.keep';
export const POSITION_HISTORY_JOB = 'truck-positions.history';

/** The start of the next minute: a finished trip's route is kept within a minute or two. */
export function nextMinute(after: Date): Date {
  return new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
}

/** Five past the next hour, away from the jobs that run on the hour. */
export function nextHistoryRunAt(after: Date): Date {
  const hour = Math.floor(after.getTime() / 3_600_000) * 3_600_000;
  const fivePast = hour + 5 * 60_000;
  return new Date(fivePast > after.getTime() ? fivePast : fivePast + 3_600_000);
}

export function registerPositionHistory(app: ZodApp, ctx: AppContext): void {
  // A kept route gives the trip its length: its diesel is judged then (decision 046).
  const judgeDiesel = (tripIds: string[]) => checkDieselOfTrips(ctx, tripIds);
  ctx.jobs.every(TRIP_ROUTES_KEEP_JOB, nextMinute, async () => {
    const kept = await keepFinishedRoutes(ctx, 10, judgeDiesel);
    if (kept > 0) app.log.info({ kept }, 'trip routes kept');
  });
  ctx.jobs.every(POSITION_HISTORY_JOB, nextHistoryRunAt, async () => {
    const outcome = await maintainPositionHistory(ctx, new Date(), judgeDiesel);
    app.log.info(outcome, 'position history kept in shape');
  });
}
