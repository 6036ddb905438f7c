import type { AppContext } from '../../context';
import { applyRetentionRule, RETENTION_RULES } from './retention.repository';

export const RETENTION_SWEEP_JOB = 'retention.sweep';
/** Nightly at 03:00 Lagos time (02:00 UTC), when the platform is quietest. */
const SWEEP_HOUR_UTC = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next 02:00 UTC after `after`. */
export function nextRetentionSweepAt(after: Date): Date {
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), SWEEP_HOUR_UTC);
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}

/**
 * Removes what is kept only for a while (retention.repository.ts, decision 040), one rule after another,
 * each in its own statement so a long one holds no other table. Returns how many rows each rule removed.
 */
export async function sweepRetention(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    removed[rule.name] = await applyRetentionRule(ctx.db, rule, now, ctx.env.REFRESH_TOKEN_TTL_SECONDS);
  }
  return removed;
}
