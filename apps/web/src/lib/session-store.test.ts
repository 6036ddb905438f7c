import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { ApiError, createApiClient } from './api';
import { NOTIFICATION_TOKEN_KEY } from './session';
import { createSessionStore, REFRESH_RETRY_MS, type TokenPair, type Timers } from './session-store';
import { createFakeEnv, NOW_S, sessionValuesFor, type FakeEnv } from '../test/fakes';

interface Scheduled {
  callback: () => void;
  ms: number;
  cancelled: boolean;
}

function createFakeTimers() {
  const scheduled: Scheduled[] = [];
  const timers: Timers = {
    setTimeout(callback, ms) {
      const entry = { callback, ms, cancelled: false };
      scheduled.push(entry);
      return entry;
    },
    clearTimeout(handle) {
      (handle as Scheduled).cancelled = true;
    },
  };
  const pending = () => scheduled.filter((s) => !s.cancelled);
  /** Runs a timer the way the browser would: once. */
  const fire = (entry: Scheduled) => {
    entry.cancelled = true;
    entry.callback();
  };
  return { timers, scheduled, pending, fire };
}

function pairFrom(values: Record<string, string>): TokenPair {
  return {
    accessToken: values.accessToken!,
    refreshToken: values.refreshToken!,
    userType: values.userType!,
    firstName: values.firstName!,
  };
}

function setup(env: FakeEnv, refreshTokens = vi.fn<(token: string) => Promise<TokenPair>>()) {
  const fake = createFakeTimers();
  const revokeTokens = vi.fn<(token: string) => Promise<unknown>>().mockResolvedValue({ message: 'ok' });
  const store = createSessionStore({ env, refreshTokens, revokeTokens, timers: fake.timers });
  return { store, refreshTokens, revokeTokens, ...fake };
}

