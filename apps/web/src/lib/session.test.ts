import { describe, expect, it } from 'vitest';
import {
  checkSession,
  clearSession,
  decodeJwtPayload,
  hasValidTokens,
  isAuthenticated,
  isSameUser,
  isTokenExpired,
  loginHeaders,
  msUntilRefresh,
  NOTIFICATION_TOKEN_KEY,
  REFRESH_LEAD_SECONDS,
  roleFromAccessToken,
  roleFromStorage,
  saveSession,
  SESSION_KEYS,
  tokenExpiry,
} from './session';
import { createFakeEnv, createMemoryStorage, makeJwt, NOW_MS, NOW_S, sessionValuesFor } from '../test/fakes';

describe('decodeJwtPayload', () => {
  it('reads the base64url middle part of a JWT', () => {
    const token = makeJwt({ sub: 'u1', exp: 123, scope: { role_customer: true } });
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', exp: 123, scope: { role_customer: true } });
  });

  it('decodes base64url characters (- and _) and UTF-8 text', () => {
    // '?>?' and 'ÿ' produce '+' and '/' in plain base64, so base64url has '-' and '_' there.
    const payload = { note: '?>?ÿÿÿ', name: 'Ọláolúwa' };
    const token = makeJwt(payload);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeJwtPayload(token)).toEqual(payload);
  });

  it('answers null for anything that is not a JWT with a JSON object payload', () => {
    expect(decodeJwtPayload(null)).toBeNull();
    expect(decodeJwtPayload('')).toBeNull();
    expect(decodeJwtPayload('not-a-token')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(decodeJwtPayload(`a.${btoa('[1,2]')}.c`)).toBeNull();
  });
});

describe('token expiry (compared in seconds)', () => {
  it('reads exp in seconds', () => {
    expect(tokenExpiry(makeJwt({ exp: NOW_S + 30 }))).toBe(NOW_S + 30);
    expect(tokenExpiry(makeJwt({ sub: 'x' }))).toBeNull();
  });

  it('compares exp with Date.now()/1000: valid until the second it names', () => {
    expect(isTokenExpired(makeJwt({ exp: NOW_S + 1 }), NOW_MS)).toBe(false);
    expect(isTokenExpired(makeJwt({ exp: NOW_S }), NOW_MS)).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: NOW_S - 1 }), NOW_MS)).toBe(true);
    // Were exp compared with milliseconds, a token valid for another 10 s would look long expired.
    expect(isTokenExpired(makeJwt({ exp: NOW_S + 10 }), NOW_MS)).toBe(false);
  });

  it('treats a token without exp, or an unreadable one, as expired', () => {
    expect(isTokenExpired(makeJwt({ sub: 'x' }), NOW_MS)).toBe(true);
    expect(isTokenExpired('garbage', NOW_MS)).toBe(true);
    expect(isTokenExpired(null, NOW_MS)).toBe(true);
  });
});

describe('hasValidTokens: both tokens present and the refresh token not expired', () => {
  it('holds with both tokens and a live refresh token, even when the access token has expired', () => {
    const values = sessionValuesFor('role_customer', { accessTtl: -100, refreshTtl: 3600 });
    expect(hasValidTokens(createMemoryStorage(values), NOW_MS)).toBe(true);
  });

  it('fails when either token is missing', () => {
    const { accessToken = '', refreshToken = '' } = sessionValuesFor('role_customer');
    expect(hasValidTokens(createMemoryStorage({ accessToken }), NOW_MS)).toBe(false);
    expect(hasValidTokens(createMemoryStorage({ refreshToken }), NOW_MS)).toBe(false);
    expect(hasValidTokens(createMemoryStorage({}), NOW_MS)).toBe(false);
  });

  it('fails when the refresh token has expired', () => {
    const values = sessionValuesFor('role_customer', { refreshTtl: -1 });
    expect(hasValidTokens(createMemoryStorage(values), NOW_MS)).toBe(false);
  });
});

