// API tests on the embedded PGlite, then the same tests on a real PostgreSQL when one is reachable
// (TEST_DATABASE_URL or DATABASE_URL). Under CI=true PostgreSQL is required.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const run = (args, env) => {
  console.info(`\n▶ vitest ${args.join(' ')} (${env.TEST_DB})`);
  const r = spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(['--project', 'api'], { TEST_DB: 'pglite' });

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ci = process.env.CI === 'true' || process.env.CI === '1';
let reachable = false;
if (url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    console.info(`PostgreSQL ${rows[0].server_version} reachable for the API tests`);
    reachable = true;
  } catch (err) {
    console.error(`PostgreSQL at DATABASE_URL is not reachable: ${err.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
if (!reachable) {
  if (ci) {
    console.error(
      'CI=true: the API tests must also run on PostgreSQL. Set DATABASE_URL (bash .ci/run does).',
    );
    process.exit(1);
  }
  console.warn(
    'Skipping the PostgreSQL run of the API tests: set DATABASE_URL to a PostgreSQL server to include it.',
  );
  process.exit(0);
}
run(['--project', 'api-postgres'], { TEST_DB: 'postgres', TEST_DATABASE_URL: url });
