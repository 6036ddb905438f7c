import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { createAccount } from '../../db/seed/factories';
import { decodeJwt, GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { call, createTestApp, randomIp, type TestApp } from '../../test/test-app';

describe('sign-in, refresh and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (token: string) => call(t.app, 'GET', '/api/v1/user/me', undefined, { token });
  const refresh = (refreshToken: string) => call(t.app, 'POST', '/api/v1/auth/refresh', { refreshToken });

  it('answers an access token with the role scope and a refresh token, each with exp in seconds', async () => {
    const email = uniqueEmail();
    await createAccount(t.ctx.db, {
      email,
      password: GOOD_PASSWORD,
      userType: 'TRANSPORTER',
      firstName: 'Musa',
    });
    const res = await call(
      t.app,
      'POST',
      LOGIN_URL,
      { username: email.toUpperCase(), password: GOOD_PASSWORD },
      {
        headers: { deviceId: 'push-token-abc' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      userType: 'TRANSPORTER',
      firstName: 'Musa',
    });

    const access = decodeJwt(res.body.accessToken);
    const now = Math.floor(Date.now() / 1000);
    expect(access.scope).toEqual({ role_transporter: true });
    expect(access.exp - now).toBeGreaterThan(880);
    expect(access.exp - now).toBeLessThanOrEqual(900);
    const refreshClaims = decodeJwt(res.body.refreshToken);
    expect(refreshClaims.exp - now).toBeGreaterThan(29 * 24 * 3600);

    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, access.sid));
    expect(session!.deviceId).toBe('push-token-abc');
  });

  it.each([
    ['role_customer', 'CUSTOMER'],
    ['role_fleet_manager', 'FLEET_MANAGER'],
    ['role_admin', 'ADMIN'],
  ] as const)('puts %s in the scope of a %s', async (role, userType) => {
    const account = await signedInAccount(t, userType);
    expect(decodeJwt(account.accessToken).scope).toEqual({ [role]: true });
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const account = await signedInAccount(t);
    const wrong = await call(t.app, 'POST', LOGIN_URL, {
      username: account.email,
      password: 'Not-The-Password-1',
    });
    const unknown = await call(t.app, 'POST', LOGIN_URL, {
      username: uniqueEmail(),
      password: 'Not-The-Password-1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Incorrect e-mail or password.');
  });

  it('refuses an account that is not activated with 403 saying so', async () => {
    const email = uniqueEmail();
    await createAccount(t.ctx.db, { email, password: GOOD_PASSWORD, userType: 'CUSTOMER', activated: false });
    const res = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_NOT_ACTIVATED');
    expect(res.body.message).toMatch(/not been activated/);
  });

  it.each([
    ['/api/v1/auth/login', { username: 'a@example.com', password: 'x' }, 'query.clientId'],
    ['/api/v1/auth/login?clientId=MOBILE', { username: 'a@example.com', password: 'x' }, 'query.clientId'],
    [LOGIN_URL, { password: 'x' }, 'username'],
    [LOGIN_URL, { username: 'a@example.com' }, 'password'],
    [LOGIN_URL, { username: 'a@example.com', password: 'x', remember: true }, 'remember'],
  ])('answers 400 for bad login input at %s', async (url, body, field) => {
    const res = await call(t.app, 'POST', url, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('locks an account after 10 failed sign-ins, even with the right password', async () => {
    const account = await signedInAccount(t);
    for (let i = 0; i < 10; i++) {
      const r = await call(t.app, 'POST', LOGIN_URL, {
        username: account.email,
        password: `Wrong-password-${i}`,
      });
      expect(r.status).toBe(401);
    }
    const blocked = await call(t.app, 'POST', LOGIN_URL, {
      username: account.email,
      password: GOOD_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
  });

  it('limits sign-in attempts per IP address', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await call(
            t.app,
            'POST',
            LOGIN_URL,
            { username: uniqueEmail(), password: 'whatever-it-is' },
            { ip },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
    const account = await signedInAccount(t);
    const first = await refresh(account.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(account.refreshToken);
    expect((await me(first.body.accessToken)).status).toBe(200);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is used again', async () => {
    const account = await signedInAccount(t);
    const rotated = await refresh(account.refreshToken);
    expect(rotated.status).toBe(200);

    const replay = await refresh(account.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/protect your account/);

    // Everything issued in that family is dead now: the rotated refresh token and its access token.
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await me(rotated.body.accessToken)).status).toBe(401);
    const [session] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, decodeJwt(account.accessToken).sid));
    expect(session!.revokedReason).toBe('REUSE_DETECTED');
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const account = await signedInAccount(t);
    const results = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const account = await signedInAccount(t);
    const other = await call(t.app, 'POST', LOGIN_URL, { username: account.email, password: GOOD_PASSWORD });
    await refresh(account.refreshToken);
    await refresh(account.refreshToken);
    expect((await me(other.body.accessToken)).status).toBe(200);
  });

  it('does not let one kind of token stand in for the other', async () => {
    const account = await signedInAccount(t);
    const refreshAsBearer = await me(account.refreshToken);
    expect(refreshAsBearer.status).toBe(401);
    const accessAsRefresh = await refresh(account.accessToken);
    expect(accessAsRefresh.status).toBe(401);
    const tampered = account.accessToken.slice(0, -3) + (account.accessToken.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await me(tampered)).status).toBe(401);
    const forged = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${
      account.accessToken.split('.')[1]
    }.`;
    expect((await me(forged)).status).toBe(401);
  });

  it('refuses an expired access token and an expired refresh token', async () => {
    const account = await signedInAccount(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    const expired = await me(account.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
    vi.setSystemTime(Date.now() + 31 * 24 * 3600 * 1000);
    expect((await refresh(account.refreshToken)).status).toBe(401);
  });

  it('needs a bearer token on signed-in endpoints', async () => {
    expect((await call(t.app, 'GET', '/api/v1/user/me')).status).toBe(401);
    expect((await me('not-a-jwt')).status).toBe(401);
  });

  it('signs out: the refresh token and the access token stop working', async () => {
    const account = await signedInAccount(t);
    const out = await call(
      t.app,
      'POST',
      '/api/v1/auth/logout',
      { refreshToken: account.refreshToken },
      {
        token: account.accessToken,
      },
    );
    expect(out.status).toBe(200);
    expect((await refresh(account.refreshToken)).status).toBe(401);
    expect((await me(account.accessToken)).status).toBe(401);
    // Signing out twice is harmless.
    expect(
      (await call(t.app, 'POST', '/api/v1/auth/logout', { refreshToken: account.refreshToken })).status,
    ).toBe(200);
    expect((await call(t.app, 'POST', '/api/v1/auth/logout', {})).status).toBe(400);
  });
});
