import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { nextRetentionSweepAt, RETENTION_SWEEP_JOB, sweepRetention } from './retention.job';

// The nightly sweep of records kept only for a while: read notifications, finished jobs, webhook records,
// ended sessions and spent tokens (decision 040).

export function registerRetention(app: ZodApp, ctx: AppContext): void {
  ctx.jobs.every(RETENTION_SWEEP_JOB, nextRetentionSweepAt, async () => {
    const removed = await sweepRetention(ctx);
    app.log.info({ removed }, 'retention sweep done');
  });
}
