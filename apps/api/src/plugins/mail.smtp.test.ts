import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { readOutbox } from './mail';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, so the raw text can be searched. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({
            from: from ? from.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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