describe('session store', () => {
  it('starts signed in from a valid session and schedules the refresh 60 s before expiry', () => {
    const { store, pending } = setup(createFakeEnv(sessionValuesFor('role_customer', { accessTtl: 600 })));
    const check = store.start();
    expect(check.status).toBe('authenticated');
    expect(store.getState()).toMatchObject({ status: 'signed-in', session: { role: 'role_customer' } });
    expect(pending()).toHaveLength(1);
    expect(pending()[0]!.ms).toBe(540_000);
  });

  it('starts signed out with reason expired when the session check fails', () => {
    const { store, pending } = setup(createFakeEnv(sessionValuesFor('role_customer', { refreshTtl: -1 })));
    expect(store.start()).toEqual({ status: 'expired' });
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
    expect(pending()).toHaveLength(0);
  });

  it('refreshes silently when the timer fires and rotates the stored tokens in both storages', async () => {
    const env = createFakeEnv(sessionValuesFor('role_customer', { accessTtl: 120 }));
    const next = sessionValuesFor('role_customer', { accessTtl: 900, jti: 'rotated', nowS: NOW_S + 60 });
    const { store, refreshTokens, pending, fire } = setup(env);
    refreshTokens.mockResolvedValue(pairFrom(next));
    const oldRefresh = env.sessionStorage.getItem('refreshToken');
    store.start();
    expect(pending()[0]!.ms).toBe(60_000);

    env.clock.ms += 60_000;
    fire(pending()[0]!);
    await vi.waitFor(() => expect(env.sessionStorage.getItem('refreshToken')).toBe(next.refreshToken));

    expect(refreshTokens).toHaveBeenCalledWith(oldRefresh);
    expect(env.localStorage.getItem('refreshToken')).toBe(next.refreshToken);
    expect(env.localStorage.getItem('accessToken')).toBe(next.accessToken);
    expect(store.getAccessToken()).toBe(next.accessToken);
    // The next refresh is planned from the new token: 900 - 60 s.
    expect(pending()).toHaveLength(1);
    expect(pending()[0]!.ms).toBe(840_000);
  });

  it('makes one refresh call when several callers ask at once', async () => {
    const env = createFakeEnv(sessionValuesFor('role_transporter'));
    const { store, refreshTokens } = setup(env);
    let resolve: (pair: TokenPair) => void = () => {};
    refreshTokens.mockReturnValue(new Promise((r) => (resolve = r)));
    store.start();
    const first = store.refresh();
    const second = store.refresh();
    resolve(pairFrom(sessionValuesFor('role_transporter', { jti: 'next' })));
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('signs out (expired) and clears both storages when the refresh is refused', async () => {
    const env = createFakeEnv(sessionValuesFor('role_customer'), {
      ...sessionValuesFor('role_customer'),
      [NOTIFICATION_TOKEN_KEY]: 'push',
    });
    const { store, refreshTokens, pending } = setup(env);
    refreshTokens.mockRejectedValue(new ApiError(401, 'Refresh token revoked'));
    store.start();
    await expect(store.refresh()).resolves.toBe(false);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.localStorage.snapshot()).toEqual({ [NOTIFICATION_TOKEN_KEY]: 'push' });
    expect(pending()).toHaveLength(0);
  });

  it('keeps the session and tries again later when the network fails', async () => {
    const values = sessionValuesFor('role_customer');
    const env = createFakeEnv(values);
    const { store, refreshTokens, pending } = setup(env);
    refreshTokens.mockRejectedValue(new ApiError(0, 'offline', 'NETWORK_ERROR'));
    store.start();
    await expect(store.refresh()).resolves.toBe(false);
    expect(store.getState().status).toBe('signed-in');
    expect(env.sessionStorage.getItem('refreshToken')).toBe(values.refreshToken);
    expect(pending().map((p) => p.ms)).toEqual([REFRESH_RETRY_MS]);
  });

  it('adopts tokens another tab of the same user already rotated instead of spending its own', async () => {
    const mine = sessionValuesFor('role_customer', { accessTtl: 100, jti: 'old' });
    const newer = sessionValuesFor('role_customer', { accessTtl: 900, jti: 'new' });
    const env = createFakeEnv(mine, newer);
    const { store, refreshTokens } = setup(env);
    store.start();
    await expect(store.refresh()).resolves.toBe(true);
    expect(refreshTokens).not.toHaveBeenCalled();
    expect(env.sessionStorage.getItem('refreshToken')).toBe(newer.refreshToken);
  });

  it('does not adopt another person’s tokens from localStorage', async () => {
    const mine = sessionValuesFor('role_customer', { sub: 'ada', accessTtl: 100 });
    const theirs = sessionValuesFor('role_customer', { sub: 'bola', accessTtl: 900 });
    const env = createFakeEnv(mine, theirs);
    const { store, refreshTokens } = setup(env);
    refreshTokens.mockResolvedValue(pairFrom(sessionValuesFor('role_customer', { sub: 'ada', jti: 'n' })));
    store.start();
    await store.refresh();
    expect(refreshTokens).toHaveBeenCalledWith(mine.refreshToken);
  });

  it('signs in: stores the four values in both storages and reads the role from the token', () => {
    const env = createFakeEnv();
    const { store, pending } = setup(env);
    const values = sessionValuesFor('role_admin', { firstName: 'Ngozi' });
    const session = store.signIn(pairFrom(values));
    expect(session.role).toBe('role_admin');
    expect(env.sessionStorage.snapshot()).toEqual(values);
    expect(env.localStorage.snapshot()).toEqual(values);
    expect(pending()).toHaveLength(1);
  });

  it('signs out: calls logout with the refresh token and clears both storages', async () => {
    const values = sessionValuesFor('role_customer');
    const env = createFakeEnv(values, values);
    const { store, revokeTokens, pending } = setup(env);
    store.start();
    await store.signOut();
    expect(revokeTokens).toHaveBeenCalledWith(values.refreshToken);
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.localStorage.snapshot()).toEqual({});
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'signed-out' });
    expect(pending()).toHaveLength(0);
  });

  it('still signs out locally when the logout call fails', async () => {
    const env = createFakeEnv(sessionValuesFor('role_customer'));
    const { store, revokeTokens } = setup(env);
    revokeTokens.mockRejectedValue(new ApiError(0, 'offline'));
    store.start();
    await expect(store.signOut()).resolves.toBeUndefined();
    expect(env.sessionStorage.snapshot()).toEqual({});
  });

  it('follows a sign-out made in another tab', () => {
    const values = sessionValuesFor('role_customer');
    const env = createFakeEnv(values, {});
    const { store } = setup(env);
    store.start();
    store.handleStorageChange('refreshToken', values.refreshToken!, null);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'signed-out' });
    expect(env.sessionStorage.snapshot()).toEqual({});
  });

  it('ignores unrelated storage changes from other tabs', () => {
    const values = sessionValuesFor('role_customer');
    const env = createFakeEnv(values, values);
    const { store } = setup(env);
    store.start();
    store.handleStorageChange(NOTIFICATION_TOKEN_KEY, null, 'push');
    store.handleStorageChange('refreshToken', 'someone-else', null);
    expect(store.getState().status).toBe('signed-in');
  });

  it('updates the stored first name', () => {
    const env = createFakeEnv(sessionValuesFor('role_customer', { firstName: 'Ada' }));
    const { store } = setup(env);
    store.start();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setFirstName('Adaeze');
    expect(listener).toHaveBeenCalled();
    expect(env.sessionStorage.getItem('firstName')).toBe('Adaeze');
    expect(env.localStorage.getItem('firstName')).toBe('Adaeze');
    expect(store.getState()).toMatchObject({ session: { firstName: 'Adaeze' } });
  });
});

