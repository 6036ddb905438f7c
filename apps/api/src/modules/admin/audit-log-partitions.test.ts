import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditRow } from '../../queries/audit.repository';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextAuditLogRunAt } from './audit-log.job';
import { auditLogPartitions } from './audit-log.repository';
import { AUDIT_MONTHS_AHEAD, prepareAuditLog } from './audit-log.service';

const monthName = (at: Date, months: number) => {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  return `audit_log_p${d.toISOString().slice(0, 7).replace('-', '')}`;
};

describe('the audit log by month', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const names = async () => (await auditLogPartitions(t.ctx.db)).map((p) => p.name);

  it('has this month and the next three from the migration, and makes more ahead once', async () => {
    const now = new Date();
    const made = await names();
    for (let m = 0; m <= AUDIT_MONTHS_AHEAD; m++) expect(made).toContain(monthName(now, m));
    expect(made).toContain('audit_log_default');

    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 6, 10));
    // Months +6 to +9 were missing; +3 was made by the migration and +4, +5 stay unmade (nothing asked for them).
    expect(await prepareAuditLog(t.ctx, later)).toBe(AUDIT_MONTHS_AHEAD + 1);
    expect(await names()).toContain(monthName(later, AUDIT_MONTHS_AHEAD));
    expect(await prepareAuditLog(t.ctx, later)).toBe(0);
  });

  it('puts each row in its month, keeps a row of a month without a partition in the default one, and never moves it', async () => {
    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 2, 12));
    const farAhead = new Date(Date.UTC(now.getUTCFullYear() + 3, 0, 5));
    const row = { action: 'TEST', entityType: 'test', entityId: 'partitions' };
    await insertAuditRow(t.ctx.db, { ...row, createdAt: thisMonth });
    await insertAuditRow(t.ctx.db, { ...row, createdAt: farAhead });

    const rowsIn = async (name: string) =>
      (await auditLogPartitions(t.ctx.db)).find((p) => p.name === name)?.rows ?? 0;
    expect(await rowsIn(monthName(now, 0))).toBeGreaterThanOrEqual(1);
    expect(await rowsIn('audit_log_default')).toBe(1);

    // Making that month later would need the row deleted from the default partition: it is left there,
    // and the months around it are made.
    await prepareAuditLog(t.ctx, new Date(farAhead.getTime() - 40 * 86_400_000));
    const after = await names();
    expect(after).not.toContain(monthName(farAhead, 0));
    expect(after).toContain(monthName(farAhead, 1));
    expect(await rowsIn('audit_log_default')).toBe(1);
  });

  it('runs a quarter past midnight UTC', () => {
    expect(nextAuditLogRunAt(new Date('2026-12-03T17:00:00Z')).toISOString()).toBe(
      '2026-12-04T00:15:00.000Z',
    );
    expect(nextAuditLogRunAt(new Date('2026-12-03T00:10:00Z')).toISOString()).toBe(
      '2026-12-03T00:15:00.000Z',
    );
  });
});
