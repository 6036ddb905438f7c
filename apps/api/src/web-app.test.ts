import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { acceptedEncoding, publicDocumentUrl } from './web-app';

const INDEX_HTML = '<!doctype html><html><head><title>App</title></head><body>signed-in app</body></html>';
const TRACK_HTML =
  '<!doctype html><html lang="en"><head><title>Trip tracking</title></head>' +
  '<body><div id="root"><p class="loading">Loading...</p></div></body></html>';
const APP_JS = 'console.info("the app");'.repeat(40);
const TRACKING_ID = 'Xq3vT9kLm2Pz8RwYb4Nc1A';
const SERVICE_WORKER = 'self.addEventListener("fetch", () => undefined);';
const NOTIFICATIONS_WORKER = 'self.addEventListener("push", () => undefined);';

function writeCompressed(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

/** A built web app as vite leaves it: HTML and hashed assets, each with .br and .gz beside it. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  writeCompressed(path.join(dir, 'index.html'), INDEX_HTML);
  writeCompressed(path.join(dir, 'track.html'), TRACK_HTML);
  writeCompressed(path.join(dir, 'assets', 'app-Ab12.js'), APP_JS);
  fs.mkdirSync(path.join(dir, 'driver'));
  writeCompressed(path.join(dir, 'driver', 'sw.js'), SERVICE_WORKER);
  writeCompressed(path.join(dir, 'notifications-sw.js'), NOTIFICATIONS_WORKER);
  fs.writeFileSync(path.join(dir, 'driver', 'manifest.webmanifest'), '{"name":"Freightlane Driver"}');
  return dir;
}

function preloadOf(html: string): string | null {
  return /<link rel="preload"[^>]*>/.exec(html)?.[0] ?? null;
}

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers a tracking page with the light entry and preloads its trip', async () => {
    const res = await get(`/tripprogress/${TRACKING_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<p class="loading">Loading...</p>');
    expect(res.body).not.toContain('signed-in app');
    expect(preloadOf(res.body)).toBe(
      `<link rel="preload" as="fetch" href="/api/v1/trips/open-access/${TRACKING_ID}" crossorigin="anonymous">`,
    );
    // The preload sits in the head, before anything the page loads.
    expect(res.body.indexOf('<link rel="preload"')).toBeLessThan(res.body.indexOf('<title>'));
  });

  it('answers HEAD on every page as GET, with the same headers and no body', async () => {
    for (const url of [
      '/',
      '/signin',
      '/trips/ongoing',
      `/tripprogress/${TRACKING_ID}`,
      '/assets/app-Ab12.js',
    ]) {
      const got = await get(url, { 'accept-encoding': 'gzip' });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } });
      expect(head.statusCode, url).toBe(got.statusCode);
      expect(got.statusCode, url).toBe(200);
      for (const name of ['content-type', 'cache-control', 'content-encoding', 'vary']) {
        expect(head.headers[name], `${url} ${name}`).toBe(got.headers[name]);
      }
      expect(head.body, url).toBe('');
    }
    const api = await t.app.inject({ method: 'HEAD', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
  });

  it('ignores the query string when it picks the id', async () => {
    const res = await get(`/tripprogress/${TRACKING_ID}?utm_source=whatsapp`);
    expect(preloadOf(res.body)).toContain(`href="/api/v1/trips/open-access/${TRACKING_ID}"`);
  });

  it('answers an ongoing-trips page with the light entry and preloads its list', async () => {
    const res = await get('/ongoingtripprogress/share_Id-123456789012');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="loading">Loading...</p>');
    expect(preloadOf(res.body)).toBe(
      '<link rel="preload" as="fetch" href="/api/v1/trips/open-access/ongoing/share_Id-123456789012" crossorigin="anonymous">',
    );
  });

  it('answers a driver’s page with the light entry, for cheap phones, as an installable app', async () => {
    const res = await get(`/driver/${'d'.repeat(32)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="loading">Loading...</p>');
    expect(res.body).not.toBe(INDEX_HTML);
    expect(res.body).toContain('<link rel="manifest" href="/driver/manifest.webmanifest">');
    // The installed app starts at /driver/, which is the same page.
    expect((await get('/driver/')).body).toContain('rel="manifest"');
    expect((await get(`/tripprogress/${TRACKING_ID}`)).body).not.toContain('rel="manifest"');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });

  it('serves the driver page’s worker and manifest fresh, never from a long cache', async () => {
    const worker = await get('/driver/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toBe(SERVICE_WORKER);
    const manifest = await get('/driver/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves the push notifications worker from the root (scope /) as a fresh file under worker-src', async () => {
    const worker = await get('/notifications-sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toBe(NOTIFICATIONS_WORKER);
    // A worker at the root may take scope / without a Service-Worker-Allowed header.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    expect(worker.headers['content-security-policy'] as string).toContain("worker-src 'self'");
  });

  it('serves the light entry without a preload when the URL breaks the five-part rule', async () => {
    for (const url of [
      '/tripprogress',
      '/tripprogress/',
      `/tripprogress/${TRACKING_ID}/extra`,
      `/tripprogress/${TRACKING_ID}/`,
      '/ongoingtripprogress',
      '/ongoingtripprogress/a/b',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<p class="loading">Loading...</p>');
      expect(preloadOf(res.body), url).toBeNull();
    }
  });

  it('encodes an id so it cannot inject HTML into the page', async () => {
    const encodedScript = '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E';
    const viaEscapes = await get(`/tripprogress/${encodedScript}`);
    expect(viaEscapes.body).not.toContain('<script>alert(1)</script>');
    expect(preloadOf(viaEscapes.body)).toBe(
      `<link rel="preload" as="fetch" href="/api/v1/trips/open-access/${encodedScript}" crossorigin="anonymous">`,
    );

    const raw = await get(`/tripprogress/x'onload='alert(1)`);
    expect(preloadOf(raw.body)).toBe(
      `<link rel="preload" as="fetch" href="/api/v1/trips/open-access/x&#39;onload%3D&#39;alert(1)" crossorigin="anonymous">`,
    );
    expect(raw.body).not.toContain("'onload");
  });

  it('compresses the page for clients that accept it', async () => {
    const plain = (await get(`/tripprogress/${TRACKING_ID}`)).body;

    const br = await get(`/tripprogress/${TRACKING_ID}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

    const gzip = await get(`/tripprogress/${TRACKING_ID}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain);

    const identity = await get(`/tripprogress/${TRACKING_ID}`, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('keeps every other page on the signed-in app', async () => {
    const res = await get('/trips/123');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);

    const br = await get('/orders', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('serves the precompressed copy of an asset, with long caching', async () => {
    const br = await get('/assets/app-Ab12.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gzip = await get('/assets/app-Ab12.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const plain = await get('/assets/app-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('answers unknown API paths with a JSON 404, not a page', async () => {
    const res = await get('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'No such API route: GET /api/v1/no-such-thing',
      code: 'NOT_FOUND',
    });
  });
});

describe('publicDocumentUrl', () => {
  it('follows the page: five parts for tracking, the last segment for ongoing trips', () => {
    expect(publicDocumentUrl('/tripprogress/abc')).toBe('/api/v1/trips/open-access/abc');
    expect(publicDocumentUrl('/tripprogress/a%20b')).toBe('/api/v1/trips/open-access/a%20b');
    expect(publicDocumentUrl('/tripprogress/a/b')).toBeNull();
    expect(publicDocumentUrl('/tripprogress/')).toBeNull();
    // Fastify answers 400 to such a path before any handler; the rule still refuses it.
    expect(publicDocumentUrl('/tripprogress/%E0%A4%A')).toBeNull();
    expect(publicDocumentUrl('/ongoingtripprogress/xyz')).toBe('/api/v1/trips/open-access/ongoing/xyz');
    expect(publicDocumentUrl('/ongoingtripprogress/')).toBeNull();
    expect(publicDocumentUrl('/trips/abc')).toBeNull();
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
