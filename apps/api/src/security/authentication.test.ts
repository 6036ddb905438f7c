/**
 * Authentication and session evidence per OWASP ASVS 4.0.3, chapters V2 (authentication) and V3 (session
 * management), attacked from outside through the HTTP API with rate limits on (the default). Each test
 * names the requirement it proves; apps/api/src/modules/auth/auth.test.ts keeps the everyday behaviour.
 */
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../db/seed/factories';
import { sessions, users } from '../db/schema';
import {
  decodeJwt,
  GOOD_PASSWORD,
  LOGIN_URL,
  signedInAccount,
  signupBody,
  uniqueEmail,
} from '../test/accounts';
import { createDriverViaApi } from '../test/fleet';
import { call, createTestApp, randomIp, tokenFromMail, type TestApp } from '../test/test-app';

const SECRET = randomBytes(32).toString('hex');
/** The keys a deployment signs with, derived from its secret: an attacker's best case, a leaked derivation. */
const ACCESS_KEY = createHmac('sha256', SECRET).update('freightlane access token').digest();
const REFRESH_KEY = createHmac('sha256', SECRET).update('freightlane refresh token').digest();

const ME = '/api/v1/user/me';
const REFRESH = '/api/v1/auth/refresh';
const LOGOUT = '/api/v1/auth/logout';
const RESET_INITIATE = '/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP';
const RESET = '/api/v1/user/password/reset/';
const RESEND = '/api/v1/user/enrolment/email/resend';
const ACTIVATE = '/api/v1/user/enrolment/activate';
const SIGNUP = '/api/v1/user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { jwtSecret: SECRET });
}, 60_000);
afterAll(() => t.close());

const me = (token: string) => call(t.app, 'GET', ME, undefined, { token });
const refresh = (refreshToken: string) => call(t.app, 'POST', REFRESH, { refreshToken });
const login = (username: string, password: string, ip?: string) =>
  call(t.app, 'POST', LOGIN_URL, { username, password }, ip ? { ip } : {});

/** A refusal as the API gives it: the status, a JSON body, and a sentence in `message`. */
function expectRefused(res: Awaited<ReturnType<typeof call>>, status: number, label = '') {
  expect(res.status, label).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  expect(typeof res.body.message, label).toBe('string');
  expect(res.body.message.length, label).toBeGreaterThan(5);
}

/** A 429 that says what happened and when to come back. */
function expectThrottled(res: Awaited<ReturnType<typeof call>>) {
  expectRefused(res, 429);
  expect(res.body.message).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function pendingAccount() {
  const email = uniqueEmail('pending');
  await createAccount(t.ctx.db, { email, password: GOOD_PASSWORD, userType: 'CUSTOMER', activated: false });
  return email;
}

describe('V2.2.1 anti-automation: brute force is throttled', () => {
  it('V2.2.1 locks one account after 10 failed sign-ins, even when each comes from another IP', async () => {
    const account = await signedInAccount(t);
    for (let i = 0; i < 10; i++) {
      expectRefused(await login(account.email, `Wrong-password-${i}`), 401, `attempt ${i + 1}`);
    }
    // The right password from yet another address is refused too: guessing is not resumed by a success.
    expectThrottled(await login(account.email, GOOD_PASSWORD));
    // Other accounts are not affected.
    const other = await signedInAccount(t);
    expect((await login(other.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('V2.2.1 counts attempts against an address alike whether it is registered or not', async () => {
    const account = await signedInAccount(t);
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) {
      const known = await login(account.email, `Wrong-password-${i}`);
      const nobody = await login(unknown, `Wrong-password-${i}`);
      expect(nobody.status).toBe(known.status);
      expect(nobody.body).toEqual(known.body);
    }
    const knownLocked = await login(account.email, 'Wrong-password-x');
    const unknownLocked = await login(unknown, 'Wrong-password-x');
    expectThrottled(knownLocked);
    expect(unknownLocked.status).toBe(429);
    expect(unknownLocked.body).toEqual(knownLocked.body);
  });

  it('V2.2.1 limits sign-in attempts per IP address over many accounts, leaving other addresses free', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      expect((await login(uniqueEmail('spray'), 'Password-spraying-1', ip)).status).toBe(401);
    }
    expectThrottled(await login(uniqueEmail('spray'), 'Password-spraying-1', ip));
    const account = await signedInAccount(t);
    expectThrottled(await login(account.email, GOOD_PASSWORD, ip));
    expect((await login(account.email, GOOD_PASSWORD, randomIp())).status).toBe(200);
  });

  it('V2.2.1 V2.5 throttles password reset requests per account across IPs, and per IP across accounts', async () => {
    const account = await signedInAccount(t);
    for (let i = 0; i < 3; i++) {
      expect((await call(t.app, 'POST', RESET_INITIATE, { username: account.email })).status).toBe(200);
    }
    expectThrottled(await call(t.app, 'POST', RESET_INITIATE, { username: account.email }));
    // Three links at most went out, whoever asked for more.
    expect((await t.mailsTo(account.email)).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(3);

    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, 'POST', RESET_INITIATE, { username: uniqueEmail('reset') }, { ip });
      expect(res.status).toBe(200);
    }
    expectThrottled(await call(t.app, 'POST', RESET_INITIATE, { username: uniqueEmail('reset') }, { ip }));
  });

  it('V2.2.1 throttles activation e-mails per account across IPs, and per IP across accounts', async () => {
    const email = await pendingAccount();
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'POST', RESEND, { email })).status).toBe(200);
    expectThrottled(await call(t.app, 'POST', RESEND, { email }));
    expect(await t.mailsTo(email)).toHaveLength(3);

    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      expect((await call(t.app, 'POST', RESEND, { email: uniqueEmail('resend') }, { ip })).status).toBe(200);
    }
    expectThrottled(await call(t.app, 'POST', RESEND, { email: uniqueEmail('resend') }, { ip }));
  });

  it('V2.2.1 throttles sign-ups per IP address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++)
      expect((await call(t.app, 'POST', SIGNUP, signupBody(), { ip })).status).toBe(201);
    expectThrottled(await call(t.app, 'POST', SIGNUP, signupBody(), { ip }));
  });
});

