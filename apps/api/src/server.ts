import path from 'node:path';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { seedDemo } from './db/seed/demo';
import { seedReferenceData } from './db/seed/reference';
import { ConfigError, loadEnv } from './env';
import { resolveJwtSecret } from './lib/secret';
import { startTracing, tracingFromEnv } from './lib/tracing';
import { prepareAuditLog } from './modules/admin';
import { preparePositionHistory } from './modules/telematics';

/** Under the 30 s a container runtime gives a stopping process before it kills it. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Traces only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, decision 042).
  const traces = tracingFromEnv();
  const tracing = traces
    ? startTracing(traces, env.DATABASE_URL ? (await import('pg')).default.Client : undefined)
    : null;
  if (traces) console.info(`Sending traces to ${traces.url}`);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    poolSize: env.DATABASE_POOL_SIZE,
    parallelWorkers: env.DATABASE_PARALLEL_WORKERS,
  });
  // The standby's pool is as large as the primary's: the heavy reads it takes would otherwise queue there.
  const replica = env.DATABASE_REPLICA_URL
    ? await openDatabase({
        url: env.DATABASE_REPLICA_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        parallelWorkers: env.DATABASE_PARALLEL_WORKERS,
      })
    : undefined;
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  // The days positions may arrive for get their partitions before the first one comes in.
  await preparePositionHistory({ db: database.db });
  // So does the audit log's month, and the next three.
  await prepareAuditLog({ db: database.db });
  const { app, ctx } = await buildApp({ env, database, replica, jwtSecret: resolveJwtSecret(env) });
  if (env.seedDemo) {
    const seeded = await seedDemo(ctx);
    if (seeded) {
      // The demo's own story (orders, bids, trips) queued its notifications: they are sent before the
      // server opens, so the first visitors' notifications are not queued behind hundreds of them.
      await ctx.jobs.drain();
      console.info('Seeded the demo data.');
    }
  }
  ctx.jobs.start();
  ctx.positionPoller.start();
  ctx.tripWatch.start();
  const maintenance = setInterval(() => void ctx.rateLimiter.prune().catch(() => undefined), 60 * 60 * 1000);
  maintenance.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    clearInterval(maintenance);
    // Requests under way are answered and jobs under way finish first; one that never does (a mail
    // server that stalls) must not keep a stopping instance alive. Its job runs again after its lease.
    const giveUp = setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    giveUp.unref();
    try {
      await app.close();
      await database.close();
      await replica?.close();
      await tracing?.stop();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  console.info(
    `Freightlane is running on ${env.appUrl} (database: ${database.kind}${replica ? ', with a read replica' : ''})`,
  );
  if (env.TRACKING_CACHE_WARM && env.TRACKING_CACHE_ENTRIES > 0) {
    // In the background: lookups are answered from the database until their trip's answer is loaded.
    void ctx.publicTracking.cache.keepWarm(
      (pass) =>
        app.log.info(
          { trips: pass.trips, ms: pass.ms, complete: pass.complete },
          pass.complete
            ? 'tracking answers of every tracked trip are in memory'
            : 'tracking answers fill the cache; the remaining trips load on demand (raise TRACKING_CACHE_ENTRIES)',
        ),
      (error) => app.log.error({ err: error }, 'loading the tracking answers into memory failed'),
    );
  }
}

main().catch((err: unknown) => {
  console.error('Freightlane could not start:', err);
  process.exit(1);
});