describe('isAuthenticated checks sessionStorage, then localStorage', () => {
  it('is true with a valid session in sessionStorage', () => {
    expect(isAuthenticated(createFakeEnv(sessionValuesFor('role_customer')))).toBe(true);
  });

  it('is true with a valid session only in localStorage', () => {
    expect(isAuthenticated(createFakeEnv({}, sessionValuesFor('role_transporter')))).toBe(true);
  });

  it('is false when neither storage holds a valid session', () => {
    const expired = sessionValuesFor('role_customer', { refreshTtl: -5 });
    expect(isAuthenticated(createFakeEnv(expired, expired))).toBe(false);
    expect(isAuthenticated(createFakeEnv())).toBe(false);
  });

  it('follows the clock', () => {
    const env = createFakeEnv(sessionValuesFor('role_customer', { refreshTtl: 60 }));
    expect(isAuthenticated(env)).toBe(true);
    env.clock.ms += 60_000;
    expect(isAuthenticated(env)).toBe(false);
  });
});

describe('role from the role_ scope entry', () => {
  it('reads the key that starts with role_', () => {
    expect(roleFromAccessToken(makeJwt({ scope: { read: true, role_fleet_manager: true } }))).toBe(
      'role_fleet_manager',
    );
    expect(roleFromAccessToken(makeJwt({ scope: { read: true } }))).toBeNull();
    expect(roleFromAccessToken(makeJwt({}))).toBeNull();
  });

  it('prefers sessionStorage, then falls back to localStorage', () => {
    const env = createFakeEnv(sessionValuesFor('role_customer'), sessionValuesFor('role_admin'));
    expect(roleFromStorage(env)).toBe('role_customer');
    expect(roleFromStorage(createFakeEnv({}, sessionValuesFor('role_admin')))).toBe('role_admin');
    expect(roleFromStorage(createFakeEnv())).toBeNull();
  });
});

describe('saveSession and clearSession', () => {
  it('stores accessToken, refreshToken, userType and firstName in both storages', () => {
    const env = createFakeEnv();
    const values = sessionValuesFor('role_transporter', { firstName: 'Musa' });
    saveSession(env, {
      accessToken: values.accessToken!,
      refreshToken: values.refreshToken!,
      userType: 'TRANSPORTER',
      firstName: 'Musa',
    });
    for (const storage of [env.sessionStorage, env.localStorage]) {
      expect(storage.snapshot()).toEqual({
        accessToken: values.accessToken,
        refreshToken: values.refreshToken,
        userType: 'TRANSPORTER',
        firstName: 'Musa',
      });
    }
  });

  it('clears the session keys from both storages and keeps the notification token', () => {
    const values = sessionValuesFor('role_customer');
    const env = createFakeEnv(values, { ...values, [NOTIFICATION_TOKEN_KEY]: 'push-123' });
    clearSession(env);
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.localStorage.snapshot()).toEqual({ [NOTIFICATION_TOKEN_KEY]: 'push-123' });
    expect(SESSION_KEYS).toEqual(['accessToken', 'refreshToken', 'userType', 'firstName']);
  });
});

