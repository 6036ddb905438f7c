import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { seedSession } from '../test/render';
import { apiRequest, configureApiAuth } from './api';
import { createBrowserSessionStore } from './browser-session';

afterEach(() => configureApiAuth(null));

describe('the browser session store', () => {
  it('starts from the real storages and lends its token to the API client', async () => {
    const values = seedSession('role_customer');
    const store = createBrowserSessionStore();
    expect(store.start().status).toBe('authenticated');
    const api = mockApi({ 'GET /api/v1/user/me': { body: { status: 'Successful' } } });
    await apiRequest('/api/v1/user/me');
    expect(api.requests[0]?.headers.authorization).toBe(`Bearer ${values.accessToken}`);
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
