/**
 * `npm run cluster`: the production layout on loopback, and the end-to-end suite that proves it. It starts a
 * throwaway PostgreSQL with a streaming standby of it (the instances' read replica), an SMTP sink per
 * instance, two API instances of the compiled server (apps/api/dist, NODE_ENV=production) sharing that
 * database, their secrets and one upload folder, and Debian's nginx in
 * front of both with deploy/nginx.conf.template (the production configuration, its ports filled in). Then
 * Playwright runs e2e/cluster/*.spec.ts against nginx, with each instance's own address beside it for the
 * checks that must know which instance answered.
 *
 * Everything it started is stopped when it ends: on success, on a failure, and on Ctrl-C or SIGTERM. It
 * exits with the suite's code (1 when the cluster could not start, 130/143 when interrupted); a failed run
 * prints the end of each process's log and keeps them. Arguments are passed to Playwright:
 * `npm run cluster -- --grep upload`.
 *
 * S3-compatible storage: when S3_BUCKET is set in the environment, every S3_* variable is passed to both
 * instances and they store uploads there instead of in the shared folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/test/free-port';
import {
  startThrowawayPostgres,
  startThrowawayStandby,
  type PostgresServer,
} from '../../bench/postgres-server';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const TEMPLATE = path.join(root, 'deploy/nginx.conf.template');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

interface Started {
  name: string;
  child: ChildProcess;
  log: string;
}

const started: Started[] = [];
let postgres: PostgresServer | null = null;
let standby: PostgresServer | null = null;
let workDir = '';
let stopping: Promise<void> | null = null;
let interrupted = false;

function say(text: string): void {
  console.info(`cluster: ${text}`);
}

/** Starts a process in a group of its own (so a Ctrl-C reaches only this launcher, which stops it in order). */
function launch(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  output: 'log' | 'terminal' = 'log',
): Started {
  const log = path.join(workDir, `${name}.log`);
  const out = output === 'log' ? fs.openSync(log, 'a') : 'inherit';
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
  if (typeof out === 'number') fs.closeSync(out);
  const entry = { name, child, log };
  started.push(entry);
  child.on('exit', (code, signal) => {
    if (!stopping && output === 'log')
      say(`${name} exited early (${signal ?? `code ${code}`}); its log: ${log}`);
  });
  return entry;
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM to the process's group, then SIGKILL if it has not ended in time. */
async function stopProcess({ name, child }: Started): Promise<void> {
  if (!running(child) || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([exited, timer])) === 'late') {
    say(`${name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
    await exited;
  }
}

/** Stops everything, newest first (nginx, the instances, the mail sinks, PostgreSQL), once. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const entry of [...started].reverse()) await stopProcess(entry);
    await standby?.destroy().catch((error: unknown) => say(`stopping the standby failed: ${String(error)}`));
    await postgres?.destroy().catch((error: unknown) => say(`stopping PostgreSQL failed: ${String(error)}`));
  })();
  return stopping;
}

// Last resort when the launcher dies anyway: no process of its own is left behind.
process.once('exit', () => {
  for (const { child } of started) {
    if (running(child) && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  }
});

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    say(`${signal}: stopping everything`);
    void stopAll().finally(() => {
      if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
      process.exit(code);
    });
  });
}

/** Two consecutive free ports (the SMTP sink listens on one and answers HTTP on the next). */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (port < 65535 && (await portIsFree(port + 1))) return port;
  }
  throw new Error('no two consecutive free ports on 127.0.0.1');
}

async function portIsFree(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Waits until `url` answers 200, failing early if `process` ends first. */
async function waitFor(url: string, what: Started): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running(what.child)) throw new Error(`${what.name} ended before answering ${url}; see ${what.log}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s; see ${what.log}`);
}

/** Fills in ${NAME} placeholders as envsubst would, refusing one that has no value. */
function render(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`${TEMPLATE} names \${${name}}, which the cluster does not fill in`);
    return value;
  });
}

/** nginx's main file: everything it writes (pid, logs, temporary bodies) in the run's folder. */
function nginxMainConfig(dir: string, site: string): string {
  const asRoot = process.getuid?.() === 0;
  return [
    'worker_processes 1;',
    // As root the workers drop to nobody, who must be able to write the temporary folders.
    asRoot ? 'user nobody nogroup;' : '',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    `  client_body_temp_path ${dir}/client-body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
}

function prepareNginxDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const sub of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub));
  if (process.getuid?.() === 0) {
    fs.chmodSync(workDir, 0o755);
    fs.chmodSync(dir, 0o777);
    for (const sub of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      fs.chmodSync(path.join(dir, sub), 0o777);
    }
  }
}

