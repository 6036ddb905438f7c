import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { TERMS_VERSION } from '@freightlane/domain';
import { accountTokens, auditLog, companies, users } from '../../db/schema';
import { GOOD_PASSWORD, LOGIN_URL, signupBody, uniqueEmail } from '../../test/accounts';
import { call, createTestApp, randomIp, tokenFromMail, type TestApp } from '../../test/test-app';

describe('sign-up and activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const companyCount = async () => (await t.ctx.db.select({ n: count() }).from(companies))[0]!.n;

  it('creates the user and the company and e-mails an activation link', async () => {
    const body = signupBody({
      email: '  Ngozi.A@Example.com ',
      type: 'TRANSPORTER',
      companyName: 'Lagos Trucks Ltd',
    });
    const res = await call(t.app, 'POST', '/api/v1/user', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'Successful',
      data: { email: 'ngozi.a@example.com', userType: 'TRANSPORTER' },
    });

    const [row] = await t.ctx.db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, 'ngozi.a@example.com'));
    expect(row!.company).toMatchObject({
      name: 'Lagos Trucks Ltd',
      type: 'TRANSPORTER',
      verificationStatus: 'UNVERIFIED',
    });
    expect(row!.user.activatedAt).toBeNull();
    // The consent record: when, and to which version of the terms.
    expect(row!.user.termsAcceptedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.user.termsVersion).toBe(TERMS_VERSION);
    expect(row!.user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [mail] = await t.mailsTo('ngozi.a@example.com');
    expect(mail!.subject).toBe('Activate your Freightlane account');
    expect(
      mail!.links.find((l) => l.startsWith('http://localhost:3000/activate/account/?token=')),
    ).toBeDefined();
    expect(mail!.html).toContain('Activate account');
  });

  it('signs up with the spec’s seven fields alone, recording the consent the sign-up gives', async () => {
    const { acceptTerms: _ticked, ...body } = signupBody({ email: uniqueEmail('seven') });
    expect(Object.keys(body).sort()).toEqual(
      ['companyName', 'email', 'firstName', 'lastName', 'password', 'phoneNumber', 'type'].sort(),
    );
    const res = await call(t.app, 'POST', '/api/v1/user', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'Successful',
      data: { email: body.email, userType: 'CUSTOMER' },
    });

    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.termsAcceptedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(user!.termsVersion).toBe(TERMS_VERSION);
    const [signedUp] = await t.ctx.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.signed_up'), eq(auditLog.entityId, user!.id)));
    expect(signedUp!.data).toMatchObject({ termsVersion: TERMS_VERSION, termsAccepted: 'by signing up' });
  });

  it('answers a registered e-mail as it answers a new one, mails its owner, and writes nothing', async () => {
    const first = signupBody();
    expect((await call(t.app, 'POST', '/api/v1/user', first)).status).toBe(201);
    const before = await companyCount();

    const fresh = signupBody();
    const newAnswer = await call(t.app, 'POST', '/api/v1/user', fresh);
    const again = signupBody({ email: first.email.toUpperCase() });
    const sameEmail = await call(t.app, 'POST', '/api/v1/user', again);
    expect(sameEmail.status).toBe(newAnswer.status);
    expect(sameEmail.body).toEqual({
      ...newAnswer.body,
      message: newAnswer.body.message.replace(fresh.email, first.email),
      data: { ...newAnswer.body.data, email: first.email },
    });
    expect(await companyCount()).toBe(before + 1);
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, first.email));
    expect(owner!.phoneNumber).toBe(first.phoneNumber);

    const mails = await t.mailsTo(first.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Someone tried to sign up with your e-mail address',
      'Activate your Freightlane account',
    ]);
    expect(mails[0]!.links).toEqual(
      expect.arrayContaining(['http://localhost:3000/signin', 'http://localhost:3000/resetpassword']),
    );
    expect(mails[0]!.text).toContain('no new one was created');
  });

  it('tells the owner of a registered e-mail at most 3 times an hour, answering every attempt alike', async () => {
    const first = signupBody();
    expect((await call(t.app, 'POST', '/api/v1/user', first)).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'POST', '/api/v1/user', signupBody({ email: first.email }))).status).toBe(
        201,
      );
    }
    const notices = (await t.mailsTo(first.email)).filter((m) => m.subject.startsWith('Someone tried'));
    expect(notices).toHaveLength(3);
  });

  it('refuses a phone number already registered with 409 naming it, and writes nothing', async () => {
    const first = signupBody();
    expect((await call(t.app, 'POST', '/api/v1/user', first)).status).toBe(201);
    const before = await companyCount();
    for (const email of [uniqueEmail(), first.email]) {
      const samePhone = await call(
        t.app,
        'POST',
        '/api/v1/user',
        signupBody({ email, phoneNumber: first.phoneNumber }),
      );
      expect(samePhone.status).toBe(409);
      expect(samePhone.body.message).toMatch(/phone number is already registered/);
      expect(samePhone.body.errors).toEqual([{ field: 'phoneNumber', message: samePhone.body.message }]);
    }
    expect(await companyCount()).toBe(before);
  });

  it('lets only one of two simultaneous identical sign-ups through', async () => {
    const body = signupBody();
    const before = await companyCount();
    const results = await Promise.all([
      call(t.app, 'POST', '/api/v1/user', body),
      call(t.app, 'POST', '/api/v1/user', body),
      call(t.app, 'POST', '/api/v1/user', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await companyCount()).toBe(before + 1);
  });

  it('lets only one of simultaneous sign-ups with one e-mail create an account, answering all alike', async () => {
    const email = uniqueEmail();
    const before = await companyCount();
    const results = await Promise.all(
      [0, 1, 2].map(() => call(t.app, 'POST', '/api/v1/user', signupBody({ email }))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await companyCount()).toBe(before + 1);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
    [
      'phoneNumber',
      { phoneNumber: '08031234567' },
      'Enter a Nigerian phone number as +234 followed by 10 digits',
    ],
    [
      'phoneNumber',
      { phoneNumber: '+23480312345' },
      'Enter a Nigerian phone number as +234 followed by 10 digits',
    ],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ['password', { password: 'Password123' }, 'This password is too common; choose another one'],
    ['type', { type: 'ADMIN' }, 'Type must be CUSTOMER or TRANSPORTER'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['companyName', { companyName: undefined }, 'Company name is required'],
    ['acceptTerms', { acceptTerms: false }, 'You must accept the terms and conditions'],
  ])('answers 400 naming %s when it is bad', async (field, override, message) => {
    const before = await companyCount();
    const res = await call(t.app, 'POST', '/api/v1/user', signupBody(override));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(res.body.message).toContain(field);
    expect(await companyCount()).toBe(before);
  });

  it('rejects unknown fields', async () => {
    const res = await call(t.app, 'POST', '/api/v1/user', signupBody({ role: 'role_admin' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'role', message: 'Unknown field' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('rate-limits sign-ups per IP address with 429 and a message', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call(t.app, 'POST', '/api/v1/user', signupBody(), { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const blocked = await call(t.app, 'POST', '/api/v1/user', signupBody(), { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('phone check', () => {
    it('says whether a number is free', async () => {
      const body = signupBody();
      await call(t.app, 'POST', '/api/v1/user', body);
      const taken = await call(t.app, 'POST', '/api/v1/user/enrolment/phone/check', {
        phoneNumber: body.phoneNumber,
      });
      expect(taken).toMatchObject({ status: 200, body: { phoneNumber: body.phoneNumber, available: false } });
      const free = await call(t.app, 'POST', '/api/v1/user/enrolment/phone/check', {
        phoneNumber: '+2349099999999',
      });
      expect(free.body.available).toBe(true);
      const bad = await call(t.app, 'POST', '/api/v1/user/enrolment/phone/check', { phoneNumber: '0909' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('phoneNumber');
    });
  });

  describe('activation', () => {
    async function signUp() {
      const body = signupBody();
      expect((await call(t.app, 'POST', '/api/v1/user', body)).status).toBe(201);
      const [mail] = await t.mailsTo(body.email);
      return { body, token: tokenFromMail(mail) };
    }

    it('activates once; the link then answers TOKEN_USED, and sign-in works', async () => {
      const { body, token } = await signUp();
      const before = await call(t.app, 'POST', LOGIN_URL, { username: body.email, password: GOOD_PASSWORD });
      expect(before.status).toBe(403);

      const ok = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token });
      expect(ok).toMatchObject({ status: 200, body: { status: 'Successful', data: { email: body.email } } });

      const again = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('TOKEN_USED');

      const login = await call(t.app, 'POST', LOGIN_URL, { username: body.email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
    });

    it('refuses an expired link with TOKEN_EXPIRED after 72 hours', async () => {
      const { body, token } = await signUp();
      const [user] = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
      await t.ctx.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.userId, user!.id));
      const res = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
      expect(res.body.message).toMatch(/expired/);
      const [after] = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
      expect(after!.activatedAt).toBeNull();
    });

    it('sets the expiry 72 hours ahead', async () => {
      const { body } = await signUp();
      const [user] = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
      const [tok] = await t.ctx.db.select().from(accountTokens).where(eq(accountTokens.userId, user!.id));
      const hours = (tok!.expiresAt.getTime() - tok!.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThan(72.1);
    });

    it('refuses an unknown token with TOKEN_INVALID and a malformed one with 400 naming token', async () => {
      const unknown = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token: 'x'.repeat(43) });
      expect(unknown.body.code).toBe('TOKEN_INVALID');
      const malformed = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token: 'abc' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0].field).toBe('token');
    });

    it('resend answers the same for unknown and pending accounts, and the new link replaces the old', async () => {
      const { body, token: oldToken } = await signUp();
      const unknown = await call(t.app, 'POST', '/api/v1/user/enrolment/email/resend', {
        email: uniqueEmail(),
      });
      const known = await call(t.app, 'POST', '/api/v1/user/enrolment/email/resend', { email: body.email });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);

      const mails = await t.mailsTo(body.email);
      expect(mails).toHaveLength(2);
      const newToken = tokenFromMail(mails[0]);
      expect(newToken).not.toBe(oldToken);
      expect(
        (await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token: oldToken })).body.code,
      ).toBe('TOKEN_USED');
      expect((await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token: newToken })).status).toBe(
        200,
      );

      // An active account gets no further activation mail.
      await call(t.app, 'POST', '/api/v1/user/enrolment/email/resend', { email: body.email });
      expect(await t.mailsTo(body.email)).toHaveLength(2);
    });

    it('rate-limits resend per account', async () => {
      const { body } = await signUp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await call(t.app, 'POST', '/api/v1/user/enrolment/email/resend', { email: body.email })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});
