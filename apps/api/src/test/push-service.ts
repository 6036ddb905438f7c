import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on loopback that speaks RFC 8030 as browsers' push services do: it takes a POST per
 * message, checks the VAPID authorization (RFC 8292: a JWT signed by the key named in `k`, for this
 * origin, not expired), the TTL and the aes128gcm content encoding, and decrypts the payload (RFC 8291)
 * with the keys of the browser it made, so a test reads exactly what the browser would show.
 */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted message. */
  payload: unknown;
  vapid: { subject: string; audience: string; expiresInSeconds: number; publicKey: string };
}

export interface FakeBrowser {
  /** What PushSubscription.toJSON() gives for this browser. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused because a header or the encryption was wrong, with why. */
  refused: string[];
  /** A new browser subscribed at this service. */
  browser(): FakeBrowser;
  /** What the service answers for one browser's endpoint from now on (201 unless set). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

function decrypt(body: Buffer, keys: BrowserKeys): unknown {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  if (cipher.length > recordSize) throw new Error('more than one record');
  const browserPublic = keys.ecdh.getPublicKey();
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browserPublic,
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(keys.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding of zeros (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

async function checkVapid(authorization: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`authorization is not "vapid t=…, k=…": ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload, protectedHeader } = await jwtVerify(token, key, { audience: origin });
  if (protectedHeader.alg !== 'ES256') throw new Error('the JWT is not ES256');
  const expiresInSeconds = (payload.exp ?? 0) - Math.floor(Date.now() / 1000);
  if (expiresInSeconds > 24 * 60 * 60) throw new Error('the JWT lives longer than 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Error('the JWT has no mailto: or https: subject');
  }
  return { subject: payload.sub, audience: origin, expiresInSeconds, publicKey };
}

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, BrowserKeys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const keys = browsers.get(req.url ?? '');
        const status = answers.get(req.url ?? '') ?? 201;
        try {
          if (req.method !== 'POST') throw new Error(`method ${req.method}`);
          if (!keys) throw new Error(`unknown endpoint ${req.url}`);
          if (req.headers['content-encoding'] !== 'aes128gcm')
            throw new Error('content-encoding is not aes128gcm');
          if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('no TTL header');
          const vapid = await checkVapid(req.headers.authorization, origin);
          const payload = decrypt(Buffer.concat(chunks), keys);
          if (status >= 200 && status < 300) {
            received.push({ path: req.url!, headers: req.headers, payload, vapid });
          }
          res.writeHead(status).end();
        } catch (error) {
          refused.push(error instanceof Error ? error.message : String(error));
          res.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    browser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(path, { ecdh, auth });
      return {
        subscription: {
          endpoint: `${origin}${path}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(endpoint, status) {
      answers.set(new URL(endpoint).pathname, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
