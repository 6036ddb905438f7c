import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniquePhone } from '../../test/accounts';
import { queuedJobOf } from '../../test/queued-jobs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isQuietHours, quietHoursEnd, queueSms } from '.';
import { SMS_SEND_JOB } from './sms-send.job';
import { findSmsMessage } from './sms.repository';

// Lagos is UTC+1: 21:00 Lagos is 20:00Z and 06:00 Lagos is 05:00Z.
const NEXT_SIX = new Date('2026-11-22T05:00:00Z');

describe('quiet hours (21:00 to 06:00 Lagos) for SMS', () => {
  let t: TestApp;
  const phone = uniquePhone;

  beforeAll(async () => {
    t = await createTestApp({ MESSAGE_QUIET_HOURS: 'true' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function smsAt(at: string, urgent?: boolean) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    const queued = await t.ctx.db.transaction((tx) =>
      queueSms(t.ctx, tx, {
        to: phone(),
        text: 'Trip TRP-2026-000001 is at Apapa',
        purpose: 'trip-status',
        companyId: null,
        ...(urgent === undefined ? {} : { urgent }),
      }),
    );
    vi.useRealTimers();
    const job = await queuedJobOf(t, SMS_SEND_JOB, 'smsId', queued.id);
    const row = await findSmsMessage(t.ctx.db, queued.id);
    return { queued, job, row: row! };
  }

  it('the face says when quiet hours hold and when they end', () => {
    expect(isQuietHours(new Date('2026-11-21T20:00:00Z'))).toBe(true);
    expect(quietHoursEnd(new Date('2026-11-21T20:00:00Z'))).toEqual(NEXT_SIX);
  });

  it('records a message queued at 21:00 at once, but its send job waits for 06:00', async () => {
    const { queued, job, row } = await smsAt('2026-11-21T20:00:00Z');
    expect(queued.status).toBe('QUEUED');
    expect(row.status).toBe('QUEUED');
    expect(job.runAt).toEqual(NEXT_SIX);
  });

  it('holds a message queued at 05:59 until 06:00', async () => {
    const { job } = await smsAt('2026-11-22T04:59:00Z');
    expect(job.runAt).toEqual(NEXT_SIX);
  });

  it('sends a message queued at 06:00 at once', async () => {
    const { job } = await smsAt('2026-11-22T05:00:00Z');
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('never holds an urgent message', async () => {
    const { job } = await smsAt('2026-11-21T22:30:00Z', true);
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
