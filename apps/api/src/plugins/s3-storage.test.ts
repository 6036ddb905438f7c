import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { amzDate, authorizationHeader, sha256Hex } from './s3-storage-signature';
import { objectUrl, s3Storage, S3StorageError } from './s3-storage';
import { localStorage, StoredFileMissing } from './storage';
import { S3Server } from '../test/s3-server';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The rejection of `promise`; fails the test when it resolves. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const KEY_SHAPE = /^trip-documents\/[A-Za-z0-9_-]{32}$/;

describe('S3 storage against an S3-protocol server', () => {
  const server = new S3Server();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  afterEach(() => {
    server.mode = 'ok';
    server.slowDowns = 0;
  });
  const storage = () => s3Storage(server.settings(), { timeoutMs: 2000, idleMs: 500 });

  it('puts, reads back and removes an object under a random key', async () => {
    const s = storage();
    const body = Buffer.from('%PDF-1.4 waybill LOS-ABV');
    const key = await s.put('trip-documents', body);
    expect(key).toMatch(KEY_SHAPE);
    expect(server.objects.get(key)).toEqual(body);
    expect(await bytesOf(await s.read(key))).toEqual(body);

    await s.remove(key);
    expect(server.objects.has(key)).toBe(false);
    expect(server.requests.slice(-3).map((r) => r.split(' ')[0] + ' ' + r.split(' ')[2])).toEqual([
      'PUT 200',
      'GET 200',
      'DELETE 204',
    ]);
  });

  it('gives a missing object the same not-found as the folder storage', async () => {
    const s = storage();
    const missing = `trip-documents/${'A'.repeat(32)}`;
    const fromS3 = await failureOf(s.read(missing));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-storage-'));
    try {
      const fromFolder = await failureOf(localStorage(dir).read(missing));
      for (const error of [fromS3, fromFolder]) {
        expect(error).toBeInstanceOf(StoredFileMissing);
        expect(error).toMatchObject({ code: 'ENOENT', message: `No stored file for ${missing}` });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Removing what is not there is no error, as with a folder.
    await expect(s.remove(missing)).resolves.toBeUndefined();
  });

  it('treats a missing bucket as a setup fault, not a missing file', async () => {
    const s = s3Storage(server.settings({ bucket: 'no-such-bucket' }), { timeoutMs: 2000 });
    const error = await failureOf(s.read(`trip-documents/${'B'.repeat(32)}`));
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 404, s3Code: 'NoSuchBucket' });
  });

  it('is refused with a wrong secret, a wrong key id, a wrong region or a wrong clock', async () => {
    const before = server.objects.size;
    const cases: [Parameters<typeof server.settings>[0], (() => Date) | undefined, number, string][] = [
      [{ secretAccessKey: 'not-the-secret-0123456789' }, undefined, 403, 'SignatureDoesNotMatch'],
      [{ accessKeyId: 'AKIAUNKNOWN000000000' }, undefined, 403, 'InvalidAccessKeyId'],
      [{ region: 'eu-west-1' }, undefined, 400, 'AuthorizationHeaderMalformed'],
      [{}, () => new Date(Date.now() - 20 * 60 * 1000), 403, 'RequestTimeTooSkewed'],
    ];
    for (const [overrides, now, status, code] of cases) {
      const s = s3Storage(server.settings(overrides), { timeoutMs: 2000, ...(now ? { now } : {}) });
      const error = await failureOf(s.put('trip-documents', Buffer.from('x')));
      expect(error).toBeInstanceOf(S3StorageError);
      expect(error).toMatchObject({ status, s3Code: code });
      expect(error.message).toMatch(
        new RegExp(`^S3 PUT freightlane-uploads/trip-documents/\\S+: HTTP ${status} ${code}: `),
      );
      // Neither secret appears in what a log would show.
      for (const secret of [server.secretAccessKey, 'not-the-secret-0123456789']) {
        expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(secret);
      }
    }
    expect(server.objects.size).toBe(before);
  });

  it('streams a multi-megabyte file in pieces, byte for byte', async () => {
    const s = storage();
    const body = randomBytes(8 * 1024 * 1024 + 123);
    const key = await s.put('trip-documents', body);
    const stream = await s.read(key);
    let pieces = 0;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of stream) {
      pieces += 1;
      size += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    expect(size).toBe(body.length);
    expect(hash.digest('hex')).toBe(sha256Hex(body));
    expect(pieces).toBeGreaterThan(10);
  });

  it('hands over a download before its last byte has arrived, and ends one that stalls', async () => {
    const s = storage();
    const body = randomBytes(2 * 1024 * 1024);
    const key = await s.put('trip-documents', body);
    server.mode = 'stall-body';
    // The server sends half, then nothing: a buffering client would wait here until its timeout.
    const stream = await s.read(key);
    const received: Buffer[] = [];
    const error = await failureOf(
      (async () => {
        for await (const chunk of stream) received.push(chunk as Buffer);
      })(),
    );
    expect(Buffer.concat(received).equals(body.subarray(0, body.length / 2))).toBe(true);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error.message).toBe(`S3 GET freightlane-uploads/${key}: no data for 0.5 s`);
  });

  it('ends the download when its reader stops early', async () => {
    const s = storage();
    const key = await s.put('trip-documents', randomBytes(6 * 1024 * 1024));
    const cutBefore = server.downloadsCutOff;
    const stream = await s.read(key);
    for await (const _chunk of stream) break;
    await expect.poll(() => server.downloadsCutOff, { timeout: 2000 }).toBe(cutBefore + 1);
  });

  it('gives up on a store that does not answer, and names the request', async () => {
    server.mode = 'hang';
    const s = s3Storage(server.settings(), { timeoutMs: 300 });
    const started = Date.now();
    const error = await failureOf(s.put('trip-documents', Buffer.from('x')));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error.message).toMatch(
      /^S3 PUT freightlane-uploads\/trip-documents\/\S+: no answer within 0.3 s$/,
    );
    expect(await failureOf(s.read(`trip-documents/${'C'.repeat(32)}`))).toBeInstanceOf(S3StorageError);
  });

  it('sends again once after S3 asks to slow down, then reports the refusal', async () => {
    const s = storage();
    server.slowDowns = 1;
    const key = await s.put('trip-documents', Buffer.from('second time lucky'));
    expect(server.objects.get(key)?.toString()).toBe('second time lucky');
    expect(server.requests.slice(-2).map((r) => r.split(' ')[2])).toEqual(['503', '200']);

    server.slowDowns = 2;
    const error = await failureOf(s.put('trip-documents', Buffer.from('x')));
    expect(error).toMatchObject({ status: 503, s3Code: 'SlowDown' });
  });

  it('reports a store that cannot be reached', async () => {
    const closed = new S3Server();
    await closed.start();
    const settings = closed.settings();
    await closed.stop();
    const error = await failureOf(
      s3Storage(settings, { timeoutMs: 2000 }).put('trip-documents', Buffer.from('x')),
    );
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('refuses a key that is not a storage key before sending anything', async () => {
    const s = storage();
    const seen = server.requests.length;
    for (const key of ['../../etc/passwd', 'trip-documents/short', 'Trip/AAAAAAAAAAAAAAAAAAAA', '']) {
      await expect(s.read(key)).rejects.toThrow('Invalid storage key');
      await expect(s.remove(key)).rejects.toThrow('Invalid storage key');
    }
    await expect(s.put('../up', Buffer.from('x'))).rejects.toThrow('Invalid storage prefix');
    expect(server.requests.length).toBe(seen);
  });
});

