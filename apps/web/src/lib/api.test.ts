import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, toApiError, type ApiSession } from './api';

/** A session that lends `token` and does nothing else unless told. */
function sessionOf(token: string, overrides: Partial<ApiSession> = {}): ApiSession {
  return { getAccessToken: () => token, refresh: vi.fn(), expire: vi.fn(), ...overrides };
}

const anonymous = createApiClient(null);

describe('toApiError', () => {
  it('reads message, code and field errors from the body', () => {
    const error = toApiError(400, {
      message: 'This link has expired',
      code: 'TOKEN_EXPIRED',
      errors: [{ field: 'token', message: 'Expired' }, { nonsense: true }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'This link has expired', code: 'TOKEN_EXPIRED' });
    expect(error.errors).toEqual([{ field: 'token', message: 'Expired' }]);
  });

  it("keeps the contract's details of a refusal and drops malformed or unknown ones", () => {
    const refused = toApiError(409, {
      message: 'The trip has moved on',
      code: 'CONFLICT',
      allowedNextStatuses: ['LOADED'],
      lockedUntil: 42,
      internal: 'not for the screen',
    });
    expect(refused.details).toEqual({ allowedNextStatuses: ['LOADED'] });
    expect(toApiError(422, { message: 'Locked', lockedUntil: '2026-11-25T14:35:00.000Z' }).details).toEqual({
      lockedUntil: '2026-11-25T14:35:00.000Z',
    });
    expect(toApiError(500, 'Bad gateway').details).toEqual({});
  });

  it('falls back to a plain message for bodies without one', () => {
    expect(toApiError(502, '<html>Bad gateway</html>').message).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(toApiError(429, null).message).toBe('Too many attempts. Please wait a moment and try again.');
  });
});

describe('the API client', () => {
  it('sends JSON and returns the parsed body', async () => {
    const api = mockApi({ 'POST /api/v1/things': { status: 201, body: { id: 't1' } } });
    await expect(
      anonymous.request('/api/v1/things', { method: 'POST', body: { name: 'x' } }),
    ).resolves.toEqual({
      id: 't1',
    });
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      body: { name: 'x' },
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
  });

  it('throws an ApiError with the server message', async () => {
    mockApi({ 'POST /api/v1/auth/login': { status: 401, body: { message: 'Wrong e-mail or password' } } });
    const error = await anonymous.post('/api/v1/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Wrong e-mail or password' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await anonymous.get('/api/v1/user/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR' });
  });

  it("attaches the session's bearer token, read at each call", async () => {
    const api = mockApi({ 'GET /api/v1/user/me': { body: { status: 'Successful' } } });
    let token = 'access-1';
    const client = createApiClient(sessionOf('', { getAccessToken: () => token }));
    await client.get('/api/v1/user/me');
    token = 'access-2';
    await client.get('/api/v1/user/me');
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('sends no token without a session, or for calls made without auth', async () => {
    const api = mockApi({ 'POST /api/v1/auth/refresh': { body: {} } });
    await anonymous.post('/api/v1/auth/refresh', {});
    await createApiClient(sessionOf('access-1')).post('/api/v1/auth/refresh', {}, { auth: false });
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
  });

  it('on a 401 refreshes once and retries once with the new token', async () => {
    let token = 'old';
    const api = mockApi({
      'GET /api/v1/user/me': (request) =>
        request.headers.authorization === 'Bearer new'
          ? { body: { status: 'Successful' } }
          : { status: 401, body: { message: 'Token expired' } },
    });
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const expire = vi.fn();
    const client = createApiClient({ getAccessToken: () => token, refresh, expire });
    await expect(client.get('/api/v1/user/me')).resolves.toEqual({ status: 'Successful' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(expire).not.toHaveBeenCalled();
  });

  it('gives up when the refresh fails, without retrying', async () => {
    const api = mockApi({ 'GET /api/v1/user/me': { status: 401, body: { message: 'Token expired' } } });
    const refresh = vi.fn(async () => false);
    const client = createApiClient(sessionOf('old', { refresh }));
    await expect(client.get('/api/v1/user/me')).rejects.toMatchObject({ status: 401 });
    expect(api.requests).toHaveLength(1);
  });

  it('ends the session when the retried call is refused again', async () => {
    mockApi({ 'GET /api/v1/user/me': { status: 401, body: { message: 'Token revoked' } } });
    const expire = vi.fn();
    const client = createApiClient(sessionOf('token', { refresh: async () => true, expire }));
    await expect(client.get('/api/v1/user/me')).rejects.toMatchObject({ message: 'Token revoked' });
    expect(expire).toHaveBeenCalledTimes(1);
  });
});

describe('fetchFile', () => {
  it('renews the session once like any call and answers the file', async () => {
    let token = 'old';
    const api = mockApi({
      'GET /api/v1/fleet/drivers/d1/photo': (request) =>
        request.headers.authorization === 'Bearer new'
          ? { body: { pretend: 'image' } }
          : { status: 401, body: { message: 'Token expired' } },
    });
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const client = createApiClient({ getAccessToken: () => token, refresh, expire: vi.fn() });
    const file = await client.fetchFile('/api/v1/fleet/drivers/d1/photo');
    expect(await file.text()).toBe('{"pretend":"image"}');
    expect(api.requests.map((r) => [r.headers.authorization, r.headers.accept])).toEqual([
      ['Bearer old', '*/*'],
      ['Bearer new', '*/*'],
    ]);
  });

  it('throws the ApiError of a refusal', async () => {
    mockApi({ 'GET /api/v1/fleet/drivers/d1/photo': { status: 404, body: { message: 'Driver not found' } } });
    await expect(
      createApiClient(sessionOf('token')).fetchFile('/api/v1/fleet/drivers/d1/photo'),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Driver not found',
    });
  });
});
