/**
 * `npm run restore-drill`: the way back from a lost database, proved. A throwaway PostgreSQL 15 gets the
 * demo (the compiled server migrates and seeds it), or with DRILL_SOURCE_URL an existing database is the
 * source (the bench's million trips). Then, as docs/deploy.md tells an operator to: `pg_dump -Fc`, a fresh
 * server, `pg_restore --no-owner --exit-on-error -j 2`, every table's row count compared, the compiled
 * server started on the copy and on the source with the same secrets, and a sample of answers compared
 * (the demo customer's and transporter's lists and a trip). Prints each step's time; exits 1 on any
 * difference.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../apps/api/src/test/free-port';
import { atMost, machine, printFigures, reported, type Figure } from './figures';
import { startThrowawayPostgres, type PostgresServer } from './postgres-server';
import { refreshQualityDoc, RESTORE_REPORT, writeSideReport } from './quality-doc';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/api/dist/server.js');
const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const PASSWORD = 'demo-password-2026';

const say = (text: string) => console.info(`restore drill: ${text}`);
const secondsSince = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const seconds = (since: number) => `${secondsSince(since).toFixed(1)} s`;
const SCENARIO = 'restore';

/** A PostgreSQL client program, as the postgres user when run as root (as CI runs). */
async function pgTool(binary: string, args: string[]): Promise<void> {
  const file = path.join(binDir, binary);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  await run(command, argv, { maxBuffer: 16 * 1024 * 1024 });
}

/** Every table's row count (partitions counted in their parent), by name. */
async function rowCounts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(`
      SELECT format('%I.%I', n.nspname, c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
      ORDER BY 1`);
    const counts = new Map<string, number>();
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}`);
      counts.set(name, Number(rows[0]!.n));
    }
    return counts;
  } finally {
    await client.end();
  }
}

interface App {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The compiled server on a database, its output in a log of the drill's folder. */
async function startApp(name: string, databaseUrl: string, dir: string, env: Record<string, string>) {
  const port = await freePort();
  const log = path.join(dir, `${name}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, [server], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, `data-${name}`),
      LOG_LEVEL: 'warn',
      // The copy must not send anything: no mail, no tracking polls while answers are compared.
      TRACKING_CACHE_WARM: 'false',
      ...env,
    },
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended before answering; see ${log}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} did not turn healthy; see ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, child, stop } satisfies App;
}

