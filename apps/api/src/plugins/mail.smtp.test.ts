import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { readOutbox } from './mail';

describe('mail over SMTP', () => {
  let sink: SmtpSink;
  let received: ReceivedMail[];
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    received = sink.mails;
    t = await createTestApp({ SMTP_URL: sink.url });
  });

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('uses the SMTP mailer when SMTP_URL is set', () => {
    expect(t.ctx.mailer.kind).toBe('smtp');
  });

  it('delivers the activation e-mail of a signup through the SMTP server', async () => {
    const email = 'chioma.smtp@example.com';
    const res = await call(t.app, 'POST', '/api/v1/user', {
      email,
      firstName: 'Chioma',
      lastName: 'Nwosu',
      companyName: 'Nwosu Agro Ltd',
      phoneNumber: '+2348012345678',
      password: 'Sturdy-Cargo-2026',
      type: 'CUSTOMER',
      acceptTerms: true,
    });
    expect(res.status).toBe(201);

    // Nothing is sent inline: the mail goes out when the job runs.
    expect(received).toHaveLength(0);
    expect(await t.ctx.jobs.drain()).toBe(1);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual([email]);
    expect(mail!.from).toBe('no-reply@freightlane.ng');
    const text = decodeQuotedPrintable(mail!.raw);
    expect(text).toMatch(/^Subject: Activate your Freightlane account\r?$/m);
    expect(text).toMatch(/^To: chioma\.smtp@example\.com\r?$/m);
    expect(text).toContain('http://localhost:3000/activate/account/?token=');
    const token = /activate\/account\/\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(16);

    // The job is done, so another drain sends nothing more.
    expect(await t.ctx.jobs.drain()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('writes nothing to the outbox folder, and serves no outbox', async () => {
    expect(await readOutbox(t.ctx.outboxDir)).toEqual([]);
    const res = await call(t.app, 'GET', '/api/dev/outbox');
    expect(res.status).toBe(404);
  });
});
