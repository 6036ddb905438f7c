import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from '../test/event-stream';
import { sendRaw } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';

describe('answers to requests that never reach a route', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    port = Number(new URL(await listening(t.app)).port);
  });
  afterAll(() => t.close());

  /** The answer is the API's JSON with a message and carries the JSON security headers (sendRaw: alone). */
  async function refused(request: string, status: number) {
    const answer = await sendRaw(port, request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    return JSON.parse(answer.body) as { message: string; code: string };
  }

  it('refuses bytes HTTP does not allow with a 400 that says so', async () => {
    const body = await refused(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\u0000b\r\nConnection: close\r\n\r\n',
      400,
    );
    expect(body).toEqual({
      message: 'The request is not valid HTTP: check its request line and headers.',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses headers past the size limit with a 431', async () => {
    const body = await refused(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      431,
    );
    expect(body.message).toBe('The request headers are too large.');
  });

  it('refuses an HTTP/1.1 request without a Host header, and serves an HTTP/1.0 one', async () => {
    const body = await refused('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n', 400);
    expect(body.message).toBe('The request has no Host header.');
    const answer = await sendRaw(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(200);
  });

  it('sends one answer when a refused request is followed by bytes that do not parse', async () => {
    // Refused for its missing Host, then its body (announced as a transfer coding no one knows) fails to parse.
    const body = await refused(
      'GET /api/health HTTP/1.1\r\nTransfer-Encoding: !\r\nConnection: close\r\n\r\nxyz',
      400,
    );
    expect(body.message).toBe('The request has no Host header.');
  });

  it('refuses a broken percent-encoding without repeating the address back', async () => {
    const address = `/api/v1/trips/open-access/%E0%A4%A${'<script>'.repeat(10)}`;
    const body = await refused(
      `GET ${address} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      400,
    );
    expect(body).toEqual({
      message: 'The address is not valid: check its percent-encoding (%XX).',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a path parameter past the router limit with a 414', async () => {
    const body = await refused(
      `GET /api/v1/trips/open-access/${'a'.repeat(500)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      414,
    );
    expect(body.message).toBe('A part of the address is too long.');
  });

  it('gives a route refused before its handler runs the security headers of a JSON answer', async () => {
    // The tracking routes send fixed headers of their own from their handler; a malformed id never gets there.
    const body = await refused(
      'GET /api/v1/trips/open-access/abc%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      400,
    );
    expect(body.message).toMatch(/NUL/);
  });
});
