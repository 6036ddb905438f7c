/**
 * Response headers and uploaded files, per OWASP ASVS 4.0.3 V14.4 (HTTP security headers), V14.3.3 (no
 * version details), V12.2.1 and V12.5.2 (files are what their content says, and never run in the app's
 * origin). The app runs as production runs it behind a proxy (TRUST_PROXY=true), serving a built web app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverOnTripWithLink } from '../test/driver-phone';
import { listening } from '../test/event-stream';
import { createDriverViaApi } from '../test/fleet';
import { LOGIN_URL, signedInAccount } from '../test/accounts';
import { placeOrderViaApi } from '../test/marketplace';
import { multipartBody, SAMPLE_FILES, type MultipartFile } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { tripWorld, type TripWorld } from '../test/trip-world';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-Ab12.js"></script></head><body></body></html>';
const TRACK_HTML = '<!doctype html><html><head><title>Trip tracking</title></head><body></body></html>';

/** A built web app as vite leaves it, reduced to what the pages need. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'track.html'), TRACK_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'app-Ab12.js'), 'console.info("app");');
  return dir;
}

let t: TestApp;
let w: TripWorld;
let dist: string;
beforeAll(async () => {
  dist = fakeDist();
  t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: 'true' });
  w = await tripWorld(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const HTML_PAGES = [
  '/',
  '/signin',
  '/home',
  '/tripprogress/open-access/Xq3vT9kLm2Pz8RwYb4Nc1A',
  '/driver/abc',
];
/** Answers of every sort: data, a refusal, not found, bad input, the API description, a public answer. */
const API_ANSWERS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/v1/user/me' },
  { method: 'GET', url: '/api/v1/no-such-thing' },
  { method: 'POST', url: LOGIN_URL, payload: { username: 'x' } },
  { method: 'GET', url: '/api/openapi.json' },
  { method: 'GET', url: '/api/v1/trips/open-access/TRK-NOPE-0000' },
];
const EVERY_ANSWER = [
  ...HTML_PAGES.map((url) => ({ method: 'GET' as const, url })),
  { method: 'GET' as const, url: '/assets/app-Ab12.js' },
  ...API_ANSWERS,
];

/** The CSP as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** The sources scripts are held to: script-src-elem, script-src, or default-src, whichever the browser uses. */
function scriptSources(policy: Map<string, string[]>): string[][] {
  const scriptSrc = policy.get('script-src') ?? policy.get('default-src');
  expect(scriptSrc, 'script-src or default-src').toBeDefined();
  return [scriptSrc!, policy.get('script-src-elem') ?? scriptSrc!];
}

