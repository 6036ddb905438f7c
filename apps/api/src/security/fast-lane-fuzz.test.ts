import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listening } from '../test/event-stream';
import { sendRaw } from '../test/raw-http';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { tripWorld } from '../test/trip-world';

/**
 * The public tracking fast lane answers before fastify sees a request (public-tracking-fast-lane.ts), so the
 * fuzzer's `app.inject` never reaches it. This suite sends hostile requests for the lane's own paths over a
 * real socket, byte for byte as written (no client library tidies the request line or the headers): every
 * answer must be a 2xx/304 for the real trip or a 4xx JSON with a message, never a 5xx, a reset or a hang,
 * and the lane itself must never throw.
 */
const RUNS = 400;
const PREFIX = '/api/v1/trips/open-access/';

describe('the public fast lane, under hostile requests over a real socket', () => {
  let t: TestApp;
  let port: number;
  let trackingId: string;
  let shareId: string;
  /** The two pages' answers, which every 200 to a GET must be one of (the trip does not change meanwhile). */
  let pages: string[];
  let etags: string[];
  const thrown: unknown[] = [];
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    // Proxy headers are trusted so that forged X-Forwarded-For and -Proto values reach the lane's own
    // parsing of them; the limits are out of the way so the lane answers instead of counting refusals.
    t = await createTestApp({
      TRUST_PROXY: 'true',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
      PUBLIC_MISS_LIMIT_PER_10_MINUTES: '1000000',
    });
    const w = await tripWorld(t);
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    trackingId = trip.trackingId;
    const link = await call(t.app, 'GET', '/api/v1/trips/ongoing-link', undefined, {
      token: w.customer.accessToken,
    });
    shareId = link.body.shareId as string;
    port = Number(new URL(await listening(t.app)).port);

    // Both pages are loaded once by the route, so memory holds them and the lane answers from then on.
    etags = [];
    pages = [];
    for (const path of [`${PREFIX}${trackingId}`, `${PREFIX}ongoing/${shareId}`]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(200);
      etags.push(res.headers.get('etag')!);
      pages.push(await res.text());
    }

    const lane = t.ctx.publicTracking.fastLane;
    const answer = lane.answer.bind(lane);
    vi.spyOn(lane, 'answer').mockImplementation((req, res) => {
      try {
        return answer(req, res);
      } catch (error) {
        thrown.push(error);
        throw error;
      }
    });
  });
  afterAll(() => t.close());

  const text = (max: number) => fc.string({ unit: 'binary', maxLength: max });
  /** Mostly text a header may carry (so the request reaches the lane), sometimes bytes it may not. */
  const headerText = (max: number) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: max }) },
      { weight: 1, arbitrary: text(max) },
    );

  /** A key the lane might take for an id: the real ones, near misses, encodings, and plain garbage. */
  const key = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(trackingId, `ongoing/${shareId}`) },
      fc.constantFrom(shareId, `ongoing/${trackingId}`),
      fc.constantFrom(trackingId, shareId).chain((id) =>
        fc.oneof(
          fc.constant(id.toLowerCase()),
          fc.constant(id.slice(0, -1)),
          fc.constant(`${id}A`),
          fc.constant(encodeURIComponent(id).replace(/A/g, '%41')),
          fc
            .constantFrom('/', '//', '/.', '/..', '%2F', '%00', '\u0000', '?', '?x=1&x=2', '#', ';a=b', ' ')
            .map((suffix) => `${id}${suffix}`),
          fc
            .constantFrom('../', './', '..%2F', 'ongoing//', 'ongoing/../', '%6Fngoing/')
            .map((prefix) => `${prefix}${id}`),
        ),
      ),
      text(40),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.constantFrom('a'.repeat(70_000), '%'.repeat(9_000), '\r\nX-Injected: 1\r\n', 'ongoing/'),
    );

  const header = (name: string, values: fc.Arbitrary<string>) =>
    fc.option(
      values.map((value) => `${name}: ${value}\r\n`),
      { nil: '' },
    );

  const request = () =>
    fc
      .record({
        method: fc.oneof(
          { weight: 6, arbitrary: fc.constant('GET') },
          {
            weight: 1,
            arbitrary: fc.constantFrom('HEAD', 'POST', 'DELETE', 'OPTIONS', 'get', 'G\u0000T', 'BREW'),
          },
        ),
        key: key(),
        version: fc.oneof(
          { weight: 8, arbitrary: fc.constant('HTTP/1.1') },
          { weight: 1, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/9', '') },
        ),
        host: fc.option(fc.constantFrom('127.0.0.1', '', 'evil.example\u0000'), { nil: null }),
        ifNoneMatch: header(
          'If-None-Match',
          fc.oneof(
            fc.constantFrom(...etags, '*', `W/${etags[0]}`, `"x", ${etags[0]}`, `${etags[0]}, ${etags[1]}`),
            headerText(60),
            fc.constant('"'.repeat(20_000)),
          ),
        ),
        forwardedFor: header(
          'X-Forwarded-For',
          fc.oneof(
            fc.ipV4(),
            fc.ipV6(),
            fc
              .array(fc.oneof(fc.ipV4(), fc.ipV6(), headerText(12)), { maxLength: 200 })
              .map((hops) => hops.join(', ')),
            fc.constantFrom('', ',,,', 'unknown', '[::1]:80', '1.2.3.4:99999', '\u0000'),
          ),
        ),
        forwardedProto: header(
          'X-Forwarded-Proto',
          fc.oneof(fc.constantFrom('https', 'http', 'https, http'), headerText(20)),
        ),
        // Mostly none: most of these make the request one the parser refuses before the lane sees it.
        extra: fc.oneof(
          { weight: 3, arbitrary: fc.constant('') },
          fc
            .array(
              fc.tuple(
                fc.constantFrom('Accept', 'Content-Length', 'Transfer-Encoding', 'Range', 'X-\u00e9'),
                headerText(30),
              ),
              { minLength: 1, maxLength: 3 },
            )
            .map((headers) => headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')),
        ),
      })
      .map((r) => {
        const lines =
          `${r.method} ${PREFIX}${r.key}${r.version ? ` ${r.version}` : ''}\r\n` +
          (r.host === null ? '' : `Host: ${r.host}\r\n`) +
          r.ifNoneMatch +
          r.forwardedFor +
          r.forwardedProto +
          r.extra +
          'Connection: close\r\n\r\n';
        // A failing request is printed shortened: some are tens of kilobytes long.
        const shown = JSON.stringify(
          lines.length > 300 ? `${lines.slice(0, 300)}… (${lines.length} characters)` : lines,
        );
        return { ...r, bytes: Buffer.from(lines, 'utf8'), [fc.toStringMethod]: () => shown };
      });

  it(`answers ${RUNS} hostile requests for its paths with a 2xx/304 of the real trip or a 4xx JSON, never a 5xx`, async () => {
    const answeredBefore = t.ctx.publicTracking.fastLane.answered;
    await fc.assert(
      fc.asyncProperty(request(), async (r) => {
        const answer = await sendRaw(port, r.bytes, { head: r.method === 'HEAD' });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const seen = `the answer ${answer.status} ${JSON.stringify(answer.headers)} ${answer.body.slice(0, 200)}`;
        expect(answer.status, `no 5xx: ${seen}`).toBeLessThan(500);
        expect(answer.headers['x-content-type-options'], seen).toBe('nosniff');
        if (answer.status === 304) {
          expect(r.ifNoneMatch, 'a 304 only for a conditional request').not.toBe('');
        } else if (answer.status < 300) {
          expect(answer.status).toBe(200);
          if (r.method === 'GET') expect(pages, 'a 200 is one of the real pages').toContain(answer.body);
        } else if (answer.body !== '' || r.method !== 'HEAD') {
          expect(answer.status, seen).toBeGreaterThanOrEqual(400);
          expect(answer.headers['content-type'], seen).toMatch(/^application\/json/);
          expect(JSON.parse(answer.body), seen).toMatchObject({ message: expect.any(String) });
        }
      }),
      { numRuns: RUNS },
    );
    expect(thrown, 'the lane never throws').toEqual([]);
    // The property reached the lane itself, not only the routes behind it.
    expect(t.ctx.publicTracking.fastLane.answered - answeredBefore).toBeGreaterThan(RUNS / 40);
    expect(
      [...statuses.keys()].some((s) => s >= 400),
      `statuses ${JSON.stringify([...statuses])}`,
    ).toBe(true);
  });

  it('still answers the real pages from memory afterwards', async () => {
    const before = t.ctx.publicTracking.fastLane.answered;
    for (const [i, path] of [`${PREFIX}${trackingId}`, `${PREFIX}ongoing/${shareId}`].entries()) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(pages[i]);
    }
    expect(t.ctx.publicTracking.fastLane.answered).toBe(before + 2);
  });
});
