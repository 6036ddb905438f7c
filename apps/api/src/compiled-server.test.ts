import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_SCRIPT = path.resolve(API_DIR, '../../scripts/build-api.mjs');

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The compiled server as `npm start` runs it: plain node, no TypeScript loader, on its own port and data. */
describe.skipIf(process.env.TEST_DB === 'postgres')('the compiled server', () => {
  let outDir: string;
  let dataDir: string;
  let webDir: string;
  let server: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    // Inside apps/api, so the bundle finds its third-party packages in node_modules as apps/api/dist does.
    const cache = path.join(API_DIR, 'node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    outDir = fs.mkdtempSync(path.join(cache, 'compiled-server-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-compiled-data-'));
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-compiled-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Freightlane</title>');
  });

  afterAll(async () => {
    if (server) {
      server.kill('SIGKILL');
      await exitOf(server);
    }
    for (const dir of [outDir, dataDir, webDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds with esbuild, starts with plain node and answers', { timeout: 60_000 }, async () => {
    const build = spawnSync(process.execPath, [BUILD_SCRIPT, '--out', outDir], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const bundle = fs.readFileSync(path.join(outDir, 'server.js'), 'utf8');
    expect(bundle).not.toMatch(/from\s*["']@freightlane\//);
    expect(fs.readdirSync(path.join(outDir, 'migrations')).some((file) => file.endsWith('.sql'))).toBe(true);

    const port = await freePort();
    // A clean environment: no NODE_OPTIONS from the test runner (a loader would hide a TypeScript import).
    const child = spawn(process.execPath, [path.join(outDir, 'server.js')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDir,
        SEED_DEMO: 'false',
        TRACKING_CACHE_WARM: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));

    const base = `http://127.0.0.1:${port}`;
    let health: Response | null = null;
    while (!health && child.exitCode === null) {
      health = await fetch(`${base}/api/health`).catch(() => null);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health, `the server stopped before answering:\n${output}`).not.toBeNull();
    expect(await health!.json()).toEqual({ status: 'ok', db: 'pglite' });

    const page = await fetch(`${base}/signin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Freightlane</title>');

    child.kill('SIGTERM');
    expect(await exitOf(child), output).toBe(0);
    server = undefined;
  });
});
