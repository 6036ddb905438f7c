import { knotsToKmh } from '@freightlane/domain';
import { z } from 'zod';
import { ProviderError, type ProviderDevice, type ProviderPosition, type TrackingProvider } from './provider';

export interface TraccarAccount {
  baseUrl: string;
  auth: { method: 'PASSWORD'; email: string; password: string } | { method: 'TOKEN'; token: string };
}

export const TRACCAR_TIMEOUT_MS = 10_000;

// Traccar's documented objects, read leniently: only the fields the platform uses are checked.
const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uniqueId: z.string(),
});
const positionSchema = z.object({
  deviceId: z.number().int(),
  fixTime: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  speed: z.number().nullish(),
  course: z.number().nullish(),
  accuracy: z.number().nullish(),
  address: z.string().nullish(),
  valid: z.boolean().nullish(),
});

/**
 * A Traccar server (self-hosted or hosted) through its REST API: a session is opened with
 * `POST /api/session` (e-mail and password) or `GET /api/session?token=` (an access token), then
 * `GET /api/devices` and `GET /api/positions` are read with the session cookie. A session that has
 * expired is opened again once.
 */
export class TraccarProvider implements TrackingProvider {
  private cookie: string | null = null;

  constructor(
    private readonly account: TraccarAccount,
    private readonly timeoutMs = TRACCAR_TIMEOUT_MS,
  ) {}

  async check(): Promise<void> {
    await this.signIn();
  }

  async devices(): Promise<ProviderDevice[]> {
    const rows = await this.read('/api/devices', z.array(deviceSchema));
    return rows.map((d) => ({ externalId: String(d.id), name: d.name, uniqueId: d.uniqueId }));
  }

  async latestPositions(): Promise<ProviderPosition[]> {
    const rows = await this.read('/api/positions', z.array(positionSchema));
    return rows
      .filter((p) => p.valid !== false)
      .map((p) => ({
        externalDeviceId: String(p.deviceId),
        recordedAt: new Date(p.fixTime),
        latitude: p.latitude,
        longitude: p.longitude,
        speedKmh: p.speed == null ? null : knotsToKmh(p.speed),
        heading: p.course ?? null,
        accuracyM: p.accuracy ?? null,
        address: p.address ?? null,
      }));
  }

  private async signIn(): Promise<void> {
    const { auth } = this.account;
    const response =
      auth.method === 'PASSWORD'
        ? await this.send('/api/session', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email: auth.email, password: auth.password }).toString(),
          })
        : await this.send(`/api/session?${new URLSearchParams({ token: auth.token })}`, { method: 'GET' });
    if (response.status === 401 || response.status === 403 || response.status === 400) {
      await response.body?.cancel();
      throw new ProviderError(
        'REFUSED',
        auth.method === 'PASSWORD'
          ? 'The tracking server refused this e-mail and password.'
          : 'The tracking server refused this access token.',
      );
    }
    await this.body(response);
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) {
      throw new ProviderError(
        'MALFORMED',
        'The tracking server did not open a session: is this a Traccar server?',
      );
    }
    this.cookie = cookie;
  }

  private async read<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    if (!this.cookie) await this.signIn();
    let response = await this.send(path, { method: 'GET', headers: { cookie: this.cookie ?? '' } });
    if (response.status === 401) {
      await response.body?.cancel();
      await this.signIn();
      response = await this.send(path, { method: 'GET', headers: { cookie: this.cookie ?? '' } });
      if (response.status === 401) {
        await response.body?.cancel();
        throw new ProviderError('REFUSED', 'The tracking server refused this account.');
      }
    }
    const parsed = schema.safeParse(await this.body(response));
    if (!parsed.success) {
      throw new ProviderError(
        'MALFORMED',
        `The tracking server's answer to ${path} is not what Traccar sends.`,
      );
    }
    return parsed.data;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.account.baseUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new ProviderError(
          'TIMEOUT',
          `The tracking server did not answer within ${Number((this.timeoutMs / 1000).toFixed(1))} seconds.`,
        );
      }
      throw new ProviderError(
        'UNREACHABLE',
        `The tracking server at ${this.account.baseUrl} could not be reached.`,
      );
    }
  }

  /** The JSON of a successful answer; any other status or a body that is not JSON is a ProviderError. */
  private async body(response: Response): Promise<unknown> {
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError('UNREACHABLE', `The tracking server answered ${response.status}.`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ProviderError('TIMEOUT', 'The tracking server stopped answering part way.');
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError('MALFORMED', 'The tracking server answered something that is not JSON.');
    }
  }
}
