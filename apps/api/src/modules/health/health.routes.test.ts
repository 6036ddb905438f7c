import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app';

describe('platform endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database kind in use', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('publishes an OpenAPI document covering every endpoint', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/user',
      '/api/v1/user/enrolment/email/resend',
      '/api/v1/user/enrolment/phone/check',
      '/api/v1/user/enrolment/activate',
      '/api/v1/auth/login',
      '/api/v1/auth/refresh',
      '/api/v1/auth/logout',
      '/api/v1/user/password/reset/initiate',
      '/api/v1/user/password/reset/',
      '/api/v1/user/me',
      '/api/v1/user/company',
      '/api/v1/company/documents/validate',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
    const signup = res.body.paths['/api/v1/user'].post;
    expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'email',
        'firstName',
        'lastName',
        'companyName',
        'phoneNumber',
        'password',
        'type',
      ]),
    );
  });

  it('documents every marketplace operation with its request and response schemas', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, any>>;
    for (const p of [
      '/api/v1/orders',
      '/api/v1/orders/{id}',
      '/api/v1/orders/{id}/award',
      '/api/v1/orders/{id}/cancel',
      '/api/v1/orders/quote-documents',
      '/api/v1/bids',
      '/api/v1/bids/{id}',
      '/api/v1/bids/{id}/withdraw',
      '/api/v1/bids/open-orders',
      '/api/v1/bids/monitored',
      '/api/v1/bids/won',
      '/api/v1/preferred-partners',
      '/api/v1/lookups/terminals',
      '/api/v1/dashboard/customer',
      '/api/v1/dashboard/transporter',
      '/api/v1/trips',
      '/api/v1/company/documents',
      '/api/v1/admin/companies/{id}/verify',
      '/api/v1/admin/companies/{id}/reject',
    ]) {
      expect(paths, p).toHaveProperty([p]);
    }
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses as Record<string, any>).filter(([s]) =>
          s.startsWith('2'),
        );
        expect(success.length, `${method} ${path} has a success response`).toBeGreaterThan(0);
        for (const [status, response] of success) {
          if (status === '204') continue;
          // A download documents its bytes, a live stream its events; everything else its JSON schema.
          const body =
            response.content?.['application/json'] ??
            response.content?.['application/octet-stream'] ??
            response.content?.['text/event-stream'];
          expect(body?.schema, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
    expect(paths['/api/v1/orders']!.post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['cargoType', 'pickup', 'recipient', 'bidDetails']),
    );
    const upload = paths['/api/v1/company/documents']!.post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.properties.type.enum).toEqual(['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE']);
    const download = paths['/api/v1/trips/documents/{id}']!.get.responses['200'];
    expect(download.content['application/octet-stream'].schema).toEqual({ type: 'string', format: 'binary' });
    const stream = paths['/api/v1/trips/open-access/{trackingId}/events']!.get.responses;
    expect(Object.keys(stream['200'].content)).toEqual(['text/event-stream']);
    expect(stream['404'].content['application/json'].schema).toBeDefined();
    const quote = paths['/api/v1/orders/quote-documents']!.post.requestBody.content['multipart/form-data'];
    expect(quote.schema.required).toEqual(['file']);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('answers unknown API routes with a JSON 404 carrying a message', async () => {
    const res = await call(t.app, 'GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No such API route/);
  });

  it('lists the outbox newest first outside production', async () => {
    await t.ctx.mailer.send({
      to: 'a@example.com',
      subject: 'First',
      text: 'See https://x.test/one',
      html: '<p>1</p>',
    });
    await t.ctx.mailer.send({
      to: 'a@example.com',
      subject: 'Second',
      text: 'See https://x.test/two',
      html: '<p>2</p>',
    });
    const res = await call(t.app, 'GET', '/api/dev/outbox');
    expect(res.status).toBe(200);
    const list = res.body as unknown as {
      subject: string;
      links: string[];
      to: string;
      html: string;
      text: string;
    }[];
    expect(list.map((m) => m.subject).slice(0, 2)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({ to: 'a@example.com', links: ['https://x.test/two'], html: '<p>2</p>' });
  });

  it('has no outbox endpoint when mail goes out through SMTP, whatever NODE_ENV says', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const res = await call(smtp.app, 'GET', '/api/dev/outbox');
      expect(res.status).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it('has no outbox endpoint in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://freightlane.test',
    });
    try {
      const res = await call(prod.app, 'GET', '/api/dev/outbox');
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