describe('the S3 test server checks signatures as S3 does', () => {
  const server = new S3Server();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  /** A PUT signed for `signedKey` and `signedBody`, sent to `sentKey` with `sentBody`. */
  async function signedPut(signedKey: string, sentKey: string, signedBody: string, sentBody: string) {
    const date = amzDate(new Date());
    const url = new URL(`${server.url}/${server.bucket}/${sentKey}`);
    const payloadHash = sha256Hex(signedBody);
    const authorization = authorizationHeader(
      server.settings(),
      { amzDate: date, region: server.region },
      {
        method: 'PUT',
        canonicalUri: `/${server.bucket}/${signedKey}`,
        query: [],
        headers: { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date },
        payloadHash,
      },
    );
    const res = await fetch(url, {
      method: 'PUT',
      headers: { authorization, 'x-amz-date': date, 'x-amz-content-sha256': payloadHash },
      body: sentBody,
    });
    return { status: res.status, xml: await res.text() };
  }

  it('takes a request signed for what it carries', async () => {
    expect((await signedPut('a/b', 'a/b', 'cargo', 'cargo')).status).toBe(200);
    expect(server.objects.get('a/b')?.toString()).toBe('cargo');
  });

  it('refuses a signature made for another key, with S3 XML error', async () => {
    const { status, xml } = await signedPut('a/b', 'a/c', 'cargo', 'cargo');
    expect(status).toBe(403);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>SignatureDoesNotMatch<\/Code>/,
    );
    expect(xml).toContain('<Resource>/freightlane-uploads/a/c</Resource>');
    expect(server.objects.has('a/c')).toBe(false);
  });

  it('refuses a body other than the one signed', async () => {
    const { status, xml } = await signedPut('a/d', 'a/d', 'cargo', 'contraband');
    expect(status).toBe(400);
    expect(xml).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(server.objects.has('a/d')).toBe(false);
  });

  it('refuses an unsigned request and an unsigned x-amz- header', async () => {
    const anonymous = await fetch(`${server.url}/${server.bucket}/a/b`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');

    const date = amzDate(new Date());
    const url = new URL(`${server.url}/${server.bucket}/a/b`);
    const payloadHash = sha256Hex('');
    const authorization = authorizationHeader(
      server.settings(),
      { amzDate: date, region: server.region },
      {
        method: 'GET',
        canonicalUri: url.pathname,
        query: [],
        headers: { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date },
        payloadHash,
      },
    );
    const smuggled = await fetch(url, {
      headers: {
        authorization,
        'x-amz-date': date,
        'x-amz-content-sha256': payloadHash,
        'x-amz-acl': 'public-read',
      },
    });
    expect(smuggled.status).toBe(403);
    expect(await smuggled.text()).toContain('which were not signed');
  });
});

describe('object addresses', () => {
  const settings = {
    endpoint: null,
    region: 'af-south-1',
    bucket: 'freightlane-uploads',
    accessKeyId: 'AKIA',
    secretAccessKey: 'secret-secret',
    forcePathStyle: false,
  };

  it("are AWS's virtual-hosted regional addresses without an endpoint", () => {
    expect(objectUrl(settings, 'quotes/abc_DEF-123').href).toBe(
      'https://freightlane-uploads.s3.af-south-1.amazonaws.com/quotes/abc_DEF-123',
    );
  });

  it('put the bucket in the host or, with path style, in the path of the endpoint', () => {
    const endpoint = 'https://nyc3.digitaloceanspaces.com';
    expect(objectUrl({ ...settings, endpoint }, 'quotes/k').href).toBe(
      'https://freightlane-uploads.nyc3.digitaloceanspaces.com/quotes/k',
    );
    expect(
      objectUrl({ ...settings, endpoint: 'http://minio.internal:9000/s3/', forcePathStyle: true }, 'quotes/k')
        .href,
    ).toBe('http://minio.internal:9000/s3/freightlane-uploads/quotes/k');
  });
});
