import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { nextReturnLoadsAnnounceAt, RETURN_LOADS_ANNOUNCE_JOB } from './return-load.job';
import { returnLoadRoutes } from './return-load.routes';
import { announceReturnLoads } from './return-load.service';

// Return loads: open orders picking up near where a transporter's truck delivers, after it is free
// (docs/decisions/036-return-loads.md).

export function registerReturnLoad(app: ZodApp, ctx: AppContext): void {
  returnLoadRoutes(app, ctx);
  ctx.jobs.every(RETURN_LOADS_ANNOUNCE_JOB, nextReturnLoadsAnnounceAt, async () => {
    await announceReturnLoads(ctx);
  });
}

export { announceReturnLoads } from './return-load.service';
