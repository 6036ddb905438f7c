import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { alertClosingCallUps, measureCallUps } from './call-up.service';

export const CALL_UP_JOB = 'call-ups.watch';

/** The start of the next minute: an alert goes out within a minute of its hour. */
function nextMinute(after: Date): Date {
  return new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
}

export function registerCallUpJob(app: ZodApp, ctx: AppContext): void {
  ctx.jobs.every(CALL_UP_JOB, nextMinute, async () => {
    const alerted = await alertClosingCallUps(ctx);
    const measured = await measureCallUps(ctx);
    if (alerted + measured > 0) app.log.info({ alerted, measured }, 'call-ups watched');
  });
}