async function signIn(app: App, email: string): Promise<string> {
  const res = await fetch(`${app.url}/api/v1/auth/login?clientId=WEB_CLIENT_APP`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`${email} could not sign in on ${app.url}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function answer(app: App, token: string, url: string): Promise<unknown> {
  const res = await fetch(`${app.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

async function main(): Promise<number> {
  if (!fs.existsSync(server)) throw new Error(`${server} is missing: npm run build`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-drill-'));
  fs.chmodSync(dir, 0o777);
  const servers: PostgresServer[] = [];
  const apps: App[] = [];
  const secrets = {
    JWT_SECRET: randomBytes(36).toString('base64url'),
    TRACKING_SECRET_KEY: randomBytes(32).toString('base64'),
  };
  let failures = 0;
  const figures: Figure[] = [];
  let drilledSource = false;
  try {
    let sourceUrl = process.env.DRILL_SOURCE_URL;
    const seeded = !sourceUrl;
    drilledSource = !seeded;
    if (!sourceUrl) {
      const source = await startThrowawayPostgres();
      servers.push(source);
      sourceUrl = source.url;
      const started = performance.now();
      const app = await startApp('seed', sourceUrl, dir, { ...secrets, SEED_DEMO: 'true' });
      await app.stop();
      say(`the demo seeded on a fresh PostgreSQL 15 in ${seconds(started)}`);
    }

    const before = await rowCounts(sourceUrl);
    const trips = before.get('public.trips') ?? 0;
    say(`source: ${before.size} tables, ${trips.toLocaleString('en')} trips`);
    figures.push(reported(SCENARIO, 'trips in the source', trips, 'trips'));

    const dump = path.join(dir, 'freightlane.dump');
    let started = performance.now();
    await pgTool('pg_dump', ['-Fc', '-f', dump, sourceUrl]);
    const dumpMb = Math.round(fs.statSync(dump).size / 1024 / 102.4) / 10;
    figures.push(reported(SCENARIO, 'pg_dump -Fc', secondsSince(started), 's'));
    figures.push(reported(SCENARIO, 'dump size', dumpMb, 'MB'));
    say(`pg_dump -Fc: ${seconds(started)}, ${dumpMb} MB`);

    const target = await startThrowawayPostgres();
    servers.push(target);
    started = performance.now();
    await pgTool('pg_restore', ['--no-owner', '--exit-on-error', '-j', '2', '-d', target.url, dump]);
    const restoreTime = seconds(started);
    figures.push(reported(SCENARIO, 'pg_restore -j 2 into a fresh server', secondsSince(started), 's'));
    say(`pg_restore -j 2 into a fresh server: ${restoreTime} (${trips.toLocaleString('en')} trips)`);

    const after = await rowCounts(target.url);
    const differing = [...new Set([...before.keys(), ...after.keys()])].filter(
      (name) => before.get(name) !== after.get(name),
    );
    for (const name of differing) {
      console.error(`  ${name}: ${before.get(name)} in the source, ${after.get(name)} in the copy`);
    }
    failures += differing.length;
    figures.push(reported(SCENARIO, 'tables compared', after.size, 'tables'));
    figures.push(atMost(SCENARIO, 'tables whose row count differs', differing.length, '', 0));
    say(
      `${after.size} tables compared: ${differing.length === 0 ? 'every row count equal' : `${differing.length} differ`}`,
    );

    started = performance.now();
    const copy = await startApp('copy', target.url, dir, { ...secrets, SEED_DEMO: 'false' });
    apps.push(copy);
    figures.push(reported(SCENARIO, 'the app on the copy healthy after', secondsSince(started), 's'));
    say(`the app on the copy is healthy after ${seconds(started)}`);

    if (seeded) {
      const original = await startApp('source', sourceUrl, dir, { ...secrets, SEED_DEMO: 'false' });
      apps.push(original);
      const samples: [string, string[]][] = [
        [
          'customer@example.com',
          ['/api/v1/trips?size=20', '/api/v1/orders?size=20', '/api/v1/invoices?size=20'],
        ],
        [
          'transporter@example.com',
          ['/api/v1/trips?size=20', '/api/v1/fleet/trucks?size=20', '/api/v1/fleet/drivers?size=20'],
        ],
      ];
      let compared = 0;
      for (const [email, urls] of samples) {
        const [a, b] = [await signIn(original, email), await signIn(copy, email)];
        const firstTrip = (
          (await answer(original, a, '/api/v1/trips?size=1')) as { body: { content: { id: string }[] } }
        ).body.content[0]?.id;
        for (const url of firstTrip ? [...urls, `/api/v1/trips/${firstTrip}`] : urls) {
          const [x, y] = [await answer(original, a, url), await answer(copy, b, url)];
          compared++;
          if (JSON.stringify(x) !== JSON.stringify(y)) {
            failures++;
            console.error(`  ${email} ${url}: the copy answers differently`);
          }
        }
      }
      say(`${compared} answers compared between the source and the copy`);
    }
  } finally {
    for (const app of apps) await app.stop().catch(() => undefined);
    for (const s of servers) await s.destroy().catch(() => undefined);
    if (failures === 0) fs.rmSync(dir, { recursive: true, force: true });
    else say(`logs kept in ${dir}`);
  }
  // A drill of the bench's database goes into docs/quality.md; the demo's (CI) is only printed.
  if (drilledSource) {
    printFigures(figures);
    writeSideReport(RESTORE_REPORT, { figures, machine: machine(), failed: failures > 0 });
    const doc = refreshQualityDoc();
    say(
      `wrote ${path.relative(process.cwd(), RESTORE_REPORT)}${doc ? ` and ${path.relative(process.cwd(), doc)}` : ''}`,
    );
  }
  say(failures === 0 ? 'passed' : `failed: ${failures} differences`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
