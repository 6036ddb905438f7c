import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { FILE_STORE_UNAVAILABLE_MESSAGE, registerErrorHandling } from './errors';
import { S3StorageError } from './s3-storage';

const INTERNAL = { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };

async function buildTestApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.get('/boom', async () => {
    throw new Error('connection string postgres://secret@db');
  });
  app.get('/boom-async', () =>
    Promise.reject(new TypeError("Cannot read properties of undefined (reading 'secret')")),
  );
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'x');
  });
  app.get('/limited', async () => {
    throw new AppError('RATE_LIMITED', 'slow', { retryAfterSeconds: 42 });
  });
  app.get('/not-activated', async () => {
    throw new AppError('ACCOUNT_NOT_ACTIVATED', 'Activate first');
  });
  app.get('/with-fields', async () => {
    throw new AppError('UNPROCESSABLE', 'Check the form', {
      errors: [{ field: 'tin', message: 'Already registered' }],
    });
  });
  app.get('/teapot', async () => {
    throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
  });
  app.get('/too-many', async () => {
    throw Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
  });
  app.get('/upstream', async () => {
    throw Object.assign(new Error('upstream at 10.0.0.7 refused'), { statusCode: 502 });
  });
  app.post('/strict', { schema: { body: z.strictObject({ a: z.string() }) } }, async (request) => ({
    got: request.body.a,
  }));
  app.post(
    '/nested',
    {
      schema: {
        body: z.strictObject({
          address: z.strictObject({ state: z.enum(['Lagos', 'Kano'], { error: 'Pick a state' }) }),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/search',
    { schema: { querystring: z.strictObject({ page: z.coerce.number().int().min(1, 'Page starts at 1') }) } },
    async (request) => ({ page: request.query.page }),
  );
  await app.ready();
  return app;
}

describe('registerErrorHandling', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers an unexpected error with a generic 500 that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(INTERNAL);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('postgres');
  });

  it('hides the message of a rejected promise too', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom-async' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(INTERNAL);
  });

  it('hides the message of a 5xx error that carries its own status', async () => {
    const res = await app.inject({ method: 'GET', url: '/upstream' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(INTERNAL);
    expect(res.body).not.toContain('10.0.0.7');
  });

  it('maps an AppError code to its status and passes its message on', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'x', code: 'CONFLICT' });
    expect(res.headers['retry-after']).toBeUndefined();

    const forbidden = await app.inject({ method: 'GET', url: '/not-activated' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Activate first', code: 'ACCOUNT_NOT_ACTIVATED' });
  });

  it('sends retry-after with a rate-limit refusal', async () => {
    const res = await app.inject({ method: 'GET', url: '/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual({ message: 'slow', code: 'RATE_LIMITED' });
  });

  it('includes the field errors an AppError carries', async () => {
    const res = await app.inject({ method: 'GET', url: '/with-fields' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Check the form',
      code: 'UNPROCESSABLE',
      errors: [{ field: 'tin', message: 'Already registered' }],
    });
  });

  it('passes on the message of another 4xx error', async () => {
    const teapot = await app.inject({ method: 'GET', url: '/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ message: 'I am a teapot', code: 'BAD_REQUEST' });

    const tooMany = await app.inject({ method: 'GET', url: '/too-many' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ message: 'Rate limit exceeded', code: 'RATE_LIMITED' });
  });

  it('names a wrong field and each unknown field of a strict body', async () => {
    const res = await app.inject({ method: 'POST', url: '/strict', payload: { a: 1, b: 2 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors).toHaveLength(2);
    expect(body.errors).toContainEqual({ field: 'a', message: expect.stringMatching(/string/i) });
    expect(body.errors).toContainEqual({ field: 'b', message: 'Unknown field' });
    expect(body.message).toMatch(/^Invalid request\. /);
    expect(body.message).toContain('b: Unknown field');
  });

  it('lists every unknown key on its own', async () => {
    const res = await app.inject({ method: 'POST', url: '/strict', payload: { a: 'ok', b: 2, c: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'b', message: 'Unknown field' },
      { field: 'c', message: 'Unknown field' },
    ]);
  });

  it('accepts a body that matches the schema', async () => {
    const res = await app.inject({ method: 'POST', url: '/strict', payload: { a: 'ok' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: 'ok' });
  });

  it('names a nested field with dots', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/nested',
      payload: { address: { state: 'Texas' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'address.state', message: 'Pick a state' }]);
  });

  it('prefixes a bad query parameter with query.', async () => {
    const res = await app.inject({ method: 'GET', url: '/search?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request. query.page: Page starts at 1',
      code: 'BAD_REQUEST',
      errors: [{ field: 'query.page', message: 'Page starts at 1' }],
    });
    const unknown = await app.inject({ method: 'GET', url: '/search?page=1&sort=asc' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'query.sort', message: 'Unknown field' }]);
  });

  it('answers invalid JSON with a 400 JSON message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/strict',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('explains an empty JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/strict',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is empty; send a JSON object',
      code: 'BAD_REQUEST',
    });
  });

  it('asks for JSON when the body is sent as something else', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/strict',
      headers: { 'content-type': 'application/xml' },
      payload: '<a>x</a>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Send the request body as application/json', code: 'BAD_REQUEST' });
  });
});

describe('an unreachable database', () => {
  const unavailable = {
    message:
      'The service is briefly unavailable (its database does not answer). Please try again in a few seconds.',
    code: 'UNAVAILABLE',
  };
  /** Drizzle's wrapping: the driver's error is the cause of a "Failed query" error. */
  const failedQuery = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
  const cases: [string, unknown][] = [
    [
      'refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['server shut down', failedQuery(Object.assign(new Error('terminating connection'), { code: '57P01' }))],
    [
      'server starting',
      failedQuery(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ],
    ['connection failure', failedQuery(Object.assign(new Error('connection failure'), { code: '08006' }))],
    ['cut connection', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
  ];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/fail/:n', async (request) => {
      const n = Number((request.params as { n: string }).n);
      throw n < cases.length
        ? cases[n]![1]
        : failedQuery(Object.assign(new Error('duplicate key'), { code: '23505' }));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(cases.map(([name], n) => [name, n] as const))(
    'answers a %s with 503 and a message',
    async (_, n) => {
      const res = await app.inject({ method: 'GET', url: `/fail/${n}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual(unavailable);
    },
  );

  it('still answers any other database error as a 500', async () => {
    const res = await app.inject({ method: 'GET', url: `/fail/${cases.length}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(INTERNAL);
  });
});

describe('an object store that does not answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/upload', async () => {
      // fetch's own failure carries the socket's code, as a refused database connection does.
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), {
        code: 'ECONNREFUSED',
      });
      throw new S3StorageError('S3 PUT uploads/abc: fetch failed', null, null, { cause: refused });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 with a message about the file store, not the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/upload' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ message: FILE_STORE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
  });
});