describe('no response reveals whether an e-mail address is registered', () => {
  it('V2.2 sign-in answers an unknown address as it answers a wrong password, whatever the account state', async () => {
    const active = await signedInAccount(t);
    const pending = await pendingAccount();
    const deactivated = await signedInAccount(t);
    await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.user.id));

    const unknown = await login(uniqueEmail('nobody'), 'Not-The-Password-1');
    expectRefused(unknown, 401);
    expect(unknown.body.message).toBe('Incorrect e-mail or password.');
    for (const email of [active.email, pending, deactivated.email]) {
      const wrong = await login(email, 'Not-The-Password-1');
      expect(wrong.status, email).toBe(unknown.status);
      expect(wrong.body, email).toEqual(unknown.body);
    }
  });

  it('V2.5 password reset answers alike for registered, pending and unknown addresses', async () => {
    const active = await signedInAccount(t);
    const pending = await pendingAccount();
    const unknown = await call(t.app, 'POST', RESET_INITIATE, { username: uniqueEmail('nobody') });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toMatch(/^If an account exists for that e-mail address/);
    for (const username of [active.email, pending]) {
      const res = await call(t.app, 'POST', RESET_INITIATE, { username });
      expect(res.status, username).toBe(unknown.status);
      expect(res.body, username).toEqual(unknown.body);
    }
    expect(await t.mailsTo(active.email)).toHaveLength(1);
  });

  it('V2.5 activation resend answers alike for pending, active and unknown addresses', async () => {
    const active = await signedInAccount(t);
    const pending = await pendingAccount();
    const unknown = await call(t.app, 'POST', RESEND, { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(200);
    for (const email of [active.email, pending]) {
      const res = await call(t.app, 'POST', RESEND, { email });
      expect(res.status, email).toBe(unknown.status);
      expect(res.body, email).toEqual(unknown.body);
    }
    expect(await t.mailsTo(pending)).toHaveLength(1);
    expect(await t.mailsTo(active.email)).toHaveLength(0);
  });

  it('V2.2.3 sign-up answers a registered address as a new one; only its owner is told, by e-mail', async () => {
    const owner = await signedInAccount(t);
    const fresh = signupBody();
    const answerNew = await call(t.app, 'POST', SIGNUP, fresh);
    const answerTaken = await call(
      t.app,
      'POST',
      SIGNUP,
      signupBody({ email: owner.email, password: 'Attacker-Chosen-2026' }),
    );
    expect(answerTaken.status).toBe(answerNew.status);
    // The answers differ only by the address each was given.
    expect(JSON.stringify(answerTaken.body).replaceAll(owner.email, '<email>')).toBe(
      JSON.stringify(answerNew.body).replaceAll(fresh.email, '<email>'),
    );
    expect(answerTaken.headers['content-type']).toBe(answerNew.headers['content-type']);

    const [notice, ...others] = await t.mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(notice!.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice!.links).toEqual(
      expect.arrayContaining([`${t.ctx.env.appUrl}/signin`, `${t.ctx.env.appUrl}/resetpassword`]),
    );
    // The owner's account is as it was: same password, still signs in.
    expect((await login(owner.email, GOOD_PASSWORD)).status).toBe(200);
    expect((await login(owner.email, 'Attacker-Chosen-2026')).status).toBe(401);
  });
});

