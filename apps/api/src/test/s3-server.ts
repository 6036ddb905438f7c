import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { S3Settings } from '../env';
import {
  canonicalRequest,
  s3UriEncode,
  sha256Hex,
  signature,
  SIGV4_ALGORITHM,
  SIGV4_SERVICE,
} from '../plugins/s3-storage-signature';

/**
 * `ok`: answers as S3 does; `down`: every request gets 503 ServiceUnavailable; `hang`: requests are
 * taken and never answered; `stall-body`: a GetObject sends its headers and half its bytes, then nothing.
 */
export type S3ServerMode = 'ok' | 'down' | 'hang' | 'stall-body';

/** S3 refuses a request whose x-amz-date is further than this from its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const CHUNK = 64 * 1024;

/**
 * A local S3-compatible server speaking the REST protocol for one bucket, path style
 * (`/bucket/key`): PutObject, GetObject and DeleteObject, each authenticated with Signature Version 4 in
 * the Authorization header exactly as S3 checks it: the access key, the credential scope, the clock
 * skew, that every x-amz- header is signed, the signature (recomputed with the secret from the request
 * as it arrived on the wire) and the payload hash. A refusal is S3's XML error with S3's code.
 */
export class S3Server {
  readonly region = 'af-south-1';
  readonly bucket = 'freightlane-uploads';
  readonly accessKeyId = 'AKIAFREIGHTLANETEST1';
  /** Base64, so it holds the `/` and `+` real secrets do. */
  readonly secretAccessKey = randomBytes(30).toString('base64');
  readonly objects = new Map<string, Buffer>();
  mode: S3ServerMode = 'ok';
  /** The next this-many requests are answered 503 SlowDown, as S3 does under load. */
  slowDowns = 0;
  /** Every request, as `METHOD /path STATUS`. */
  readonly requests: string[] = [];
  /** Downloads whose reader went away before the last byte. */
  downloadsCutOff = 0;
  private server: http.Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** The store as the API's configuration names it. */
  settings(overrides: Partial<S3Settings> = {}): S3Settings {
    return {
      endpoint: this.url,
      region: this.region,
      bucket: this.bucket,
      accessKeyId: this.accessKeyId,
      secretAccessKey: this.secretAccessKey,
      forcePathStyle: true,
      ...overrides,
    };
  }

