import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../test/accounts';
import { SAMPLE_FILES, uploadAs } from '../test/multipart';
import { S3Server } from '../test/s3-server';
import { createSecondTestApp, createTestApp, randomIp, type TestApp } from '../test/test-app';
import { localStorage, StoredFileMissing } from './storage';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-uploads-'));
/** Every file under `dir`, relative, so a test can tell where an upload landed. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    : [];

describe('folder storage', () => {
  let root: string;
  beforeAll(() => {
    root = tempDir();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores a file whole under its key and leaves nothing half-written behind', async () => {
    const storage = localStorage(root);
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const key = await storage.put('trip-documents', body);
    expect(key).toMatch(/^trip-documents\/[A-Za-z0-9_-]{32}$/);
    expect(fs.readFileSync(path.join(root, key)).equals(body)).toBe(true);
    expect(filesUnder(path.join(root, '.incoming'))).toEqual([]);
    expect((await bytesOf(await storage.read(key))).equals(body)).toBe(true);
  });

  it('serves files written by another instance on the same folder, both writing at once', async () => {
    const [a, b] = [localStorage(root), localStorage(root)];
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.from(`waybill ${i} `.repeat(1000 + i)));
    const keys = await Promise.all(bodies.map((body, i) => (i % 2 ? a : b).put('quotes', body)));
    expect(new Set(keys).size).toBe(bodies.length);
    for (const [i, key] of keys.entries()) {
      expect((await bytesOf(await (i % 2 ? b : a).read(key))).equals(bodies[i]!)).toBe(true);
    }
    await a.remove(keys[0]!);
    await expect(b.read(keys[0]!)).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('answers a missing file with StoredFileMissing and removes one quietly', async () => {
    const storage = localStorage(root);
    const missing = `quotes/${'Z'.repeat(32)}`;
    await expect(storage.read(missing)).rejects.toMatchObject({ name: 'StoredFileMissing', code: 'ENOENT' });
    await expect(storage.remove(missing)).resolves.toBeUndefined();
  });

  it('never reads or writes outside its folder', async () => {
    const storage = localStorage(root);
    for (const key of ['../secret/AAAAAAAAAAAAAAAAAAAA', '.incoming/AAAAAAAAAAAAAAAAAAAA.part', 'quotes/a']) {
      await expect(storage.read(key)).rejects.toThrow('Invalid storage key');
    }
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('Invalid storage prefix');
  });
});

/** A company owner's upload of a verification document, and its download, through `app.inject`. */
async function uploadDocument(t: TestApp, token: string, content: Buffer) {
  const res = await uploadAs(
    t,
    '/api/v1/company/documents',
    token,
    { type: 'CAC_CERTIFICATE' },
    {
      fileName: 'cac.pdf',
      content,
      contentType: 'application/pdf',
    },
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const downloadDocument = (t: TestApp, token: string, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/company/documents/${id}/file`,
    remoteAddress: randomIp(),
    headers: { authorization: `Bearer ${token}` },
  });

/** A PDF unlike any other, so a download proves which upload it came from. */
const uniquePdf = () =>
  Buffer.concat([SAMPLE_FILES.pdf(), Buffer.from(`% ${Math.random()} ${'x'.repeat(300_000)}\n`)]);

describe('an API instance keeps uploads where it is configured to', () => {
  it('in UPLOAD_DIR, outside its DATA_DIR', async () => {
    const uploads = tempDir();
    const t = await createTestApp({ UPLOAD_DIR: uploads });
    try {
      const owner = await signedInAccount(t, 'CUSTOMER');
      const pdf = uniquePdf();
      const id = await uploadDocument(t, owner.accessToken, pdf);
      expect(filesUnder(uploads)).toEqual([expect.stringMatching(/^company-documents\/[A-Za-z0-9_-]{32}$/)]);
      expect(filesUnder(path.join(t.dataDir, 'uploads'))).toEqual([]);
      const res = await downloadDocument(t, owner.accessToken, id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await t.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });

  describe('in an S3 bucket', () => {
    const s3 = new S3Server();
    let t: TestApp;
    beforeAll(async () => {
      await s3.start();
      t = await createTestApp(s3.env());
    });
    afterAll(async () => {
      await t?.close();
      await s3.stop();
    });

    it('uploads into the bucket and downloads from it, with nothing on disk', async () => {
      const owner = await signedInAccount(t, 'TRANSPORTER');
      const pdf = uniquePdf();
      const id = await uploadDocument(t, owner.accessToken, pdf);
      const stored = [...s3.objects].filter(([, body]) => body.equals(pdf)).map(([key]) => key);
      expect(stored).toEqual([expect.stringMatching(/^company-documents\/[A-Za-z0-9_-]{32}$/)]);
      expect(filesUnder(t.dataDir).filter((f) => f.startsWith('uploads'))).toEqual([]);

      const res = await downloadDocument(t, owner.accessToken, id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.rawPayload.equals(pdf)).toBe(true);
    });

    it('answers a document whose object is gone from the bucket as not found', async () => {
      const owner = await signedInAccount(t, 'CUSTOMER');
      const pdf = uniquePdf();
      const id = await uploadDocument(t, owner.accessToken, pdf);
      const [key] = [...s3.objects].find(([, body]) => body.equals(pdf))!;
      s3.objects.delete(key);
      const res = await downloadDocument(t, owner.accessToken, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Document file not found', code: 'NOT_FOUND' });
    });
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'uploads shared by two API instances (TEST_DB=postgres only: a PGlite database lives inside one process)',
  () => {
    /** Uploads through `first`, downloads through `second`, and the other way round. */
    async function crossInstance(first: TestApp, second: TestApp) {
      const owner = await signedInAccount(first, 'CUSTOMER');
      for (const [writer, reader] of [
        [first, second],
        [second, first],
      ] as const) {
        const pdf = uniquePdf();
        const id = await uploadDocument(writer, owner.accessToken, pdf);
        const res = await downloadDocument(reader, owner.accessToken, id);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(pdf)).toBe(true);
      }
    }

    it('through one UPLOAD_DIR, each with a DATA_DIR of its own', async () => {
      const uploads = tempDir();
      let a: TestApp | undefined;
      let b: TestApp | undefined;
      try {
        a = await createTestApp({ UPLOAD_DIR: uploads });
        b = await createSecondTestApp(a);
        expect(b.dataDir).not.toBe(a.dataDir);
        await crossInstance(a, b);
        expect(filesUnder(path.join(uploads, 'company-documents'))).toHaveLength(2);
      } finally {
        await b?.close();
        await a?.close();
        fs.rmSync(uploads, { recursive: true, force: true });
      }
    });

    it('through one S3 bucket', async () => {
      const s3 = new S3Server();
      await s3.start();
      let a: TestApp | undefined;
      let b: TestApp | undefined;
      try {
        a = await createTestApp(s3.env());
        b = await createSecondTestApp(a);
        await crossInstance(a, b);
        expect([...s3.objects.keys()].filter((k) => k.startsWith('company-documents/'))).toHaveLength(2);
        expect(s3.requests.filter((r) => r.startsWith('GET ')).every((r) => r.endsWith(' 200'))).toBe(true);
      } finally {
        await b?.close();
        await a?.close();
        await s3.stop();
      }
    });
  },
);