describe('V3.5.3 tokens of one kind are refused as another', () => {
  it('V3.5.3 refuses an access token as a refresh token and a refresh token as a bearer token', async () => {
    const account = await signedInAccount(t);
    expectRefused(await refresh(account.accessToken), 401);
    expectRefused(await me(account.refreshToken), 401);
    // Signing out answers alike for any token (it reveals nothing), but with the wrong kind it ends nothing.
    expect((await call(t.app, 'POST', LOGOUT, { refreshToken: account.accessToken })).status).toBe(200);
    expect((await me(account.accessToken)).status).toBe(200);
    expect((await refresh(account.refreshToken)).status).toBe(200);
  });

  it('V3.5.3 refuses activation, reset, unsubscribe and driver-phone tokens as bearer tokens', async () => {
    const signup = signupBody();
    expect((await call(t.app, 'POST', SIGNUP, signup)).status).toBe(201);
    const activationToken = tokenFromMail((await t.mailsTo(signup.email))[0]);

    const account = await signedInAccount(t, 'TRANSPORTER');
    expect((await call(t.app, 'POST', RESET_INITIATE, { username: account.email })).status).toBe(200);
    const resetToken = tokenFromMail((await t.mailsTo(account.email))[0]);
    const unsubscribeToken = t.ctx.unsubscribeTokens.sign(account.user.id, 'BID_RECEIVED');
    const driver = await createDriverViaApi(t, account.accessToken);
    const link = await call(t.app, 'POST', `/api/v1/fleet/drivers/${driver.id}/phone-link`, undefined, {
      token: account.accessToken,
    });
    expect(link.status).toBe(201);

    const tokens = {
      activation: activationToken,
      reset: resetToken,
      unsubscribe: unsubscribeToken,
      'driver phone': link.body.token as string,
    };
    for (const [kind, token] of Object.entries(tokens)) {
      expectRefused(await me(token), 401, kind);
      expectRefused(await refresh(token), 401, kind);
    }
    // Each is still good for its own purpose: the refusals above are about kind, not about broken tokens.
    expect((await call(t.app, 'GET', `/api/v1/driver/${link.body.token}`)).status).toBe(200);
    expect((await call(t.app, 'POST', ACTIVATE, { token: activationToken })).status).toBe(200);
  });

  it('V3.5.3 refuses session tokens, and the one kind of account link for the other, where links are redeemed', async () => {
    const account = await signedInAccount(t);
    const signup = signupBody();
    expect((await call(t.app, 'POST', SIGNUP, signup)).status).toBe(201);
    const activationToken = tokenFromMail((await t.mailsTo(signup.email))[0]);
    expect((await call(t.app, 'POST', RESET_INITIATE, { username: account.email })).status).toBe(200);
    const resetToken = tokenFromMail((await t.mailsTo(account.email))[0]);

    for (const token of [account.accessToken, account.refreshToken, resetToken]) {
      const res = await call(t.app, 'POST', ACTIVATE, { token });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const resetTokenGiven of [account.accessToken, account.refreshToken, activationToken]) {
      const res = await call(t.app, 'POST', RESET, {
        resetToken: resetTokenGiven,
        newPassword: 'Another-Cargo-2027',
      });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const asDriverLink = await call(t.app, 'GET', `/api/v1/driver/${account.accessToken}`);
    expect(asDriverLink.status).toBeGreaterThanOrEqual(400);
    expect(asDriverLink.status).toBeLessThan(500);
    expect(typeof asDriverLink.body.message).toBe('string');
    // Nothing was spent: both links still work for what they were made for.
    expect((await call(t.app, 'POST', ACTIVATE, { token: activationToken })).status).toBe(200);
    expect((await call(t.app, 'POST', RESET, { resetToken, newPassword: 'Another-Cargo-2027' })).status).toBe(
      200,
    );
  });

  it('V3.3.1 refuses the tokens of a signed-out session', async () => {
    const account = await signedInAccount(t);
    expect((await me(account.accessToken)).status).toBe(200);
    const out = await call(
      t.app,
      'POST',
      LOGOUT,
      { refreshToken: account.refreshToken },
      { token: account.accessToken },
    );
    expect(out.status).toBe(200);
    expectRefused(await me(account.accessToken), 401);
    expectRefused(await refresh(account.refreshToken), 401);
  });

  it('V3.3.3 refuses every earlier session once the password is reset', async () => {
    const account = await signedInAccount(t);
    const second = await login(account.email, GOOD_PASSWORD);
    expect((await call(t.app, 'POST', RESET_INITIATE, { username: account.email })).status).toBe(200);
    const resetToken = tokenFromMail((await t.mailsTo(account.email))[0]);
    expect((await call(t.app, 'POST', RESET, { resetToken, newPassword: 'Another-Cargo-2027' })).status).toBe(
      200,
    );
    for (const pair of [account, second.body as { accessToken: string; refreshToken: string }]) {
      expectRefused(await me(pair.accessToken), 401);
      expectRefused(await refresh(pair.refreshToken), 401);
    }
  });
});

describe('V3.5.3 refresh tokens rotate, and a replayed one revokes its family', () => {
  it('V3.5.3 ends the whole session when a spent refresh token comes back, leaving other sessions alive', async () => {
    const account = await signedInAccount(t);
    const elsewhere = await login(account.email, GOOD_PASSWORD);
    const second = await refresh(account.refreshToken);
    expect(second.status).toBe(200);
    const third = await refresh(second.body.refreshToken);
    expect(third.status).toBe(200);
    expect((await me(third.body.accessToken)).status).toBe(200);

    // A thief replays the first refresh token, spent two rotations ago.
    const replay = await refresh(account.refreshToken);
    expectRefused(replay, 401);
    expect(replay.body.message).toMatch(/ended to protect your account/);

    // Every token of that family is dead: the newest refresh token and all its access tokens.
    expectRefused(await refresh(third.body.refreshToken), 401);
    for (const accessToken of [account.accessToken, second.body.accessToken, third.body.accessToken]) {
      expectRefused(await me(accessToken), 401);
    }
    const [row] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, decodeJwt(account.accessToken).sid));
    expect(row!.revokedReason).toBe('REUSE_DETECTED');

    // The owner's sign-in on another device is another family, untouched.
    expect((await me(elsewhere.body.accessToken)).status).toBe(200);
    expect((await refresh(elsewhere.body.refreshToken)).status).toBe(200);
  });

  it('V3.5.3 revokes the family also when the newest token is replayed after its own rotation', async () => {
    const account = await signedInAccount(t);
    const next = await refresh(account.refreshToken);
    expect(next.status).toBe(200);
    expectRefused(await refresh(account.refreshToken), 401);
    expectRefused(await refresh(next.body.refreshToken), 401);
    expectRefused(await me(next.body.accessToken), 401);
  });
});

