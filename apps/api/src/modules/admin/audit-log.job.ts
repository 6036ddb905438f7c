import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { prepareAuditLog } from './audit-log.service';

export const AUDIT_LOG_PARTITIONS_JOB = 'audit-log.partitions';

/** A quarter past midnight UTC, away from the jobs that run on the hour. */
export function nextAuditLogRunAt(after: Date): Date {
  const day = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  const run = day + 15 * 60_000;
  return new Date(run > after.getTime() ? run : run + 86_400_000);
}

export function registerAuditLogPartitions(app: ZodApp, ctx: AppContext): void {
  ctx.jobs.every(AUDIT_LOG_PARTITIONS_JOB, nextAuditLogRunAt, async () => {
    const made = await prepareAuditLog(ctx);
    if (made > 0) app.log.info({ made }, 'audit log months made ahead');
  });
}
