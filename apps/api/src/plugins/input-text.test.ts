import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { createVerifiedCustomer, createVerifiedTransporter } from '../test/marketplace';
import { multipartBody } from '../test/multipart';
import { unstorableTextField } from '../lib/unstorable-text';

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, unknown> };
}

describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  let operations: Operation[];
  const tokens: { role: string; token: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
    );
    tokens.push({ role: 'customer', token: (await createVerifiedCustomer(t)).accessToken });
    tokens.push({ role: 'transporter', token: (await createVerifiedTransporter(t)).accessToken });
  }, 60_000);
  afterAll(() => t.close());

  const concrete = (path: string, value = '00000000-0000-4000-8000-000000000000') =>
    path.replace(/\{[^}]+\}/g, value);

  it('is found anywhere in a request part and named by its path', () => {
    expect(unstorableTextField({ q: 'a\u0000b' }, 'query')).toBe('query.q');
    expect(unstorableTextField({ items: [{ name: 'ok' }, { name: '\u0000' }] }, '')).toBe('items.1.name');
    expect(unstorableTextField({ ['a\u0000']: 1 }, '')).toBe('a\\0');
    expect(unstorableTextField('\u0000', '')).toBe('body');
    expect(unstorableTextField({ q: 'Ikeja \u{1F69A} 🇳🇬', n: 3, list: ['x'] }, 'query')).toBeNull();
  });

  it('in a search answers 400 naming query.q on every list that searches, for every role', async () => {
    const searched = operations.filter(
      (op) => op.method === 'GET' && op.parameters?.some((p) => p.in === 'query' && p.name === 'q'),
    );
    // The nine lists where a NUL byte once answered 500, and more since.
    expect(searched.length).toBeGreaterThanOrEqual(9);
    for (const op of searched) {
      for (const q of ['%00', 'phoneNumber:%00', 'MSKU%00123']) {
        for (const { token } of [{ token: undefined }, ...tokens]) {
          const res = await call(t.app, 'GET', `${concrete(op.path)}?q=${q}`, undefined, { token });
          expect(res.status, `${op.path}?q=${q}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.errors).toEqual([
            { field: 'query.q', message: 'Text must not contain a NUL character' },
          ]);
        }
      }
    }
  });

  it('in any query parameter, path parameter or JSON body field answers 400, never 500', async () => {
    for (const op of operations) {
      const { token } = tokens[0]!;
      const url = concrete(op.path);
      for (const param of op.parameters?.filter((p) => p.in === 'query') ?? []) {
        const res = await call(t.app, op.method as 'GET', `${url}?${param.name}=a%00`, undefined, { token });
        expect(res.status, `${op.method} ${url}?${param.name}`).toBe(400);
        expect(res.body.errors[0].field).toBe(`query.${param.name}`);
      }
      if (op.path.includes('{')) {
        const res = await call(t.app, op.method as 'GET', concrete(op.path, 'abc%00'), undefined, { token });
        expect(res.status, `${op.method} ${op.path} with a NUL in the path`).toBe(400);
        expect(res.body.errors[0].field).toMatch(/^params\./);
      }
      if (op.requestBody?.content?.['application/json']) {
        const res = await call(t.app, op.method as 'POST', url, { note: 'Gate\u0000 3' }, { token });
        expect(res.status, `${op.method} ${url} with a NUL in the body`).toBe(400);
        expect(res.body.errors[0].field).toBe('note');
      }
    }
  });

  it('in a multipart text field answers 400 naming the field', async () => {
    const { token } = tokens[0]!;
    const form = multipartBody({ type: 'CAC\u0000' }, { fileName: 'cac.pdf', content: '%PDF-1.4\n%%EOF\n' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/documents',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'type', message: 'Text must not contain a NUL character' }]);
  });
});
