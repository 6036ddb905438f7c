import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { createVerifiedCustomer } from '../test/marketplace';
import { startTracing, tracingFromEnv } from './tracing';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A collector's OTLP/HTTP endpoint, as the exporter speaks it (JSON): keeps every span it is sent. */
async function collector() {
  const spans: OtlpSpan[] = [];
  const services = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        for (const resource of JSON.parse(body).resourceSpans ?? []) {
          for (const a of resource.resource?.attributes ?? []) {
            if (a.key === 'service.name') services.add(a.value.stringValue);
          }
          for (const scope of resource.scopeSpans ?? []) spans.push(...scope.spans);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, services, close: () => server.close() };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('traces (OpenTelemetry, OTLP)', () => {
  let sink: Awaited<ReturnType<typeof collector>>;
  let tracing: ReturnType<typeof startTracing>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await collector();
    tracing = startTracing({ url: `${sink.url}/v1/traces`, serviceName: 'freightlane-test' }, pg.Client);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await tracing.stop();
    sink.close();
  });

  it('reads where to send them from the standard variables, and is off without them', () => {
    expect(tracingFromEnv({})).toBeNull();
    expect(tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'freightlane',
      headers: {},
    });
    expect(
      tracingFromEnv({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/v1/traces',
        OTEL_EXPORTER_OTLP_HEADERS: 'api-key=abc%3D,x-team=ops',
        OTEL_SERVICE_NAME: 'freightlane-eu',
      }),
    ).toEqual({
      url: 'https://otlp.example.com/v1/traces',
      serviceName: 'freightlane-eu',
      headers: { 'api-key': 'abc=', 'x-team': 'ops' },
    });
    expect(
      tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBeNull();
  });

  it('follows a request into its statements, continuing the caller’s trace, and a job into its own', async () => {
    const customer = await createVerifiedCustomer(t);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/trips?size=5',
      headers: {
        authorization: `Bearer ${customer.accessToken}`,
        traceparent: `00-${traceId}-${callerSpan}-01`,
      },
    });
    expect(res.statusCode).toBe(200);
    t.ctx.jobs.handle('test.traced', async () => {
      await call(t.app, 'GET', '/api/health');
    });
    await t.ctx.jobs.enqueue(t.ctx.db, 'test.traced', {});
    await t.ctx.jobs.drain();
    await tracing.flush();

    expect(sink.services).toContain('freightlane-test');
    const request = sink.spans.find((s) => s.name === 'GET /api/v1/trips' && s.traceId === traceId);
    expect(request).toBeDefined();
    expect(request!.parentSpanId).toBe(callerSpan);
    expect(attribute(request!, 'http.response.status_code')).toBe(200);
    expect(attribute(request!, 'http.route')).toBe('/api/v1/trips');

    const job = sink.spans.find((s) => s.name === 'job test.traced');
    expect(job).toBeDefined();
    expect(attribute(job!, 'job.kind')).toBe('test.traced');

    if (t.ctx.database.kind === 'postgres') {
      const statements = sink.spans.filter(
        (s) => s.name === 'db.query' && s.parentSpanId === request!.spanId,
      );
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.every((s) => s.traceId === traceId)).toBe(true);
      // The statement's text with its placeholders, never the values.
      expect(statements.some((s) => String(attribute(s, 'db.query.text')).includes('$1'))).toBe(true);
      expect(JSON.stringify(statements)).not.toContain(customer.company.id);
    }
  });
});
