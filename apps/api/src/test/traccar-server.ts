import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A device as Traccar's `GET /api/devices` returns it (the fields of Traccar 5.x, recorded style). */
export interface TraccarDevice {
  id: number;
  name: string;
  uniqueId: string;
  status: 'online' | 'offline' | 'unknown';
  lastUpdate: string | null;
  positionId: number;
  groupId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: boolean;
  attributes: Record<string, unknown>;
}

/** A position as Traccar's `GET /api/positions` returns it; speed in knots, course in degrees. */
export interface TraccarPosition {
  id: number;
  deviceId: number;
  protocol: string;
  serverTime: string;
  deviceTime: string;
  fixTime: string;
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: null;
  attributes: Record<string, unknown>;
}

export function traccarDevice(id: number, name: string, uniqueId: string): TraccarDevice {
  return {
    id,
    name,
    uniqueId,
    status: 'online',
    lastUpdate: new Date().toISOString(),
    positionId: id * 1000,
    groupId: 0,
    phone: null,
    model: 'FMB920',
    contact: null,
    category: 'truck',
    disabled: false,
    attributes: {},
  };
}

export function traccarPosition(
  deviceId: number,
  at: Date,
  latitude: number,
  longitude: number,
  more: Partial<TraccarPosition> = {},
): TraccarPosition {
  return {
    id: deviceId * 1000 + (at.getTime() % 1000),
    deviceId,
    protocol: 'teltonika',
    serverTime: at.toISOString(),
    deviceTime: at.toISOString(),
    fixTime: at.toISOString(),
    outdated: false,
    valid: true,
    latitude,
    longitude,
    altitude: 12,
    speed: 21.6,
    course: 45,
    address: null,
    accuracy: 0,
    network: null,
    attributes: { sat: 11, ignition: true, motion: true, batteryLevel: 96 },
    ...more,
  };
}

export type TraccarMode = 'ok' | 'malformed-json' | 'wrong-shape' | 'hang' | 'down';

/**
 * A local HTTP server that answers Traccar's documented REST API (`/api/session`, `/api/devices`,
 * `/api/positions`) for one user, with the session cookie as Traccar sets it. Tests switch its mode
 * to make it refuse, hang, or answer something that is not Traccar's JSON.
 */
export class TraccarServer {
  readonly email = 'ops@eko-haulage.ng';
  readonly password = 'traccar-secret-1';
  readonly token = 'RjBGMEYwRjBGMEYwRjBGMA';
  devices: TraccarDevice[] = [];
  positions: TraccarPosition[] = [];
  mode: TraccarMode = 'ok';
  /** Every request seen, as `METHOD path`, so tests can tell what was asked. */
  readonly requests: string[] = [];
  private sessions = new Set<string>();
  private server: http.Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Ends every open session, as a Traccar restart does. */
  expireSessions(): void {
    this.sessions.clear();
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://traccar');
    this.requests.push(`${req.method} ${url.pathname}`);
    if (this.mode === 'hang') return; // never answers; the client's timeout must end the wait
    if (this.mode === 'down') return void res.writeHead(503).end('Service Unavailable');
    const body = await readBody(req);

    if (url.pathname === '/api/session') {
      const form = new URLSearchParams(body);
      const ok =
        (req.method === 'POST' &&
          form.get('email') === this.email &&
          form.get('password') === this.password) ||
        (req.method === 'GET' && url.searchParams.get('token') === this.token);
      if (!ok) return void res.writeHead(401, { 'content-type': 'text/plain' }).end('HTTP 401 Unauthorized');
      const session = randomBytes(12).toString('hex');
      this.sessions.add(session);
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': `JSESSIONID=${session}; Path=/; HttpOnly`,
      });
      return void res.end(JSON.stringify({ id: 1, name: 'Eko Haulage', email: this.email, readonly: false }));
    }

    const session = /JSESSIONID=([0-9a-f]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (!session || !this.sessions.has(session)) {
      return void res.writeHead(401, { 'content-type': 'text/plain' }).end('HTTP 401 Unauthorized');
    }
    if (this.mode === 'malformed-json') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id": 1, "name": ');
    }
    if (this.mode === 'wrong-shape') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"maintenance"}');
    }
    if (req.method === 'GET' && url.pathname === '/api/devices') return json(res, this.devices);
    if (req.method === 'GET' && url.pathname === '/api/positions') {
      // Without from/to Traccar answers each device's latest position.
      const latest = new Map<number, TraccarPosition>();
      for (const p of this.positions) {
        const known = latest.get(p.deviceId);
        if (!known || known.fixTime < p.fixTime) latest.set(p.deviceId, p);
      }
      return json(res, [...latest.values()]);
    }
    res.writeHead(404).end();
  }
}

function json(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