describe('V3.5.3 forged and altered JWTs are refused', () => {
  let genuine: Awaited<ReturnType<typeof signedInAccount>>;
  let claims: JWTPayload;
  let refreshClaims: JWTPayload;
  beforeAll(async () => {
    genuine = await signedInAccount(t);
    claims = decodeJwt(genuine.accessToken);
    refreshClaims = decodeJwt(genuine.refreshToken);
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const sign = (payload: JWTPayload, key: Uint8Array = ACCESS_KEY, alg = 'HS256') =>
    new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  /** A JWT whose header and signature are given as they are, for the algorithm-confusion cases. */
  const raw = (header: object, payload: object, signature: (input: string) => string) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${signature(input)}`;
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('V3.5.3 accepts a token built here with the deployment key, so the refusals below are about the change made', async () => {
    expect((await me(await sign({ ...claims, jti: 'control' }))).status).toBe(200);
    expect((await refresh(genuine.refreshToken)).status).toBe(200);
  });

  const forgeries: [string, () => Promise<string> | string][] = [
    [
      'a payload altered to the admin role, the signature kept',
      () => {
        const [header, , signature] = genuine.accessToken.split('.');
        return `${header}.${b64({ ...claims, scope: { role_admin: true } })}.${signature}`;
      },
    ],
    [
      'alg "none" without a signature',
      () => raw({ alg: 'none', typ: 'JWT' }, { ...claims, scope: { role_admin: true } }, () => ''),
    ],
    [
      'alg "None" with the genuine signature',
      () => raw({ alg: 'None' }, claims, () => genuine.accessToken.split('.')[2]!),
    ],
    ['an expired token', () => sign({ ...claims, iat: nowSeconds() - 3600, exp: nowSeconds() - 60 })],
    ['a token without an expiry', () => sign({ ...claims, exp: undefined })],
    ['a token not valid before an hour from now', () => sign({ ...claims, nbf: nowSeconds() + 3600 })],
    ['another issuer', () => sign({ ...claims, iss: 'https://evil.example' })],
    ['another audience (the refresh one)', () => sign({ ...claims, aud: 'freightlane-refresh' })],
    ['the refresh kind signed with the access key', () => sign({ ...claims, typ: 'refresh' })],
    ['the refresh key', () => sign(claims, REFRESH_KEY)],
    ['another secret', () => sign(claims, randomBytes(32))],
    ['HS512 with the right key', () => sign(claims, ACCESS_KEY, 'HS512')],
    [
      'RS256 with an attacker key pair, its public key in the header',
      () => {
        const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', jwk: publicKey.export({ format: 'jwk' }) as never })
          .sign(privateKey);
      },
    ],
    [
      'RS256 in the header over an HMAC made with a public key (algorithm confusion)',
      () => {
        const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const pem = publicKey.export({ format: 'pem', type: 'spki' });
        return raw({ alg: 'RS256', typ: 'JWT' }, claims, (input) =>
          createHmac('sha256', pem).update(input).digest('base64url'),
        );
      },
    ],
    ['a session that does not exist', () => sign({ ...claims, sid: '00000000-0000-4000-8000-000000000000' })],
    ['garbage', () => 'garbage'],
    ['three empty parts', () => '..'],
    ['base64 of nothing useful', () => `${b64('x')}.${b64('y')}.${b64('z')}`],
    ['a JSON header with a non-JSON payload', () => `${b64({ alg: 'HS256' })}.bm90IGpzb24.c2ln`],
    ['a token of 20,000 characters', () => `${genuine.accessToken}${'A'.repeat(20_000)}`],
  ];

  it.each(forgeries)(
    'V3.5.3 refuses as a bearer token %s, with 401 and a JSON message',
    async (_name, build) => {
      const res = await me(await build());
      expectRefused(res, 401);
      expect(res.body.message).toMatch(/sign in/);
    },
  );

  it('V3.5.3 says an expired token has expired', async () => {
    const expired = await sign({ ...claims, iat: nowSeconds() - 3600, exp: nowSeconds() - 60 });
    expect((await me(expired)).body.message).toBe('Your session has expired. Please sign in again.');
  });

  it.each([
    ['alg "none"', () => raw({ alg: 'none' }, refreshClaims, () => '')],
    ['an expired token', () => sign({ ...refreshClaims, exp: nowSeconds() - 60 }, REFRESH_KEY)],
    ['another issuer', () => sign({ ...refreshClaims, iss: 'https://evil.example' }, REFRESH_KEY)],
    ['the access audience', () => sign({ ...refreshClaims, aud: 'freightlane-api' }, REFRESH_KEY)],
    ['another secret', () => sign(refreshClaims, randomBytes(32))],
    [
      'a token id never issued',
      () => sign({ ...refreshClaims, jti: '00000000-0000-4000-8000-000000000000' }, REFRESH_KEY),
    ],
  ] as const)('V3.5.3 refuses as a refresh token %s', async (_name, build) => {
    expectRefused(await refresh(await build()), 401);
  });

  it('V3.5.3 refuses a malformed Authorization header with 401', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Bearer ${genuine.accessToken} extra`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: ME, headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
