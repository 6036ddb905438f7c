import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { httpRequestDuration, httpRequests, processMetrics } from '../lib/metrics';
import { trackingPollLag, waitingJobs } from '../queries/metrics.repository';

/** What the app's gauges read when scraped. */
type MetricsContext = Pick<AppContext, 'db' | 'database' | 'answers' | 'publicTracking'>;

/**
 * The app's own gauges, read when Prometheus scrapes: the database pool, the job queue, how late the
 * tracking poller is, and the answer caches' hits and misses (kept by the caches themselves).
 */
export function appMetrics(ctx: MetricsContext): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'freightlane_db_pool_connections',
    help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = ctx.database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });
  // The two job gauges are read together in a scrape: one read of the queue serves both.
  let queue: Promise<{ kind: string; waiting: number; oldest: number }[]> | null = null;
  const readQueue = () =>
    (queue ??= waitingJobs(ctx.db).finally(() => {
      queue = null;
    }));
  new Gauge({
    name: 'freightlane_jobs_waiting',
    help: 'Background jobs due and not yet done, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readQueue()) this.set({ kind: row.kind }, row.waiting);
    },
  });
  new Gauge({
    name: 'freightlane_jobs_oldest_waiting_seconds',
    help: 'How long the oldest due job of each kind has waited',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readQueue()) this.set({ kind: row.kind }, row.oldest);
    },
  });
  new Gauge({
    name: 'freightlane_tracking_poll_lag_seconds',
    help: 'How overdue the most overdue tracking account of each provider kind is (0 when on time)',
    labelNames: ['provider'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await trackingPollLag(ctx.db)) this.set({ provider: row.provider }, row.lag);
    },
  });
  const caches = [
    { name: 'company_answers', counts: () => ctx.answers },
    { name: 'public_tracking', counts: () => ctx.publicTracking.cache.tracking },
    { name: 'ongoing_trips_links', counts: () => ctx.publicTracking.cache.ongoing },
  ];
  const seen = new Map<string, number>();
  new Counter({
    name: 'freightlane_answer_cache_requests_total',
    help: 'Answers looked up in the in-memory caches, by cache and outcome (hit, miss)',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
    collect() {
      for (const cache of caches) {
        const counts = cache.counts();
        for (const outcome of ['hit', 'miss'] as const) {
          const key = `${cache.name}:${outcome}`;
          const now = outcome === 'hit' ? counts.hits : counts.misses;
          const before = seen.get(key) ?? 0;
          // A cache that started over (its counts went back) counts on from where it is.
          this.inc({ cache: cache.name, outcome }, Math.max(0, now - before));
          seen.set(key, now);
        }
      }
    },
  });
  return registry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the metrics token as its bearer token (compared in constant time). */
function carriesToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Counts every answer by route template and status, and serves GET /metrics: on the app's port to a
 * scraper with METRICS_TOKEN, and on METRICS_PORT (METRICS_HOST, the machine only by default) without one.
 * Neither set, /metrics is no route of the API (the web app's page answers it). Not in the OpenAPI document.
 */
export async function registerMetrics(app: FastifyInstance, ctx: MetricsContext & Pick<AppContext, 'env'>) {
  app.addHook('onResponse', async (request, reply) => {
    // The route's template, never the path: ids in paths would make a series per trip.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const all = Registry.merge([processMetrics, appMetrics(ctx)]);
  const { METRICS_TOKEN: token, METRICS_PORT: port, METRICS_HOST: host } = ctx.env;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!carriesToken(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Not authorised' });
      }
      return reply
        .header('content-type', all.contentType)
        .header('cache-control', 'no-store')
        .send(await all.metrics());
    });
  }
  if (port) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      all.metrics().then(
        (text) => res.writeHead(200, { 'content-type': all.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be read');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
}