  /** The environment of an API instance that keeps its uploads here. */
  env(): Record<string, string> {
    return {
      S3_ENDPOINT: this.url,
      S3_REGION: this.region,
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: this.accessKeyId,
      S3_SECRET_ACCESS_KEY: this.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.answer(req, res).catch((error: unknown) => {
        if (!res.headersSent) refuse(res, 500, 'InternalError', String(error), req.url ?? '/');
        else res.destroy();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
    res.on('finish', () => this.requests.push(`${req.method} ${rawPath} ${res.statusCode}`));
    if (this.mode === 'hang') return;
    const body = await readBody(req);
    if (this.mode === 'down') {
      return refuse(res, 503, 'ServiceUnavailable', 'Service is unable to handle request.', rawPath);
    }
    if (this.slowDowns > 0) {
      this.slowDowns -= 1;
      return refuse(res, 503, 'SlowDown', 'Please reduce your request rate.', rawPath);
    }
    const refusal = this.authenticate(req, rawPath, rawQuery, body);
    if (refusal) return refuse(res, refusal.status, refusal.code, refusal.message, rawPath);

    const [, bucket, ...keyParts] = rawPath.split('/').map(decodeURIComponent);
    const key = keyParts.join('/');
    if (bucket !== this.bucket) {
      return refuse(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', rawPath);
    }
    if (!key) return refuse(res, 405, 'MethodNotAllowed', 'Only object requests are served', rawPath);
    if (req.method === 'PUT') {
      this.objects.set(key, body);
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      return void res.writeHead(200, { etag, 'content-length': '0' }).end();
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return void res.writeHead(204).end();
    }
    if (req.method === 'GET') {
      const object = this.objects.get(key);
      if (!object) return refuse(res, 404, 'NoSuchKey', 'The specified key does not exist.', rawPath);
      return this.sendObject(res, object);
    }
    refuse(
      res,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
      rawPath,
    );
  }

  /** The object in 64 KB writes, each waiting for the reader as a real server's socket does. */
  private async sendObject(res: http.ServerResponse, object: Buffer): Promise<void> {
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(object.length),
      etag: `"${createHash('md5').update(object).digest('hex')}"`,
    });
    const stopAt = this.mode === 'stall-body' ? Math.floor(object.length / 2) : object.length;
    for (let at = 0; at < stopAt; at += CHUNK) {
      if (!res.write(object.subarray(at, Math.min(at + CHUNK, stopAt)))) {
        await drainedOrClosed(res);
      }
      if (res.destroyed) {
        this.downloadsCutOff += 1;
        return;
      }
    }
    if (stopAt === object.length) res.end();
    else res.once('close', () => (this.downloadsCutOff += 1));
  }

  /** Why S3 would refuse this request's authentication, or null when it passes. */
  private authenticate(
    req: http.IncomingMessage,
    rawPath: string,
    rawQuery: string,
    body: Buffer,
  ): { status: number; code: string; message: string } | null {
    const auth = new RegExp(
      `^${SIGV4_ALGORITHM} Credential=([^/,\\s]+)/(\\d{8})/([^/,\\s]+)/([^/,\\s]+)/aws4_request,\\s*` +
        'SignedHeaders=([a-z0-9;-]+),\\s*Signature=([0-9a-f]{64})$',
    ).exec(req.headers.authorization ?? '');
    if (!req.headers.authorization) {
      return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
    }
    if (!auth) {
      return {
        status: 400,
        code: 'AuthorizationHeaderMalformed',
        message: 'The authorization header is malformed.',
      };
    }
    const [, accessKeyId, day, region, service, signedList, given] = auth as unknown as string[];
    if (accessKeyId !== this.accessKeyId) {
      return {
        status: 403,
        code: 'InvalidAccessKeyId',
        message: 'The AWS Access Key Id you provided does not exist in our records.',
      };
    }
    if (region !== this.region || service !== SIGV4_SERVICE) {
      return {
        status: 400,
        code: 'AuthorizationHeaderMalformed',
        message: `The authorization header is malformed; the region '${region}' is wrong; expecting '${this.region}'`,
      };
    }
    const date = req.headers['x-amz-date'];
    const at =
      typeof date === 'string'
        ? Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
        : NaN;
    if (typeof date !== 'string' || Number.isNaN(at) || date.slice(0, 8) !== day) {
      return {
        status: 403,
        code: 'AccessDenied',
        message: 'AWS authentication requires a valid Date or x-amz-date header',
      };
    }
    if (Math.abs(Date.now() - at) > MAX_SKEW_MS) {
      return {
        status: 403,
        code: 'RequestTimeTooSkewed',
        message: 'The difference between the request time and the current time is too large.',
      };
    }
    const signed = signedList!.split(';');
    const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signed.includes(h));
    if (!signed.includes('host') || unsigned.length > 0) {
      return {
        status: 403,
        code: 'AccessDenied',
        message: 'There were headers present in the request which were not signed',
      };
    }
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string') {
      return {
        status: 400,
        code: 'InvalidRequest',
        message: 'Missing required header for this request: x-amz-content-sha256',
      };
    }
    const headers = Object.fromEntries(signed.map((name) => [name, headerText(req.headers[name])]));
    const { text } = canonicalRequest({
      method: req.method ?? 'GET',
      // S3 decodes the path it received and encodes each segment again, whatever the sender's spelling.
      canonicalUri: rawPath
        .split('/')
        .map((segment) => s3UriEncode(decodeURIComponent(segment)))
        .join('/'),
      query: [...new URLSearchParams(rawQuery)],
      headers,
      payloadHash,
    });
    const expected = signature(this.secretAccessKey, { amzDate: date, region: this.region }, text);
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given!))) {
      return {
        status: 403,
        code: 'SignatureDoesNotMatch',
        message:
          'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      };
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
      return {
        status: 400,
        code: 'XAmzContentSHA256Mismatch',
        message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
      };
    }
    return null;
  }
}

/** Waits until the reader has taken the written bytes or gone away. */
function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** S3's error answer: an XML document naming the code, as every S3 client parses it. */
function refuse(res: http.ServerResponse, status: number, code: string, message: string, resource: string) {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>` +
    `<Resource>${escapeXml(resource)}</Resource><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
  res.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': String(Buffer.byteLength(xml)),
  });
  res.end(xml);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
