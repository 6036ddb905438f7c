import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TraccarServer, traccarDevice, traccarPosition } from '../../../test/traccar-server';
import { ProviderError } from './provider';
import { TraccarProvider } from './traccar';

describe('the Traccar provider against a Traccar-compatible server', () => {
  const server = new TraccarServer();
  const at = new Date('2026-11-24T09:15:00.000Z');

  beforeAll(() => server.start());
  afterAll(() => server.stop());
  beforeEach(() => {
    server.mode = 'ok';
    server.devices = [
      traccarDevice(7, 'LSR 123 XY', '356307042441013'),
      traccarDevice(8, 'KJA 456 AB', '356307042441021'),
    ];
    server.positions = [
      traccarPosition(7, new Date(at.getTime() - 60_000), 6.4474, 3.3903),
      traccarPosition(7, at, 6.4531, 3.3958, {
        speed: 27,
        course: 310.5,
        address: 'Creek Road, Apapa, Lagos',
      }),
      traccarPosition(8, at, 6.6018, 3.3515, { valid: false }),
    ];
  });

  const withPassword = (password = server.password, timeoutMs?: number) =>
    new TraccarProvider(
      { baseUrl: server.url, auth: { method: 'PASSWORD', email: server.email, password } },
      timeoutMs,
    );

  async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
    const error = await promise.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }

  it('signs in with e-mail and password and lists the devices', async () => {
    const provider = withPassword();
    await provider.check();
    expect(await provider.devices()).toEqual([
      { externalId: '7', name: 'LSR 123 XY', uniqueId: '356307042441013' },
      { externalId: '8', name: 'KJA 456 AB', uniqueId: '356307042441021' },
    ]);
  });

  it('signs in with an access token', async () => {
    const provider = new TraccarProvider({
      baseUrl: server.url,
      auth: { method: 'TOKEN', token: server.token },
    });
    await provider.check();
    expect(server.requests.at(-1)).toBe('GET /api/session');
    expect(await provider.devices()).toHaveLength(2);
  });

  it('reads each device’s latest valid position, speed in km/h', async () => {
    expect(await withPassword().latestPositions()).toEqual([
      {
        externalDeviceId: '7',
        recordedAt: at,
        latitude: 6.4531,
        longitude: 3.3958,
        speedKmh: 50,
        heading: 310.5,
        accuracyM: 0,
        address: 'Creek Road, Apapa, Lagos',
      },
    ]);
  });

  it('says the account was refused for a wrong password or token', async () => {
    expect((await failureOf(withPassword('wrong').check())).message).toBe(
      'The tracking server refused this e-mail and password.',
    );
    const byToken = new TraccarProvider({ baseUrl: server.url, auth: { method: 'TOKEN', token: 'nope' } });
    expect((await failureOf(byToken.check())).failure).toBe('REFUSED');
  });

  it('opens a new session when Traccar forgot the old one', async () => {
    const provider = withPassword();
    await provider.devices();
    server.expireSessions();
    expect(await provider.devices()).toHaveLength(2);
  });

  it('gives up after its timeout when the server does not answer', async () => {
    server.mode = 'hang';
    const error = await failureOf(withPassword(server.password, 300).check());
    expect(error.failure).toBe('TIMEOUT');
    expect(error.message).toBe('The tracking server did not answer within 0.3 seconds.');
  });

  it('refuses an answer that is not JSON, or not Traccar’s shape', async () => {
    const provider = withPassword();
    await provider.check();
    server.mode = 'malformed-json';
    expect((await failureOf(provider.latestPositions())).message).toBe(
      'The tracking server answered something that is not JSON.',
    );
    server.mode = 'wrong-shape';
    expect((await failureOf(provider.devices())).message).toBe(
      "The tracking server's answer to /api/devices is not what Traccar sends.",
    );
  });

  it('says when nothing listens at the address, or the server is down', async () => {
    const nowhere = new TraccarProvider({
      baseUrl: 'http://127.0.0.1:9',
      auth: { method: 'TOKEN', token: server.token },
    });
    const error = await failureOf(nowhere.check());
    expect(error.failure).toBe('UNREACHABLE');
    expect(error.message).toBe('The tracking server at http://127.0.0.1:9 could not be reached.');
    server.mode = 'down';
    expect((await failureOf(withPassword().check())).message).toBe('The tracking server answered 503.');
  });
});
