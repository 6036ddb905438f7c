/**
 * The compiled API (apps/api/dist/server.js, what `npm start` runs) as a child process of its own, so a
 * run can send it signals, kill it and start it again as an orchestrator would.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when it exited. */
  at: number;
}

export interface ApiProcess {
  origin: string;
  pid: number;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Null while it runs. */
  exit: Exit | null;
  kill(signal: NodeJS.Signals): void;
}

/** `npm run build`: rebuilds the web app and the API only when their sources changed. */
export function buildServer(): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

/** Answers how long until GET /api/health answers 200, or null when it did not within `timeoutMs`. */
export async function msUntilHealthy(
  origin: string,
  timeoutMs: number,
  everyMs = 50,
): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet, or the answer took too long: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return null;
}

/**
 * Starts the compiled server with `env` on top of this process's environment and waits until its health
 * route answers 200. Its output is appended to `logFile`.
 */
export async function startApiProcess(options: {
  port: number;
  env: Record<string, string>;
  logFile: string;
  startTimeoutMs?: number;
}): Promise<ApiProcess> {
  const { port, env, logFile } = options;
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const handle: ApiProcess = {
    origin,
    pid: child.pid ?? 0,
    exit: null,
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        handle.exit = { code, signal, at: performance.now() };
        resolve(handle.exit);
      });
    }),
    kill: (signal) => {
      if (!handle.exit) child.kill(signal);
    },
  };
  // A run that fails or is interrupted must not leave a server behind.
  const killOnExit = () => handle.kill('SIGKILL');
  process.once('exit', killOnExit);
  void handle.exited.then(() => process.removeListener('exit', killOnExit));
  const ready = await Promise.race([
    msUntilHealthy(origin, options.startTimeoutMs ?? 180_000, 100),
    handle.exited.then(() => null),
  ]);
  if (ready === null) {
    handle.kill('SIGKILL');
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`The API did not become healthy on ${origin}:\n${tail}`);
  }
  return handle;
}