describe('V14.4 HTTP security headers', () => {
  it.each(HTML_PAGES)(
    'V14.4.3 the page %s has a CSP that lets no inline or evaluated script run',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const policy = csp(res.headers['content-security-policy']);
      for (const sources of scriptSources(policy)) {
        expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain("'unsafe-hashes'");
        expect(sources.some((s) => s === '*' || s === 'data:' || s === 'http:' || s === 'https:')).toBe(
          false,
        );
      }
      expect(policy.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    },
  );

  it.each(API_ANSWERS)(
    'V14.4.3 the API answer to $method $url has a CSP that runs no script',
    async (request) => {
      const res = await t.app.inject(request);
      for (const sources of scriptSources(csp(res.headers['content-security-policy']))) {
        expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
      }
    },
  );

  it('V14.4.4 V14.3.3 every answer has nosniff, and none names the server or its version', async () => {
    for (const request of EVERY_ANSWER) {
      const res = await t.app.inject(request);
      const label = `${request.method} ${request.url}`;
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['x-powered-by'], label).toBeUndefined();
      expect(res.headers['x-aspnet-version'], label).toBeUndefined();
      const server = res.headers.server;
      expect(server === undefined || !/\d/.test(String(server)), `${label}: server ${server}`).toBe(true);
      for (const [name, value] of Object.entries(res.headers)) {
        expect(`${name}: ${value}`, label).not.toMatch(/fastify|node\.?js|express/i);
      }
    }
  });

  it('V14.4.5 sends Strict-Transport-Security for a year with subdomains when a trusted proxy says HTTPS', async () => {
    for (const request of EVERY_ANSWER) {
      const res = await t.app.inject({ ...request, headers: { 'x-forwarded-proto': 'https' } });
      const hsts = String(res.headers['strict-transport-security']);
      const label = `${request.method} ${request.url}`;
      expect(hsts, label).toMatch(/includeSubDomains/);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), label).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('V14.4.5 sends no Strict-Transport-Security over plain HTTP', async () => {
    for (const request of EVERY_ANSWER) {
      for (const headers of [{}, { 'x-forwarded-proto': 'http' }, { 'x-forwarded-proto': 'https, http' }]) {
        const res = await t.app.inject({ ...request, headers });
        const label = `${request.method} ${request.url} ${JSON.stringify(headers)}`;
        expect(res.headers['strict-transport-security'], label).toBeUndefined();
      }
    }
  });

  it('V14.4.5 holds the public tracking answers served from memory to the same rule, over real HTTP', async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    const url = `${await listening(t.app)}/api/v1/trips/open-access/${trip.trackingId}`;
    expect((await fetch(url)).status).toBe(200);
    const before = t.ctx.publicTracking.fastLane.answered;
    const overHttps = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
    const overHttp = await fetch(url);
    expect(t.ctx.publicTracking.fastLane.answered).toBe(before + 2);
    expect(overHttps.headers.get('strict-transport-security')).toMatch(
      /^max-age=31536000; includeSubDomains$/,
    );
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    for (const res of [overHttps, overHttp]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('V14.4.5 believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      for (const request of EVERY_ANSWER) {
        const res = await direct.app.inject({ ...request, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], `${request.method} ${request.url}`).toBeUndefined();
      }
    } finally {
      await direct.close();
    }
    // A whole second app starts here, which takes a while on a busy machine.
  }, 120_000);
});

// Hostile files: a page, a scripted SVG and a script, each honestly named and disguised as a PDF or a photo.
const HTML = '<!DOCTYPE html><html><body><script>alert(document.domain)</script></body></html>';
const SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
  '<script>alert(document.domain)</script></svg>';
const SCRIPT = 'fetch("/api/v1/user/me").then((r) => r.text()).then(alert);';
const HOSTILE: [string, string | Buffer, string, string][] = [
  ['an HTML page', HTML, 'page.html', 'text/html'],
  ['an HTML page with a byte-order mark', `\ufeff  ${HTML}`, 'page.htm', 'text/html'],
  ['an SVG with script', SVG, 'logo.svg', 'image/svg+xml'],
  ['a JavaScript file', SCRIPT, 'app.js', 'text/javascript'],
];
const DISGUISES: [string, (name: string) => string, string | null][] = [
  ['as itself', (name) => name, null],
  ['named and typed as a PDF', () => 'waybill.pdf', 'application/pdf'],
  ['named and typed as a JPEG', () => 'photo.jpg', 'image/jpeg'],
];
const HOSTILE_FILES: [string, MultipartFile][] = HOSTILE.flatMap(([what, content, name, type]) =>
  DISGUISES.map(
    ([dressed, rename, disguisedType]) =>
      [`${what} ${dressed}`, { fileName: rename(name), content, contentType: disguisedType ?? type }] as [
        string,
        MultipartFile,
      ],
  ),
);

/** Files that are what their first bytes say, with a page after them: accepted, so they must never render. */
const POLYGLOT = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(HTML)]),
  image: Buffer.concat([SAMPLE_FILES.jpeg().subarray(0, 4), Buffer.from(HTML)]),
};

