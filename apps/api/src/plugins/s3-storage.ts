import { Readable } from 'node:stream';
import type { S3Settings } from '../env';
import {
  amzDate,
  authorizationHeader,
  EMPTY_BODY_SHA256,
  s3UriEncode,
  sha256Hex,
} from './s3-storage-signature';
import { checkedStorageKey, newStorageKey, StoredFileMissing, type Storage } from './storage';

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, Backblaze B2
 * ...), spoken directly over HTTP with Signature Version 4: PutObject, GetObject and DeleteObject are
 * all the platform needs, which does not warrant an SDK. Keys are the local storage's keys, so a bucket
 * filled by copying an uploads folder (`aws s3 sync`) serves the same files.
 */
export interface S3StorageOptions {
  /** How long a request may take to start answering (and a PUT or DELETE to finish). */
  timeoutMs?: number;
  /** How long a download may wait for its next bytes while its reader wants them. */
  idleMs?: number;
  /** The clock the signatures use; tests move it. */
  now?: () => Date;
}

/** A request the store refused or never answered; its message names the request, never a credential. */
export class S3StorageError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the store's answer; null when there was none (network, timeout). */
    readonly status: number | null = null,
    /** S3's error code (`AccessDenied`, `SignatureDoesNotMatch` ...) when its answer named one. */
    readonly s3Code: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'S3StorageError';
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_IDLE_MS = 30_000;
/** Answers S3 documents as passing (InternalError, SlowDown ...): the request is sent once more. */
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);
const RETRY_DELAY_MS = 250;
/** Enough of an error answer for its Code and Message; the rest is not read. */
const ERROR_BODY_LIMIT = 16 * 1024;

/** Where an object lives: path style (`endpoint/bucket/key`) or virtual-hosted (`bucket.endpoint/key`). */
export function objectUrl(settings: S3Settings, key: string): URL {
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/+$/, '');
  const keyPath = key.split('/').map(s3UriEncode).join('/');
  return settings.forcePathStyle
    ? new URL(`${base.origin}${basePath}/${s3UriEncode(settings.bucket)}/${keyPath}`)
    : new URL(`${base.protocol}//${settings.bucket}.${base.host}${basePath}/${keyPath}`);
}

export function s3Storage(settings: S3Settings, options: S3StorageOptions = {}): Storage {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const now = options.now ?? (() => new Date());

  /**
   * One signed request. A successful GetObject comes back with its body unread and the function that
   * ends it; every other answer is read and checked here. Network failures and the store's passing
   * errors are tried once more, with a fresh signature; a timeout is not, as waiting twice as long helps
   * no user.
   */
  async function send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body: Buffer | null,
  ): Promise<{ res: Response; abort: () => void }> {
    const url = objectUrl(settings, key);
    const what = `S3 ${method} ${settings.bucket}/${key}`;
    const payloadHash = body ? sha256Hex(body) : EMPTY_BODY_SHA256;
    for (let attempt = 1; ; attempt += 1) {
      const date = amzDate(now());
      const signed = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date };
      const authorization = authorizationHeader(
        settings,
        { amzDate: date, region: settings.region },
        { method, canonicalUri: url.pathname, query: [], headers: signed, payloadHash },
      );
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: {
            'x-amz-content-sha256': payloadHash,
            'x-amz-date': date,
            authorization,
            ...(body ? { 'content-type': 'application/octet-stream' } : {}),
          },
          body,
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch (error) {
        clearTimeout(timer);
        if (controller.signal.aborted) {
          throw new S3StorageError(`${what}: no answer within ${timeoutMs / 1000} s`, null, null, {
            cause: error,
          });
        }
        if (attempt < 2) {
          await delay(RETRY_DELAY_MS);
          continue;
        }
        throw new S3StorageError(`${what}: ${reasonOf(error)}`, null, null, { cause: error });
      }
      if (RETRIED_STATUSES.has(res.status) && attempt < 2) {
        clearTimeout(timer);
        await res.body?.cancel().catch(() => undefined);
        await delay(RETRY_DELAY_MS);
        continue;
      }
      if (method === 'GET' && res.ok) {
        // The download's own idle limit takes over from here.
        clearTimeout(timer);
        return { res, abort: () => controller.abort() };
      }
      try {
        if (!res.ok) await failure(what, res);
        await res.body?.cancel().catch(() => undefined);
      } finally {
        clearTimeout(timer);
      }
      return { res, abort: () => controller.abort() };
    }
  }

  return {
    async put(prefix, body) {
      const key = newStorageKey(prefix);
      await send('PUT', key, body);
      return key;
    },
    async read(key) {
      checkedStorageKey(key);
      let sent: Awaited<ReturnType<typeof send>>;
      try {
        sent = await send('GET', key, null);
      } catch (error) {
        // S3 answers 404 NoSuchKey for a key it does not hold; a missing bucket is a setup fault.
        if (error instanceof S3StorageError && error.status === 404 && error.s3Code !== 'NoSuchBucket') {
          throw new StoredFileMissing(key);
        }
        throw error;
      }
      const { res, abort } = sent;
      if (!res.body) throw new S3StorageError(`S3 GET ${settings.bucket}/${key}: an answer without a body`);
      return downloadStream(res.body, idleMs, abort, `S3 GET ${settings.bucket}/${key}`);
    },
    async remove(key) {
      checkedStorageKey(key);
      try {
        await send('DELETE', key, null);
      } catch (error) {
        // S3 itself answers 204 for a key it does not hold; some compatible stores answer 404.
        if (error instanceof S3StorageError && error.status === 404 && error.s3Code !== 'NoSuchBucket')
          return;
        throw error;
      }
    },
  };
}

/**
 * The object's bytes as a Node stream, read from the store only as fast as the stream's reader takes
 * them. The idle limit runs only while the reader waits, so a slow client never trips it but a store
 * that stops sending does; a reader that stops early (a client gone) ends the download.
 */
function downloadStream(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  abort: () => void,
  what: string,
): Readable {
  const reader = body.getReader();
  async function* chunks() {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // Rejected before the abort, so the race reports the stall rather than the abort it causes.
          reject(new S3StorageError(`${what}: no data for ${idleMs / 1000} s`));
          abort();
        }, idleMs);
      });
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await Promise.race([reader.read(), stalled]);
      } catch (error) {
        if (error instanceof S3StorageError) throw error;
        throw new S3StorageError(`${what}: the download broke off (${reasonOf(error)})`, null, null, {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    }
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  stream.once('close', abort);
  return stream;
}

/** Throws the error of a refused request, with S3's code and message when its XML answer has them. */
async function failure(what: string, res: Response): Promise<never> {
  const text = await readSome(res, ERROR_BODY_LIMIT);
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? null;
  const message = /<Message>([^<]{1,300})<\/Message>/.exec(text)?.[1];
  const detail = [code, message].filter(Boolean).join(': ');
  throw new S3StorageError(`${what}: HTTP ${res.status}${detail ? ` ${detail}` : ''}`, res.status, code);
}

async function readSome(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } catch {
    // What arrived is enough to name the error; the status says the rest.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause?.code ? `${message} (${cause.code})` : message;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
