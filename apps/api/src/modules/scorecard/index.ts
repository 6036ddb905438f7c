import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import {
  nextNightlyRecountAt,
  nextScorecardsRefreshAt,
  SCORECARDS_NIGHTLY_JOB,
  SCORECARDS_REFRESH_JOB,
} from './scorecard.job';
import { scorecardRoutes } from './scorecard.routes';
import { queueNightlyRecount, refreshQueuedScorecards } from './scorecard.service';

// Scorecards both ways, counted from the trips, invoices and ratings the platform recorded.

export function registerScorecard(app: ZodApp, ctx: AppContext): void {
  scorecardRoutes(app, ctx);
  ctx.jobs.every(SCORECARDS_REFRESH_JOB, nextScorecardsRefreshAt, async () => {
    await refreshQueuedScorecards(ctx);
  });
  ctx.jobs.every(SCORECARDS_NIGHTLY_JOB, nextNightlyRecountAt, async () => {
    await queueNightlyRecount(ctx);
  });
}

export {
  readableCompany,
  refreshQueuedScorecards,
  refreshScorecard,
  scoreSummaries,
} from './scorecard.service';