interface UploadRoute {
  /** What the route's content sniffing accepts, so which polyglot gets through. */
  accepts: keyof typeof POLYGLOT;
  upload(file: MultipartFile): Promise<LightMyRequestResponse>;
  /** Downloads what an accepted upload stored, as its owner would. */
  download(uploaded: LightMyRequestResponse): Promise<LightMyRequestResponse>;
}

describe('V12.2.1 V12.5.2 uploads: a page, SVG or script is refused or served only as an attachment', () => {
  const routes = new Map<string, UploadRoute>();
  beforeAll(async () => {
    const send =
      (url: string, method: 'POST' | 'PUT', token: string | null, fields: Record<string, string>) =>
      (file: MultipartFile) => {
        const body = multipartBody(fields, file);
        return t.app.inject({
          method,
          url,
          payload: body.payload,
          headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      };
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    const customer = w.customer.accessToken;
    const transporter = w.transporter.accessToken;
    const driver = await createDriverViaApi(t, transporter);
    const trip = await w.newTrip();
    const phone = await driverOnTripWithLink(t, w);

    // A company of its own: a new verification document sends a company back to review.
    const applicant = (await signedInAccount(t)).accessToken;
    routes.set('POST /api/v1/company/documents', {
      accepts: 'pdf',
      upload: send('/api/v1/company/documents', 'POST', applicant, { type: 'CAC_CERTIFICATE' }),
      download: (res) => get(`/api/v1/company/documents/${res.json().id}/file`, applicant),
    });
    routes.set('POST /api/v1/orders/quote-documents', {
      accepts: 'pdf',
      upload: send('/api/v1/orders/quote-documents', 'POST', customer, {}),
      download: async (res) => {
        const order = await placeOrderViaApi(t, customer, { quoteDocumentId: res.json().id });
        return get(`/api/v1/orders/${order.id}/quote-document`, customer);
      },
    });
    routes.set('PUT /api/v1/fleet/drivers/{id}/photo', {
      accepts: 'image',
      upload: send(`/api/v1/fleet/drivers/${driver.id}/photo`, 'PUT', transporter, {}),
      download: () => get(`/api/v1/fleet/drivers/${driver.id}/photo`, transporter),
    });
    routes.set('POST /api/v1/trips/{id}/documents', {
      accepts: 'pdf',
      upload: send(`/api/v1/trips/${trip.id}/documents`, 'POST', transporter, { kind: 'WAYBILL' }),
      download: (res) => get(`/api/v1/trips/documents/${res.json().id}`, customer),
    });
    routes.set('POST /api/v1/driver/{token}/documents', {
      accepts: 'image',
      // The driver's phone has no sign-in: the link's token in the path is its only credential.
      upload: (file) =>
        send(`${phone.base}/documents`, 'POST', null, { clientActionId: randomUUID(), kind: 'PHOTO' })(file),
      download: async () => {
        const detail = await w.detail(phone.trip.id, transporter);
        return get(`/api/v1/trips/documents/${detail.documents[0].id}`, transporter);
      },
    });

    // Receipts (decision 046): the office's, and the driver's from the phone, first and as an answer.
    const cashTrip = await w.newTrip();
    await w.assignFleet(cashTrip.id);
    const receiptOf = async (tripId: string, token: string, expenseId?: string) => {
      const money = (await get(`/api/v1/trips/${tripId}/money`, token)).json() as {
        expenses: { id: string; receipt: unknown }[];
      };
      const expense = expenseId
        ? money.expenses.find((e) => e.id === expenseId)!
        : money.expenses.filter((e) => e.receipt).at(-1)!;
      return get(`/api/v1/trips/expenses/${expense.id}/receipt`, token);
    };
    routes.set('POST /api/v1/trips/{id}/expenses', {
      accepts: 'pdf',
      upload: send(`/api/v1/trips/${cashTrip.id}/expenses`, 'POST', transporter, {
        kind: 'TOLL',
        amountKobo: '10000',
      }),
      download: () => receiptOf(cashTrip.id, transporter),
    });
    routes.set('POST /api/v1/driver/{token}/expenses', {
      accepts: 'image',
      upload: (file) =>
        send(`${phone.base}/expenses`, 'POST', null, {
          clientActionId: randomUUID(),
          kind: 'TOLL',
          amountKobo: '10000',
        })(file),
      download: () => receiptOf(phone.trip.id, transporter),
    });
    let queried = '';
    routes.set('POST /api/v1/driver/{token}/expenses/{expenseId}/reply', {
      accepts: 'image',
      upload: async (file) => {
        // An expense of the driver's the owner queried, with no receipt yet: each answer needs its own.
        const recorded = await send(`/api/v1/trips/${phone.trip.id}/expenses`, 'POST', transporter, {
          kind: 'LEVY',
          amountKobo: '20000',
        })({ fileName: '', content: '' });
        const expenses = recorded.json().expenses as { id: string; receipt: unknown }[];
        queried = expenses.filter((e) => !e.receipt).at(-1)!.id;
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/trips/${phone.trip.id}/expenses/${queried}/review`,
          headers: { authorization: `Bearer ${transporter}` },
          payload: { decision: 'QUERY', note: 'Send the ticket' },
        });
        return send(`${phone.base}/expenses/${queried}/reply`, 'POST', null, {
          clientActionId: randomUUID(),
          note: 'Here it is',
        })(file);
      },
      download: () => receiptOf(phone.trip.id, transporter, queried),
    });
  }, 120_000);

  it('covers every operation of the OpenAPI description that takes a multipart upload', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const uploads = Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(([, op]) =>
          Object.keys(op.requestBody?.content ?? {}).some((c) => c.startsWith('multipart/')),
        )
        .map(([method]) => `${method.toUpperCase()} ${route}`),
    );
    expect(uploads.sort()).toEqual([...routes.keys()].sort());
  });

  it('refuses each hostile file on every upload route with 400 naming the file field, storing nothing', async () => {
    const storedBefore = fs.readdirSync(t.dataDir, { recursive: true }).length;
    for (const [route, { upload }] of routes) {
      for (const [what, file] of HOSTILE_FILES) {
        const res = await upload(file);
        const label = `${route}: ${what}`;
        expect(res.statusCode, label).toBe(400);
        const body = res.json();
        expect(body.message, label).toMatch(/^This file type is not accepted\. Upload a .+ file$/);
        expect(body.errors, label).toEqual([{ field: 'file', message: expect.stringMatching(/^Upload a /) }]);
      }
    }
    expect(fs.readdirSync(t.dataDir, { recursive: true }).length).toBe(storedBefore);
  });

  it('serves a file that is a PDF or an image with a page inside only as an attachment of its real type', async () => {
    for (const [route, { accepts, upload, download }] of routes) {
      const uploaded = await upload({
        fileName: 'invoice.html',
        content: POLYGLOT[accepts],
        contentType: 'text/html',
      });
      expect(uploaded.statusCode, `${route}: ${uploaded.body}`).toBeLessThan(300);
      const file = await download(uploaded);
      expect(file.statusCode, route).toBe(200);
      const type = String(file.headers['content-type']);
      expect(type, route).toMatch(accepts === 'pdf' ? /^application\/pdf$/ : /^image\/(jpeg|png|webp)$/);
      expect(String(file.headers['content-disposition']), route).toMatch(/^attachment\b/);
      expect(file.headers['x-content-type-options'], route).toBe('nosniff');
      // A saved copy keeps the extension of its real kind, so it does not open as a page on the computer.
      const saved = /filename="([^"]*)"/.exec(String(file.headers['content-disposition']))?.[1];
      if (saved !== undefined)
        expect(saved, route).toMatch(accepts === 'pdf' ? /\.pdf$/ : /\.(jpe?g|png|webp)$/);
      expect(file.rawPayload.equals(POLYGLOT[accepts]), route).toBe(true);
    }
  });
});