describe('checkSession: the start-up rules', () => {
  it('is authenticated from sessionStorage when its tokens are valid', () => {
    const values = sessionValuesFor('role_customer', { firstName: 'Chioma' });
    const env = createFakeEnv(values, {});
    const check = checkSession(env);
    expect(check).toMatchObject({
      status: 'authenticated',
      restored: false,
      session: { firstName: 'Chioma', userType: 'CUSTOMER', role: 'role_customer' },
    });
    expect(env.localStorage.snapshot()).toEqual({});
  });

  it('clears both storages when a refresh token is in sessionStorage but the check fails', () => {
    const stale = sessionValuesFor('role_customer', { refreshTtl: -1 });
    const live = sessionValuesFor('role_customer', { jti: 'newer' });
    const env = createFakeEnv(stale, { ...live, [NOTIFICATION_TOKEN_KEY]: 'push-1' });
    expect(checkSession(env)).toEqual({ status: 'expired' });
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.localStorage.snapshot()).toEqual({ [NOTIFICATION_TOKEN_KEY]: 'push-1' });
  });

  it('also fails the check when sessionStorage has a refresh token but no access token', () => {
    const { refreshToken } = sessionValuesFor('role_customer');
    const env = createFakeEnv({ refreshToken: refreshToken! }, sessionValuesFor('role_customer'));
    expect(checkSession(env).status).toBe('expired');
    expect(env.localStorage.snapshot()).toEqual({});
  });

  it('restores an empty session from valid tokens and userType in localStorage', () => {
    const values = sessionValuesFor('role_transporter', { firstName: 'Emeka' });
    const env = createFakeEnv({}, values);
    const check = checkSession(env);
    expect(check).toMatchObject({
      status: 'authenticated',
      restored: true,
      session: { firstName: 'Emeka', userType: 'TRANSPORTER', role: 'role_transporter' },
    });
    expect(env.sessionStorage.snapshot()).toEqual(values);
    expect(env.localStorage.snapshot()).toEqual(values);
  });

  it('does not restore from localStorage without a userType', () => {
    const { userType: _userType, ...withoutType } = sessionValuesFor('role_customer');
    const env = createFakeEnv({}, withoutType);
    expect(checkSession(env)).toEqual({ status: 'anonymous' });
    expect(env.sessionStorage.snapshot()).toEqual({});
  });

  it('does not restore expired tokens from localStorage, and removes them', () => {
    const env = createFakeEnv({}, sessionValuesFor('role_customer', { refreshTtl: -10 }));
    expect(checkSession(env)).toEqual({ status: 'anonymous' });
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.localStorage.snapshot()).toEqual({});
  });

  it('is anonymous with empty storages', () => {
    expect(checkSession(createFakeEnv())).toEqual({ status: 'anonymous' });
  });
});

describe('msUntilRefresh', () => {
  it(`is the time until ${REFRESH_LEAD_SECONDS} s before the access token expires`, () => {
    expect(msUntilRefresh(makeJwt({ exp: NOW_S + 900 }), NOW_MS)).toBe(840_000);
    expect(msUntilRefresh(makeJwt({ exp: NOW_S + 90 }), NOW_MS)).toBe(30_000);
  });

  it('refreshes a token with less than a minute left halfway through what remains', () => {
    expect(msUntilRefresh(makeJwt({ exp: NOW_S + 60 }), NOW_MS)).toBe(30_000);
    expect(msUntilRefresh(makeJwt({ exp: NOW_S + 20 }), NOW_MS)).toBe(10_000);
  });

  it('is 0 for an expired token, and null without an expiry', () => {
    expect(msUntilRefresh(makeJwt({ exp: NOW_S }), NOW_MS)).toBe(0);
    expect(msUntilRefresh(makeJwt({ exp: NOW_S - 500 }), NOW_MS)).toBe(0);
    expect(msUntilRefresh(makeJwt({ sub: 'x' }), NOW_MS)).toBeNull();
  });
});

describe('loginHeaders', () => {
  it('sends deviceId from the stored notification token', () => {
    expect(loginHeaders(createMemoryStorage({ [NOTIFICATION_TOKEN_KEY]: 'fcm-abc' }))).toEqual({
      deviceId: 'fcm-abc',
    });
  });

  it('omits the header when there is no notification token', () => {
    expect(loginHeaders(createMemoryStorage())).toEqual({});
  });
});

describe('isSameUser', () => {
  it('compares the JWT subject', () => {
    const a = sessionValuesFor('role_customer', { sub: 'u1' });
    const b = sessionValuesFor('role_customer', { sub: 'u1', jti: 'other' });
    const c = sessionValuesFor('role_customer', { sub: 'u2' });
    const asValues = (v: Record<string, string>) => ({
      accessToken: v.accessToken!,
      refreshToken: v.refreshToken!,
      userType: v.userType!,
      firstName: v.firstName!,
    });
    expect(isSameUser(asValues(a), asValues(b))).toBe(true);
    expect(isSameUser(asValues(a), asValues(c))).toBe(false);
  });
});