describe("the session store as the API client's session", () => {
  it('lends the signed-in token, renews it in the store on a 401 and sends the call again', async () => {
    const values = sessionValuesFor('role_customer');
    const env = createFakeEnv(values);
    const next = sessionValuesFor('role_customer', { jti: 'rotated', nowS: NOW_S + 60 });
    const { store, refreshTokens } = setup(env);
    refreshTokens.mockResolvedValue(pairFrom(next));
    store.start();
    const api = mockApi({
      'GET /api/v1/user/me': (request) =>
        request.headers.authorization === `Bearer ${next.accessToken}`
          ? { body: { status: 'Successful' } }
          : { status: 401, body: { message: 'Token expired' } },
    });

    await expect(createApiClient(store).get('/api/v1/user/me')).resolves.toEqual({ status: 'Successful' });

    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${values.accessToken}`,
      `Bearer ${next.accessToken}`,
    ]);
    expect(store.getAccessToken()).toBe(next.accessToken);
  });

  it('sends nothing with a token once the store is signed out', async () => {
    const { store } = setup(createFakeEnv(sessionValuesFor('role_customer')));
    store.start();
    store.clear();
    const api = mockApi({ 'GET /api/v1/user/me': { status: 401, body: { message: 'Sign in' } } });
    await expect(createApiClient(store).get('/api/v1/user/me')).rejects.toMatchObject({ status: 401 });
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([undefined]);
  });

  it('signs the store out when the renewed token is refused too', async () => {
    const env = createFakeEnv(sessionValuesFor('role_customer'));
    const { store, refreshTokens } = setup(env);
    refreshTokens.mockResolvedValue(pairFrom(sessionValuesFor('role_customer', { jti: 'rotated' })));
    store.start();
    mockApi({ 'GET /api/v1/user/me': { status: 401, body: { message: 'Token revoked' } } });

    await expect(createApiClient(store).get('/api/v1/user/me')).rejects.toMatchObject({
      message: 'Token revoked',
    });

    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
    expect(env.sessionStorage.snapshot()).toEqual({});
  });
});
