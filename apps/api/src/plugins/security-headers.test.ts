import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { helmetHeaders } from './security-headers';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'https://tiles.example.ng'],
      objectSrc: ["'none'"],
    },
  },
};

/** What helmet's own middleware sends on a real response, for comparison. */
async function headersFromHelmet(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((req, res) =>
    middleware(req, res, () => {
      res.end('ok');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const sent: Record<string, string> = {};
    const transport = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);
    res.headers.forEach((value, name) => {
      if (!transport.has(name)) sent[name] = value;
    });
    return sent;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers', () => {
  it('are the headers helmet itself sends for the same options', async () => {
    const fixed = helmetHeaders(OPTIONS);
    expect(fixed).toEqual(await headersFromHelmet(OPTIONS));
    expect(fixed['content-security-policy']).toContain("img-src 'self' https://tiles.example.ng");
    expect(fixed['x-content-type-options']).toBe('nosniff');
  });

  it('refuse options that would differ per request, such as a nonce', () => {
    let n = 0;
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => `'nonce-${++n}'`] } },
      }),
    ).toThrow(/static/);
  });

  describe('on the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 60_000);
    afterAll(() => t.close());

    it('come with answers, refusals and unknown paths alike', async () => {
      for (const path of ['/api/health', '/api/v1/user/me', '/api/v1/no-such-thing']) {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options'], path).toBe('SAMEORIGIN');
        // Over plain HTTP there is no Strict-Transport-Security: src/security/headers-and-files.test.ts.
        expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      }
      expect((await call(t.app, 'GET', '/api/v1/user/me')).status).toBe(401);
    });

    it('are left to the routes that send their own', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/trips/open-access/TRK-NOPE-0000' });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    });
  });
});