function lastLines(file: string, count: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The environment of an API instance: only what it is given here, so nothing from the caller's shell leaks in. */
function instanceEnv(common: Record<string, string>, own: Record<string, string>): NodeJS.ProcessEnv {
  const passed: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) passed[name] = value;
  }
  if (process.env.S3_BUCKET) {
    for (const [name, value] of Object.entries(process.env)) {
      if (name.startsWith('S3_') && value !== undefined) passed[name] = value;
    }
  }
  return { ...passed, ...common, ...own };
}

async function main(): Promise<number> {
  const runStarted = performance.now();
  if (!fs.existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: apt-get install nginx (or set NGINX_BIN)`);
  }
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(server)) throw new Error(`${server} is missing: npm run build`);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-cluster-'));
  const uploadDir = path.join(workDir, 'uploads');
  fs.mkdirSync(uploadDir);

  say('starting PostgreSQL');
  postgres = await startThrowawayPostgres({ maxConnections: 100 });
  // The heavy reads' replica: a streaming standby made from the primary before anything is in it, so it
  // replays the migrations the instances run (decision 043).
  say('starting a streaming standby of it (pg_basebackup -R)');
  const replica = await startThrowawayStandby(postgres, { maxConnections: 100 });
  standby = replica;
  const metricsToken = randomBytes(32).toString('base64url');

  // Each instance sends its mail to a sink of its own, so the suite can tell which instance ran which job.
  const smtpPorts = [await freePortPair(), await freePortPair()];
  const sinks = smtpPorts.map((smtpPort, i) =>
    launch(
      `smtp-sink-${i + 1}`,
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'e2e/smtp-sink.ts'), String(smtpPort)],
      { PATH: process.env.PATH ?? '' },
    ),
  );
  const sinkUrls = smtpPorts.map((smtpPort) => `http://127.0.0.1:${smtpPort + 1}`);

  const nginxPort = await freePort();
  const ports = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  // What every instance shares: the database, the secrets and the upload folder. They are made for this run.
  const common = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: publicUrl,
    DATABASE_URL: postgres.url,
    DATABASE_POOL_SIZE: '10',
    DATABASE_REPLICA_URL: replica.url,
    DATABASE_REPLICA_MAX_LAG_MS: '5000',
    METRICS_TOKEN: metricsToken,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    TRACKING_SECRET_KEY: randomBytes(32).toString('base64'),
    UPLOAD_DIR: uploadDir,
    TRUST_PROXY: 'true',
    // Both instances' job workers look often, so they race for the same jobs as hard as they can.
    JOBS_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  };
  say(
    `starting two API instances on ports ${ports.join(' and ')} (the compiled server, NODE_ENV=production)`,
  );
  // Both start at once, as a scaled-out deployment does: they migrate the same empty database together.
  // Only the first seeds the demo accounts, which production never does and the browser journey needs.
  const instances = ports.map((port, i) =>
    launch(
      `api-${i + 1}`,
      process.execPath,
      ['--enable-source-maps', server],
      instanceEnv(common, {
        PORT: String(port),
        DATA_DIR: path.join(workDir, `data-${i + 1}`),
        SEED_DEMO: i === 0 ? 'true' : 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtpPorts[i]}`,
      }),
    ),
  );

  const nginxDir = path.join(workDir, 'nginx');
  prepareNginxDir(nginxDir);
  const site = path.join(nginxDir, 'freightlane.conf');
  fs.writeFileSync(
    site,
    render(fs.readFileSync(TEMPLATE, 'utf8'), {
      FREIGHTLANE_LISTEN: `127.0.0.1:${nginxPort}`,
      FREIGHTLANE_UPSTREAM_SERVERS: ports.map((port) => `server 127.0.0.1:${port};`).join('\n    '),
    }),
  );
  const mainConfig = path.join(nginxDir, 'nginx.conf');
  fs.writeFileSync(mainConfig, nginxMainConfig(nginxDir, site));
  const nginx = launch('nginx', NGINX, ['-p', nginxDir, '-c', mainConfig, '-g', 'daemon off;'], {
    PATH: process.env.PATH ?? '',
  });

  try {
    await Promise.all(sinks.map((sink, i) => waitFor(`${sinkUrls[i]}/health`, sink)));
    await Promise.all(
      instances.map(async (instance, i) => {
        await waitFor(`http://127.0.0.1:${ports[i]}/api/health`, instance);
        say(`${instance.name} healthy after ${((performance.now() - runStarted) / 1000).toFixed(1)} s`);
      }),
    );
    await waitFor(`${publicUrl}/api/health`, nginx);
  } catch (error) {
    if (interrupted) throw error;
    for (const entry of started)
      console.error(`--- ${entry.name} (${entry.log})\n${lastLines(entry.log, 30)}`);
    console.error(`--- nginx error log\n${lastLines(path.join(nginxDir, 'error.log'), 30)}`);
    throw error;
  }
  say(
    `ready in ${((performance.now() - runStarted) / 1000).toFixed(1)} s: nginx on ${publicUrl}, ` +
      `instances on ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}`,
  );

  const suite = launch(
    'playwright',
    path.join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', path.join(root, 'e2e/cluster/playwright.config.ts'), ...process.argv.slice(2)],
    {
      ...process.env,
      CLUSTER_URL: publicUrl,
      CLUSTER_INSTANCE_URLS: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
      CLUSTER_UPLOAD_DIR: uploadDir,
      CLUSTER_SMTP_SINK_URLS: sinkUrls.join(','),
      CLUSTER_METRICS_TOKEN: metricsToken,
      CLUSTER_REPLICA_URL: replica.url,
      CLUSTER_REPLICA_PLACE: JSON.stringify(replica.place),
      CLUSTER_REPLICA_MAX_LAG_MS: '5000',
    },
    'terminal',
  );
  const code = await new Promise<number>((resolve) => suite.child.once('exit', (c) => resolve(c ?? 1)));
  if (interrupted) return code;

  const dead = instances.filter((instance) => !running(instance.child));
  if (code !== 0 || dead.length > 0 || !running(nginx.child)) {
    for (const entry of [...instances, nginx]) {
      console.error(`--- ${entry.name} (${entry.log})\n${lastLines(entry.log, 40)}`);
    }
    console.error(`--- nginx error log\n${lastLines(path.join(nginxDir, 'error.log'), 40)}`);
  }
  say(`finished in ${((performance.now() - runStarted) / 1000).toFixed(1)} s`);
  if (dead.length > 0) {
    say(`${dead.map((d) => d.name).join(', ')} died during the suite`);
    return code || 1;
  }
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted) console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
}
// Interrupted: the signal handler is stopping everything and ends the run with its own code.
if (interrupted) await new Promise(() => undefined);
await stopAll();
if (exitCode === 0) fs.rmSync(workDir, { recursive: true, force: true });
else if (workDir) say(`logs kept in ${workDir}`);
process.exit(exitCode);
