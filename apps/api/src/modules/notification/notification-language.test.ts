import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '@freightlane/domain';
import { LOCALES, type Locale } from '@freightlane/domain/i18n';
import { notifications, smsMessages, users, whatsappMessages } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { freePort } from '../../test/free-port';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripStatusNotification } from '../trip/trip-notifications';
import {
  APPROVED_TEMPLATES,
  approvedTemplate,
  whatsappTemplateIn,
  WHATSAPP_TEMPLATES,
} from '../whatsapp/whatsapp-templates';
import { notificationTemplate } from './notification-phone-text';
import { queueNotification, type NotificationEvent } from './notification.service';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

describe('notifications in the reader’s language', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // The app listens on the address it is told, so the simulated SMS and WhatsApp gateways are its own.
    const port = await freePort();
    t = await createTestApp({
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A customer who reads `language`, with a verified phone, taking trip news by e-mail and WhatsApp. */
  async function reader(language: Locale, options: { sms?: boolean } = {}): Promise<Account> {
    const account = await signedInAccount(t, 'CUSTOMER');
    await t.ctx.db
      .update(users)
      .set({ language, phoneVerifiedAt: new Date() })
      .where(eq(users.id, account.user.id));
    if (options.sms) {
      const res = await call(
        t.app,
        'PUT',
        '/api/v1/notifications/preferences',
        { preferences: [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }] },
        { token: account.accessToken },
      );
      expect(res.status).toBe(200);
    }
    return account;
  }

  /** A container loaded, as the driver's phone records it, told to the given people. */
  function loaded(userIds: string[]): NotificationEvent {
    seq += 1;
    const trip = {
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      tripNumber: `TRP-2026-00${String(900 + seq).padStart(4, '0')}`,
      customerCompanyId: '00000000-0000-4000-8000-000000000000',
      transporterCompanyId: '00000000-0000-4000-8000-000000000000',
    };
    const event = tripStatusNotification(
      trip,
      { status: 'LOADED', at: new Date('2026-11-21T13:05:00Z'), by: 'driver' },
      null,
    );
    return { ...event, to: { userIds } };
  }

  async function send(event: NotificationEvent): Promise<void> {
    await t.ctx.db.transaction((tx) => queueNotification(t.ctx, tx, event));
    await t.ctx.jobs.drain();
  }

  async function rowOf(account: Account, event: NotificationEvent) {
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, account.user.id), eq(notifications.sourceKey, event.key)));
    return row!;
  }

  const smsTo = (account: Account) =>
    t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, account.user.phoneNumber));
  const whatsappTo = (account: Account) =>
    t.ctx.db.select().from(whatsappMessages).where(eq(whatsappMessages.to, account.user.phoneNumber));

  it('tells a Pidgin reader in Pidgin and an English reader in English, in the app, by e-mail and by SMS', async () => {
    const naija = await reader('pcm', { sms: true });
    const english = await reader('en-NG', { sms: true });
    const event = loaded([naija.user.id, english.user.id]);
    const trip = (event.title.values?.tripNumber as string) ?? '';
    await send(event);

    expect(await rowOf(naija, event)).toMatchObject({
      title: `${trip}: Container don load`,
      body: 'The driver don record: Container don load, 21 Nov 2026, 14:05 (Lagos time).',
    });
    expect(await rowOf(english, event)).toMatchObject({
      title: `${trip}: Container(s) Loaded`,
      body: 'Container(s) Loaded was recorded by the driver at 21 Nov 2026, 14:05 (Lagos time).',
    });

    const pidginMail = smtp.mails.find((m) => m.to.includes(naija.email))!.text;
    expect(pidginMail).toContain(`Subject: ${trip}: Container don load`);
    expect(pidginMail).toContain('How far Kemi,');
    expect(pidginMail).toContain(
      'The driver don record: Container don load, 21 Nov 2026, 14:05 (Lagos time).',
    );
    expect(pidginMail).toContain('Open am for Freightlane');
    expect(pidginMail).toContain(
      'You dey get this e-mail because you choose e-mails about: Where the trip reach.',
    );
    expect(pidginMail).toContain('Stop these e-mails');
    // The layout's own lines too: the hint above the button's address and the last line.
    expect(pidginMail).toContain('If the button no work, copy this address put for your browser:');
    expect(pidginMail).toContain('We dey carry load from Lagos and Port Harcourt ports go anywhere');
    expect(pidginMail).not.toContain('If the button does not work');
    expect(pidginMail).not.toContain('Hello Kemi,');
    const englishMail = smtp.mails.find((m) => m.to.includes(english.email))!.text;
    expect(englishMail).toContain(`Subject: ${trip}: Container(s) Loaded`);
    expect(englishMail).toContain('Hello Kemi,');
    expect(englishMail).toContain('Container(s) Loaded was recorded by the driver');
    expect(englishMail).toContain('You get this e-mail because you take e-mails about: Trip status changes.');
    expect(englishMail).toContain(
      'Freightlane · Haulage from the ports of Lagos and Port Harcourt and beyond',
    );

    const [pidginSms] = await smsTo(naija);
    expect(pidginSms!.text).toMatch(
      new RegExp(`^Freightlane: ${trip}: Container don load\\. The driver don record`),
    );
    expect(pidginSms!.text).toContain(`${t.ctx.env.appUrl}${event.link}`);
    const [englishSms] = await smsTo(english);
    expect(englishSms!.text).toMatch(
      new RegExp(`^Freightlane: ${trip}: Container\\(s\\) Loaded\\. Container\\(s\\) Loaded was recorded`),
    );
  });

  it('sends the WhatsApp template approved in the reader’s language, which the Cloud API takes', async () => {
    const naija = await reader('pcm');
    const english = await reader('en-NG');
    const hausa = await reader('ha');
    const event = loaded([naija.user.id, english.user.id, hausa.user.id]);
    const trip = (event.title.values?.tripNumber as string) ?? '';
    await send(event);

    const [pidgin] = await whatsappTo(naija);
    expect(pidgin).toMatchObject({
      kind: 'template',
      templateName: 'notify_trip_status_changed_pcm',
      templateLanguage: 'en',
      parameters: [
        trip,
        'Container don load',
        'The driver don record: Container don load, 21 Nov 2026, 14:05 (Lagos time).',
        `${t.ctx.env.appUrl}${event.link}`,
      ],
    });
    expect(pidgin!.text).toContain('Freightlane · Trips: where the trip reach');
    expect(pidgin!.text).toContain('Follow the trip: ');
    // Without SMS chosen too, the fallback SMS is the same news in the same language.
    expect(pidgin!.fallbackSmsText).toMatch(/^Freightlane: TRP-\d{4}-\d{6}: Container don load\./);
    expect(await whatsappTo(english)).toMatchObject([
      { templateName: 'notify_trip_status_changed', templateLanguage: 'en' },
    ]);
    expect(await whatsappTo(hausa)).toMatchObject([
      { templateName: 'notify_trip_status_changed', templateLanguage: 'ha' },
    ]);

    // Each went out: the simulated Cloud API refuses a name and language it has no approved template for.
    for (const account of [naija, english, hausa]) {
      const [message] = await whatsappTo(account);
      expect(message!.status, account.user.id).not.toBe('FAILED');
      expect(message!.providerMessageId, account.user.id).toMatch(/^wamid\./);
    }
    const phone = t.ctx.whatsapp.simulator!.conversations(naija.user.phoneNumber).phones[0]!;
    expect(phone.messages[0]).toMatchObject({ template: 'notify_trip_status_changed_pcm' });
    expect(phone.messages[0]!.text).toContain(`*${trip}*: Container don load`);
  });
});

