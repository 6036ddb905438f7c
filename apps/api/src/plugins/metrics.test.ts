import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { tripWorld } from '../test/trip-world';

const TOKEN = 'metrics-token-'.padEnd(40, 'x');

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The value of one series of the exposition (a name with its labels in order), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only a scraper with the token on the app’s port', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}y` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await scrape()).toContain('# TYPE http_requests_total counter');
  });

  it('answers without a token on its own port, and nothing else there', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  it('counts requests by route template and status, never by the path itself', async () => {
    const before = await scrape();
    const series = 'http_requests_total{method="GET",route="/api/v1/trips/:id",status_code="401"}';
    const was = valueOf(before, series) ?? 0;
    for (let i = 0; i < 3; i++) await call(t.app, 'GET', `/api/v1/trips/${crypto.randomUUID()}`);
    const after = await scrape();
    expect(valueOf(after, series)).toBe(was + 3);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/trips\/:id",status_code="401"\} \d+/,
    );
    expect(after).not.toMatch(/route="\/api\/v1\/trips\/[0-9a-f]{8}-/);
    await t.app.inject({ method: 'GET', url: '/api/v1/no/such/path' });
    expect(await scrape()).toMatch(
      /http_requests_total\{method="GET",route="unmatched",status_code="404"\} \d+/,
    );
  });

  it('shows the job queue, jobs run, positions stored, caches and the tracking poller', async () => {
    t.ctx.jobs.handle('test.metrics', async () => undefined);
    await t.ctx.jobs.enqueue(t.ctx.db, 'test.metrics', {}, new Date(Date.now() - 90_000));
    let text = await scrape();
    expect(valueOf(text, 'freightlane_jobs_waiting{kind="test.metrics"}')).toBe(1);
    expect(
      valueOf(text, 'freightlane_jobs_oldest_waiting_seconds{kind="test.metrics"}'),
    ).toBeGreaterThanOrEqual(89);
    await t.ctx.jobs.drain();

    const w = await tripWorld(t);
    const trip = await w.newTrip();
    const { driver } = await w.assignFleet(trip.id);
    // The driver's phone link sends a position, as the driver page does.
    const link = await call(t.app, 'POST', `/api/v1/fleet/drivers/${driver.id}/phone-link`, undefined, {
      token: w.transporter.accessToken,
    });
    expect(link.status).toBe(201);
    const sent = await call(t.app, 'POST', `/api/v1/driver/${link.body.token}/positions`, {
      positions: [
        { recordedAt: new Date(Date.now() - 60_000).toISOString(), latitude: 6.45, longitude: 3.39 },
      ],
    });
    expect(sent.status).toBe(200);
    await call(t.app, 'GET', '/api/v1/public/tracking/TRP-0000-000000');

    text = await scrape();
    expect(text).not.toMatch(/freightlane_jobs_waiting\{kind="test\.metrics"\}/);
    expect(valueOf(text, 'freightlane_jobs_run_total{kind="test.metrics",outcome="done"}')).toBe(1);
    expect(valueOf(text, 'freightlane_positions_stored_total{source="DRIVER_PHONE"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).toMatch(
      /freightlane_answer_cache_requests_total\{cache="public_tracking",outcome="(hit|miss)"\} \d+/,
    );
    expect(text).toMatch(
      /freightlane_answer_cache_requests_total\{cache="company_answers",outcome="miss"\} \d+/,
    );
    expect(text).toContain('# TYPE freightlane_tracking_poll_lag_seconds gauge');
    expect(text).toContain('# TYPE freightlane_notifications_total counter');
    expect(text).toContain('# TYPE freightlane_public_fast_lane_answers_total counter');
    if (t.ctx.database.kind === 'postgres') {
      expect(valueOf(text, 'freightlane_db_pool_connections{state="max"}')).toBeGreaterThan(0);
    } else {
      expect(text).not.toMatch(/^freightlane_db_pool_connections\{/m);
    }
  });
});

describe('the alert rules and the dashboard in deploy/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('name only metrics the app gives (the host’s node_* aside)', async () => {
    const deploy = path.resolve(import.meta.dirname, '../../../../deploy');
    const used = new Set<string>();
    for (const file of ['prometheus/alerts.yml', 'grafana/dashboards/freightlane.json']) {
      const text = fs.readFileSync(path.join(deploy, file), 'utf8');
      for (const [name] of text.matchAll(/\b(?:http|freightlane|nodejs|process)_[a-z0-9_]+\b/g)) {
        used.add(name.replace(/_(bucket|sum|count)$/, ''));
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const given = new Set([...res.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect([...used].filter((name) => !given.has(name))).toEqual([]);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not there: the path is the web app’s, like any other page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    // Whatever answers the path (the web app's page, or a note that it is not built), no metric is in it.
    expect(res.body).not.toContain('# TYPE');
    expect(res.body).not.toContain('http_requests_total');
  });
});
