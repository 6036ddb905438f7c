import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { sessionValuesFor } from '../test/fakes';
import { seedSession } from '../test/render';
import { createApiClient } from './api';
import { createBrowserSessionStore } from './browser-session';

describe('the browser session store', () => {
  it('starts from the real storages and lends its token to the API client', async () => {
    const values = seedSession('role_customer');
    const store = createBrowserSessionStore();
    expect(store.start().status).toBe('authenticated');
    const api = mockApi({ 'GET /api/v1/user/me': { body: { status: 'Successful' } } });
    await createApiClient(store).get('/api/v1/user/me');
    expect(api.requests[0]?.headers.authorization).toBe(`Bearer ${values.accessToken}`);
    store.dispose();
  });

  it('renews a refused token through the refresh call, keeps the new pair and sends the call again', async () => {
    const values = seedSession('role_transporter');
    const next = sessionValuesFor('role_transporter', {
      nowS: Math.floor(Date.now() / 1000),
      jti: 'rotated',
    });
    const store = createBrowserSessionStore();
    store.start();
    const api = mockApi({
      'GET /api/v1/user/me': (request) =>
        request.headers.authorization === `Bearer ${next.accessToken}`
          ? { body: { status: 'Successful' } }
          : { status: 401, body: { message: 'Token expired' } },
      'POST /api/v1/auth/refresh': { body: next },
    });

    await expect(createApiClient(store).get('/api/v1/user/me')).resolves.toEqual({ status: 'Successful' });

    // The refresh carries the refresh token in its body and no bearer token.
    const refreshes = api.calls('POST /api/v1/auth/refresh');
    expect(refreshes.map((r) => [r.body, r.headers.authorization])).toEqual([
      [{ refreshToken: values.refreshToken }, undefined],
    ]);
    expect(store.getAccessToken()).toBe(next.accessToken);
    expect(window.sessionStorage.getItem('refreshToken')).toBe(next.refreshToken);
    expect(window.localStorage.getItem('refreshToken')).toBe(next.refreshToken);
    store.dispose();
  });

  it('signs out when the refresh is refused, without sending the call again', async () => {
    seedSession('role_customer');
    const store = createBrowserSessionStore();
    store.start();
    const api = mockApi({
      'GET /api/v1/user/me': { status: 401, body: { message: 'Token expired' } },
      'POST /api/v1/auth/refresh': { status: 401, body: { message: 'Refresh token revoked' } },
    });

    await expect(createApiClient(store).get('/api/v1/user/me')).rejects.toMatchObject({ status: 401 });

    expect(api.calls('GET /api/v1/user/me')).toHaveLength(1);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
    expect(window.sessionStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    store.dispose();
  });

  it('signs this tab out when another tab signs out', () => {
    const values = seedSession('role_transporter');
    const store = createBrowserSessionStore();
    store.start();
    window.localStorage.removeItem('refreshToken');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'refreshToken',
        oldValue: values.refreshToken,
        newValue: null,
        storageArea: window.localStorage,
      }),
    );
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'signed-out' });
    expect(window.sessionStorage.getItem('accessToken')).toBeNull();
    store.dispose();
  });
});
