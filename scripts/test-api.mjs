// API tests on the embedded PGlite, then the same tests on a real PostgreSQL when one is reachable
// (TEST_DATABASE_URL or DATABASE_URL). Under CI=true PostgreSQL is required.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * Suites that ask who may do what of every operation (the access matrix, 2,700 requests) and throw
 * malformed input at every operation (the fuzz suite): their answers come from the API's checks, which no
 * database engine changes, so when PostgreSQL is there they run once, on it, the production engine.
 */
const ONCE_ON_POSTGRES = ['src/security/access-matrix.test.ts', 'src/security/fuzz.test.ts'];

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

run(['--project', 'api', ...(onPostgres ? ONCE_ON_POSTGRES.flatMap((f) => ['--exclude', f]) : [])], {
  TEST_DB: 'pglite',
});
if (!onPostgres) {
  console.warn(
    'Skipped the PostgreSQL run of the API tests: set DATABASE_URL to a PostgreSQL server to include it.',
  );
  process.exit(0);
}
run(['--project', 'api-postgres'], { TEST_DB: 'postgres', TEST_DATABASE_URL: url });