describe('the WhatsApp notification templates in five languages', () => {
  it('registers every kind in every language, each approved under one name and code', () => {
    const codes: Record<Locale, [string, string]> = {
      'en-NG': ['', 'en'],
      ha: ['', 'ha'],
      pcm: ['_pcm', 'en'],
      yo: ['_yo', 'en'],
      ig: ['_ig', 'en'],
    };
    for (const locale of LOCALES) {
      for (const kind of NOTIFICATION_KINDS) {
        const name = notificationTemplate(kind);
        const template = whatsappTemplateIn(name, locale)!;
        const [suffix, code] = codes[locale];
        expect(template, `${locale} ${kind}`).toMatchObject({ name: `${name}${suffix}`, language: code });
        expect(template.body).toMatch(
          /^Freightlane · .+\n\*\{\{1\}\}\*: \{\{2\}\}\n\{\{3\}\}\n.+: \{\{4\}\}$/,
        );
        expect(approvedTemplate(template.name, template.language)).toBe(template);
      }
    }
    const pairs = APPROVED_TEMPLATES.map((t) => `${t.name} ${t.language}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(1 + NOTIFICATION_KINDS.length * LOCALES.length);
  });

  it('words the Pidgin ones in Pidgin, and sends English where a template has no translation', () => {
    expect(whatsappTemplateIn('notify_bid_won', 'pcm')!.body).toBe(
      'Freightlane · Bids: you win\n*{{1}}*: {{2}}\n{{3}}\nOpen am: {{4}}',
    );
    expect(whatsappTemplateIn('trip_update', 'yo')).toBe(WHATSAPP_TEMPLATES.trip_update);
    expect(approvedTemplate('notify_bid_won_pcm', 'pcm')).toBeNull();
  });
});
