import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { TERMS_VERSION } from '@freightlane/domain';
import { accountTokens, sessions, users } from '../../db/schema';
import { createAccount } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { call, createTestApp, tokenFromMail, type TestApp } from '../../test/test-app';

const INITIATE = '/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP';
const RESET = '/api/v1/user/password/reset/';
const NEW_PASSWORD = 'Fresh-Trailer-2027';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function requestReset(email: string) {
    const res = await call(t.app, 'POST', INITIATE, { username: email });
    expect(res.status).toBe(200);
    // By subject: a "password changed" e-mail of an earlier step may carry the same millisecond.
    const mail = (await t.mailsTo(email)).find((m) => m.subject === 'Reset your Freightlane password');
    return tokenFromMail(mail);
  }

  it('answers the same whether or not the account exists, and mails a link to /reset/password', async () => {
    const account = await signedInAccount(t);
    const known = await call(t.app, 'POST', INITIATE, { username: account.email });
    const unknown = await call(t.app, 'POST', INITIATE, { username: uniqueEmail() });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const [mail] = await t.mailsTo(account.email);
    expect(mail!.subject).toBe('Reset your Freightlane password');
    expect(mail!.links.some((l) => l.startsWith('http://localhost:3000/reset/password?token='))).toBe(true);
  });

  it('asks an account with no consent on record to accept the terms, and keeps a consent already given', async () => {
    const email = uniqueEmail('legacy');
    const { user } = await createAccount(t.ctx.db, {
      email,
      password: GOOD_PASSWORD,
      userType: 'CUSTOMER',
      acceptedTerms: false,
    });
    const token = await requestReset(email);
    const refused = await call(t.app, 'POST', RESET, { resetToken: token, newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'acceptTerms', message: 'You must accept the terms and conditions' },
    ]);
    // The link is not spent by the refusal.
    const accepted = await call(t.app, 'POST', RESET, {
      resetToken: token,
      newPassword: NEW_PASSWORD,
      acceptTerms: true,
    });
    expect(accepted.status).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.termsVersion).toBe(TERMS_VERSION);
    const acceptedAt = row!.termsAcceptedAt!;

    // A later reset neither needs nor moves the consent record.
    const again = await requestReset(email);
    expect(
      (await call(t.app, 'POST', RESET, { resetToken: again, newPassword: 'Other-Trailer-2028' })).status,
    ).toBe(200);
    const [later] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(later!.termsAcceptedAt).toEqual(acceptedAt);
  });

  it('sets the new password, answers Successful, and signs out every session', async () => {
    const account = await signedInAccount(t);
    const second = await call(t.app, 'POST', LOGIN_URL, { username: account.email, password: GOOD_PASSWORD });
    const token = await requestReset(account.email);

    const res = await call(t.app, 'POST', RESET, { resetToken: token, newPassword: NEW_PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { status: 'Successful' } });

    const live = await t.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, account.user.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    for (const refreshToken of [account.refreshToken, second.body.refreshToken]) {
      expect((await call(t.app, 'POST', '/api/v1/auth/refresh', { refreshToken })).status).toBe(401);
    }
    expect(
      (await call(t.app, 'GET', '/api/v1/user/me', undefined, { token: account.accessToken })).status,
    ).toBe(401);

    expect(
      (await call(t.app, 'POST', LOGIN_URL, { username: account.email, password: GOOD_PASSWORD })).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', LOGIN_URL, { username: account.email, password: NEW_PASSWORD })).status,
    ).toBe(200);

    const [changed] = await t.mailsTo(account.email);
    expect(changed!.subject).toBe('Your Freightlane password was changed');
  });

  it('works once only', async () => {
    const account = await signedInAccount(t);
    const token = await requestReset(account.email);
    expect((await call(t.app, 'POST', RESET, { resetToken: token, newPassword: NEW_PASSWORD })).status).toBe(
      200,
    );
    const again = await call(t.app, 'POST', RESET, { resetToken: token, newPassword: 'Another-Route-2028' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TOKEN_USED');
  });

  it('expires after one hour', async () => {
    const account = await signedInAccount(t);
    const token = await requestReset(account.email);
    const [row] = await t.ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, account.user.id));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
    await t.ctx.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, account.user.id));
    const res = await call(t.app, 'POST', RESET, { resetToken: token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    expect(
      (await call(t.app, 'POST', LOGIN_URL, { username: account.email, password: GOOD_PASSWORD })).status,
    ).toBe(200);
  });

  it('only the newest link works after asking twice', async () => {
    const account = await signedInAccount(t);
    const first = await requestReset(account.email);
    const second = await requestReset(account.email);
    expect(
      (await call(t.app, 'POST', RESET, { resetToken: first, newPassword: NEW_PASSWORD })).body.code,
    ).toBe('TOKEN_USED');
    expect((await call(t.app, 'POST', RESET, { resetToken: second, newPassword: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('activates an account that was never activated, since the link proves the mailbox', async () => {
    const email = uniqueEmail();
    await createAccount(t.ctx.db, { email, password: GOOD_PASSWORD, userType: 'CUSTOMER', activated: false });
    const token = await requestReset(email);
    expect((await call(t.app, 'POST', RESET, { resetToken: token, newPassword: NEW_PASSWORD })).status).toBe(
      200,
    );
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user!.activatedAt).not.toBeNull();
  });

  it.each([
    [INITIATE, { username: 'not-an-email' }, 'username'],
    ['/api/v1/user/password/reset/initiate', { username: 'a@example.com' }, 'query.clientId'],
    [RESET, { resetToken: 'x'.repeat(43), newPassword: 'short' }, 'newPassword'],
    [RESET, { resetToken: 'x'.repeat(43), newPassword: 'iloveyou1' }, 'newPassword'],
    [RESET, { newPassword: NEW_PASSWORD }, 'resetToken'],
  ])('answers 400 for bad input at %s', async (url, body, field) => {
    const res = await call(t.app, 'POST', url, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses an unknown reset token', async () => {
    const res = await call(t.app, 'POST', RESET, { resetToken: 'y'.repeat(43), newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });

  it('rate-limits reset requests per account, whether or not it exists', async () => {
    for (const email of [(await signedInAccount(t)).email, uniqueEmail()]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await call(t.app, 'POST', INITIATE, { username: email })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });
});
