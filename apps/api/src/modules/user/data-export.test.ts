import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosToday, myDataExport, TERMS_VERSION } from '@freightlane/domain';
import {
  notificationPreferences,
  notifications,
  pushSubscriptions,
  tripRatings,
  whatsappInboundMessages,
} from '../../db/schema';
import { decodeJwt, GOOD_PASSWORD, LOGIN_URL, signedInAccount } from '../../test/accounts';
import { signedInFleetManagerOf } from '../../test/fleet';
import { queueSms } from '../sms';
import { queueWhatsapp } from '../whatsapp';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const MY_DATA = '/api/v1/user/me/data';

describe('GET /api/v1/user/me/data: download my data', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const download = (token: string) => call(t.app, 'GET', MY_DATA, undefined, { token });

  it("holds everything about the person as a JSON attachment, and nothing of a colleague's", async () => {
    const person = await signedInFleetManagerOf(t, w.transporter, { firstName: 'Chiamaka', lastName: 'Obi' });
    const colleague = w.fleetManager;
    const id = person.user.id;

    // The person's own trail: a second device with a push subscription, a choice, a notification, a note.
    const device = await call(
      t.app,
      'POST',
      LOGIN_URL,
      { username: person.email, password: GOOD_PASSWORD },
      { headers: { deviceid: 'push-token-secret', 'user-agent': 'Infinix Hot 30' } },
    );
    expect(device.status).toBe(200);
    await t.ctx.db.insert(pushSubscriptions).values({
      userId: id,
      sessionId: decodeJwt(device.body.accessToken).sid,
      endpoint: 'https://push.example.com/chiamaka',
      p256dh: 'p256dh-key-secret',
      auth: 'auth-key-secret',
    });
    await t.ctx.db
      .insert(notificationPreferences)
      .values({ userId: id, kind: 'BID_LOST', channel: 'PUSH', enabled: false });
    await t.ctx.db.insert(notifications).values({
      userId: id,
      kind: 'TRIP_STATUS_CHANGED',
      title: 'Trip loaded',
      body: 'Your trip is loaded.',
      link: '/trips/x',
      sourceKey: `test:${id}`,
    });
    const mine = await w.newTrip();
    const theirs = await w.newTrip();
    const myNote = 'Escort booked for the Ijora stretch.';
    const edit = (tripId: string, note: string, token: string) =>
      call(t.app, 'PATCH', `/api/v1/trips/${tripId}`, { note }, { token });
    expect((await edit(mine.id, myNote, person.accessToken)).status).toBe(200);
    expect((await edit(theirs.id, 'Colleague note, not hers.', colleague.accessToken)).status).toBe(200);
    // The customer writes on her trip too: its text is not hers, and neither is the customer's name.
    expect((await edit(mine.id, 'Customer side note.', w.customer.accessToken)).status).toBe(200);
    // Her rating of the customer is hers; the colleague's rating of another trip is not.
    const rating = (tripId: string, userId: string, score: number, comment: string | null) => ({
      tripId,
      raterCompanyId: w.transporter.company.id,
      ratedCompanyId: w.customer.company.id,
      raterSide: 'transporter' as const,
      score,
      tags: ['QUICK_PAYMENT' as const],
      comment,
      createdBy: userId,
    });
    await t.ctx.db
      .insert(tripRatings)
      .values([
        rating(mine.id, id, 4, 'Paid within a day.'),
        rating(theirs.id, colleague.user.id, 2, 'Colleague rating, not hers.'),
      ]);
    // A colleague's own trail must stay out.
    await t.ctx.db.insert(notifications).values({
      userId: colleague.user.id,
      kind: 'BID_WON',
      title: 'Colleague notification',
      body: 'For Bola only.',
      sourceKey: `test:${colleague.user.id}`,
    });

    // A text message to her phone is hers; one to the colleague's is not.
    const sms = (to: string, text: string) =>
      queueSms(t.ctx, t.ctx.db, {
        to,
        text,
        purpose: 'trip-status',
        companyId: w.transporter.user.companyId,
      });
    await sms(person.user.phoneNumber, 'TRP-2026-000777 is loaded at Apapa.');
    await sms(colleague.user.phoneNumber, 'For Bola only, by SMS.');
    // Her WhatsApp conversation, both ways; the colleague's is not hers.
    await t.ctx.db.insert(whatsappInboundMessages).values({
      providerMessageId: 'wamid.from-chiamaka',
      from: person.user.phoneNumber,
      type: 'text',
      text: 'Where is TRP-2026-000777?',
      sentAt: new Date(Date.now() - 60_000),
    });
    await queueWhatsapp(t.ctx, t.ctx.db, {
      to: person.user.phoneNumber,
      purpose: 'trip-status',
      companyId: w.transporter.user.companyId,
      text: 'TRP-2026-000777 is at Apapa.',
    });
    await queueWhatsapp(t.ctx, t.ctx.db, {
      to: colleague.user.phoneNumber,
      purpose: 'trip-status',
      companyId: w.transporter.user.companyId,
      template: 'trip_update',
      parameters: ['TRP-2026-000778', 'loaded for Bola', 'https://freightlane.ng/trips/x'],
    });

    const res = await download(person.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="freightlane-my-data-${lagosToday()}\\.json"`),
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = myDataExport.parse(res.body);

    expect(data.profile).toMatchObject({
      id,
      email: person.email,
      firstName: 'Chiamaka',
      lastName: 'Obi',
      userType: 'FLEET_MANAGER',
    });
    expect(data.company).toEqual({ name: 'Agege Haulage Ltd', role: 'FLEET_MANAGER' });
    expect(data.consent).toEqual({ termsAcceptedAt: expect.any(String), termsVersion: TERMS_VERSION });
    expect(data.staffRecord).toBeNull();
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.map((s) => s.device)).toContain('Infinix Hot 30');
    expect(data.sessions.every((s) => s.ipAddress && s.signedInAt && s.endedAt === null)).toBe(true);
    expect(data.pushSubscriptions).toEqual([
      { endpoint: 'https://push.example.com/chiamaka', createdAt: expect.any(String), lastSentAt: null },
    ]);
    expect(data.notificationPreferences).toEqual([
      { kind: 'BID_LOST', channel: 'PUSH', enabled: false, updatedAt: expect.any(String) },
    ]);
    expect(data.notifications).toEqual([
      {
        kind: 'TRIP_STATUS_CHANGED',
        title: 'Trip loaded',
        body: 'Your trip is loaded.',
        link: '/trips/x',
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    expect(data.tripNotes).toEqual([
      { tripNumber: mine.tripNumber, note: myNote, updatedAt: expect.any(String) },
    ]);
    expect(data.ratingsGiven).toEqual([
      {
        tripNumber: mine.tripNumber,
        score: 4,
        tags: ['QUICK_PAYMENT'],
        comment: 'Paid within a day.',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(data.textMessages).toEqual([
      {
        text: 'TRP-2026-000777 is loaded at Apapa.',
        purpose: 'trip-status',
        status: 'QUEUED',
        sentAt: expect.any(String),
      },
    ]);
    expect(data.whatsappMessages).toEqual([
      { direction: 'to you', text: 'TRP-2026-000777 is at Apapa.', status: 'QUEUED', at: expect.any(String) },
      { direction: 'from you', text: 'Where is TRP-2026-000777?', status: null, at: expect.any(String) },
    ]);
    expect(data.activity.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.signed_in', 'trip.note_saved']),
    );
    expect(data.activity.every((a) => a.ipAddress !== undefined && a.at)).toBe(true);

    // No token material, no other person's personal data.
    const text = JSON.stringify(res.body);
    for (const secret of ['push-token-secret', 'p256dh-key-secret', 'auth-key-secret', person.accessToken]) {
      expect(text).not.toContain(secret);
    }
    for (const other of [
      colleague.email,
      colleague.user.id,
      colleague.user.phoneNumber,
      'Bola',
      'Adeyemi',
      w.transporter.email,
      w.customer.email,
      'Lekki Foods Ltd',
      'Colleague note',
      'Customer side note',
      'For Bola only',
      'by SMS',
      'loaded for Bola',
    ]) {
      expect(text).not.toContain(other);
    }
  });

  it("gives a fleet manager's own staff address and every role its own export", async () => {
    for (const token of [w.customer.accessToken, w.transporter.accessToken, w.admin.accessToken]) {
      const res = await download(token);
      expect(res.status).toBe(200);
      expect(myDataExport.parse(res.body).staffRecord).toBeNull();
    }
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const invited = await call(
      t.app,
      'POST',
      '/api/v1/fleet/managers',
      {
        firstName: 'Sade',
        lastName: 'Bankole',
        phoneNumber: '+2348039990001',
        email: 'sade.bankole.export@example.com',
        address: { street: '4 Marine Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
        nextOfKin: { name: 'Ayo Bankole', phoneNumber: '+2348039990002', relationship: 'Brother' },
        guarantor: {
          name: 'Chief Ola Bankole',
          phoneNumber: '+2348039990003',
          address: {
            street: '9 Broad Street',
            neighborhood: '',
            lga: 'Lagos Island',
            city: 'Lagos',
            state: 'Lagos',
          },
        },
      },
      { token: owner.accessToken },
    );
    expect(invited.status).toBe(201);
    const mail = (await t.mailsTo('sade.bankole.export@example.com'))[0]!;
    const resetToken = new URL(mail.links.find((l) => l.includes('token='))!).searchParams.get('token')!;
    await call(t.app, 'POST', '/api/v1/user/password/reset/', {
      resetToken,
      newPassword: GOOD_PASSWORD,
      acceptTerms: true,
    });
    const login = await call(t.app, 'POST', LOGIN_URL, {
      username: 'sade.bankole.export@example.com',
      password: GOOD_PASSWORD,
    });
    const res = await download(login.body.accessToken);
    const data = myDataExport.parse(res.body);
    expect(data.staffRecord).toMatchObject({
      address: { street: '4 Marine Road', lga: 'Apapa' },
      active: true,
    });
    expect(data.consent.termsVersion).toBe(TERMS_VERSION);
    // Her next of kin and guarantor are other people: they are not in her export.
    const text = JSON.stringify(res.body);
    for (const other of [
      'Ayo Bankole',
      'Chief Ola Bankole',
      '+2348039990002',
      '9 Broad Street',
      owner.email,
    ]) {
      expect(text).not.toContain(other);
    }
  });

  it('answers 401 without a session and 429 after 5 downloads in an hour', async () => {
    expect((await call(t.app, 'GET', MY_DATA)).status).toBe(401);
    const person = await signedInAccount(t, 'CUSTOMER');
    for (let i = 0; i < 5; i++) expect((await download(person.accessToken)).status).toBe(200);
    const sixth = await download(person.accessToken);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});
