// API tests on the embedded PGlite, then on a real PostgreSQL when one is reachable (TEST_DATABASE_URL
// or DATABASE_URL). Under CI=true PostgreSQL is required. Without PostgreSQL every file runs on PGlite;
// with it, every file runs on PostgreSQL and the files of ON_PGLITE_TOO on PGlite as well (decision 037).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * What differs between the engines is the way in, not the SQL (PGlite is PostgreSQL compiled to
 * WebAssembly): the client and its worker thread, prepared statements, LISTEN/NOTIFY, migrations and
 * seeds (src/db), and the files that branch on TEST_DB. Add to it the chain that rests most on triggers
 * and hand-written SQL, from an order to its trip, reports, scores and return loads. The browser
 * journeys run every screen on PGlite besides (e2e/playwright.config.ts).
 */
const ON_PGLITE_TOO = [
  'src/db/',
  'src/compiled-server.test.ts',
  'src/env.test.ts',
  'src/plugins/trip-events.test.ts',
  'src/plugins/storage.test.ts',
  'src/modules/health/',
  'src/modules/admin/admin-company.test.ts',
  'src/modules/order/award.test.ts',
  'src/modules/bid/market.test.ts',
  'src/modules/trip/trip-status.test.ts',
  'src/modules/trip/trip-detail.test.ts',
  'src/modules/fleet/fleet-deactivation.test.ts',
  'src/modules/public-tracking/public-rate-limit.test.ts',
  'src/modules/public-tracking/public-tracking-events.test.ts',
  'src/modules/public-tracking/public-tracking-instances.test.ts',
  'src/modules/telematics/position-poller.test.ts',
  'src/modules/report/trip-report-facts.test.ts',
  'src/modules/scorecard/',
  'src/modules/return-load/',
];
/**
 * Of those, files that need not run twice: the demo seed is laid on PGlite by every browser journey's
 * server (and its test, 100 s on PGlite, runs on PostgreSQL).
 */
const NOT_ON_PGLITE_TOO = ['src/db/seed/demo.test.ts'];

const run = (args, env) => {
  console.info(`\n▶ vitest ${args.join(' ')} (${env.TEST_DB})`);
  const r = spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

async function reachablePostgres(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    console.info(`PostgreSQL ${rows[0].server_version} reachable for the API tests`);
    return true;
  } catch (err) {
    console.error(`PostgreSQL at DATABASE_URL is not reachable: ${err.message}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ci = process.env.CI === 'true' || process.env.CI === '1';
const onPostgres = url ? await reachablePostgres(url) : false;
if (!onPostgres && ci) {
  console.error('CI=true: the API tests must also run on PostgreSQL. Set DATABASE_URL (bash .ci/run does).');
  process.exit(1);
}

run(
  [
    '--project',
    'api',
    ...(onPostgres ? [...ON_PGLITE_TOO, ...NOT_ON_PGLITE_TOO.flatMap((file) => ['--exclude', file])] : []),
  ],
  { TEST_DB: 'pglite' },
);
if (!onPostgres) {
  console.warn(
    'Skipped the PostgreSQL run of the API tests: set DATABASE_URL to a PostgreSQL server to include it.',
  );
  process.exit(0);
}
run(['--project', 'api-postgres'], { TEST_DB: 'postgres', TEST_DATABASE_URL: url });
