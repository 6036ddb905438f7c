import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Days each kind of record is kept after it ended (decision 040). */
export const RETENTION_DAYS = {
  readNotifications: 180,
  unreadNotifications: 365,
  finishedJobs: 14,
  failedJobs: 90,
  webhookRecords: 180,
  endedSessions: 90,
  usedTokens: 30,
  rateLimitWindows: 1,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a rule deletes, as of `now`: a statement over one table. */
interface Rule {
  name: string;
  statement: (now: Date, refreshTtlSeconds: number) => SQL;
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** A rule removing the rows of `table` whose `column` is more than `days` before now. */
function olderThan(name: string, table: string, column: string, days: number): Rule {
  return {
    name,
    statement: (now) =>
      sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} < ${before(now, days)}`,
  };
}

/**
 * The records that are only of use for a while: notifications once read (or long unread), finished jobs,
 * the providers' webhook records, ended sessions and spent tokens, old rate-limit windows. The audit log,
 * messages sent (what a company is billed for) and every trip record are kept whole. Each rule is one
 * statement, run once a night; none needs an index of its own.
 */
export const RETENTION_RULES: readonly Rule[] = [
  olderThan('read notifications', 'notifications', 'read_at', RETENTION_DAYS.readNotifications),
  {
    name: 'unread notifications',
    statement: (now) =>
      sql`DELETE FROM notifications
          WHERE read_at IS NULL AND created_at < ${before(now, RETENTION_DAYS.unreadNotifications)}`,
  },
  olderThan('finished jobs', 'jobs', 'done_at', RETENTION_DAYS.finishedJobs),
  olderThan('failed jobs', 'jobs', 'failed_at', RETENTION_DAYS.failedJobs),
  olderThan(
    'payment webhook records',
    'payment_webhook_events',
    'received_at',
    RETENTION_DAYS.webhookRecords,
  ),
  olderThan('SMS delivery reports', 'sms_status_events', 'at', RETENTION_DAYS.webhookRecords),
  olderThan('WhatsApp delivery reports', 'whatsapp_status_events', 'at', RETENTION_DAYS.webhookRecords),
  {
    // A session ends when it is revoked, or when its last refresh token runs out unused.
    name: 'ended sessions',
    statement: (now, refreshTtlSeconds) =>
      sql`DELETE FROM sessions
          WHERE revoked_at < ${before(now, RETENTION_DAYS.endedSessions)}
             OR last_used_at < ${before(now, RETENTION_DAYS.endedSessions + refreshTtlSeconds / 86_400)}`,
  },
  // A live session's spent refresh tokens: each refresh leaves one behind.
  olderThan('spent refresh tokens', 'refresh_tokens', 'expires_at', RETENTION_DAYS.usedTokens),
  olderThan('spent account tokens', 'account_tokens', 'expires_at', RETENTION_DAYS.usedTokens),
  olderThan('phone verification codes', 'phone_verifications', 'expires_at', RETENTION_DAYS.usedTokens),
  olderThan('rate-limit windows', 'rate_limit_hits', 'window_start', RETENTION_DAYS.rateLimitWindows),
];

/** Runs one rule; how many rows it removed. */
export async function applyRetentionRule(
  db: Executor,
  rule: Rule,
  now: Date,
  refreshTtlSeconds: number,
): Promise<number> {
  const result = (await db.execute(rule.statement(now, refreshTtlSeconds))) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  // node-postgres says rowCount, PGlite affectedRows.
  return result.rowCount ?? result.affectedRows ?? 0;
}
