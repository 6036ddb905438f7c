/**
 * Load generation. autocannon always runs in a child process so the load generator does not steal the
 * event loop of the server under test, which lives in the bench's own process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export interface Figures {
  requestsPerSecond: number;
  /** Responses received over the whole run. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** The slowest response of the run. */
  maxMs: number;
  errors: number;
  non2xx: number;
  /** When the driver told them apart: the latencies once each connection was open, and its first answers. */
  connected?: ConnectedFigures;
}

export interface ConnectedFigures {
  /** Every answer but each connection's first. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The slowest first answer of a connection, which includes waiting for the connection to be accepted. */
  slowestFirstMs: number;
}

/** p50, p99 and the slowest of response times (ms), rounded to the millisecond; 0 without any. */
export function latencyFigures(times: readonly number[]): { p50Ms: number; p99Ms: number; maxMs: number } {
  const sorted = Float64Array.from(times).sort();
  const at = (share: number) =>
    sorted.length === 0
      ? 0
      : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
  return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
}

/** The connected figures from the first answers of the connections and all the others (ms). */
export function connectedFigures(firstAnswers: number[], later: number[]): ConnectedFigures {
  return {
    ...latencyFigures(later),
    slowestFirstMs: Math.round(Math.max(0, ...firstAnswers)),
  };
}

/** The part of autocannon's result the bench reads (CLI `-j` output and the programmatic result alike). */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  connected?: ConnectedFigures;
}

const require = createRequire(import.meta.url);
const AUTOCANNON = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
/** The tsx loader, so the TypeScript drivers run as child processes without a build step. */
export const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

export function figures(result: AutocannonResult): Figures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(result.connected ? { connected: result.connected } : {}),
  };
}

/** Runs a child node process and parses the JSON it prints on stdout. */
export function runJsonChild<T>(args: string[], label: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${label} exited with ${code}`));
      try {
        resolve(JSON.parse(out) as T);
      } catch {
        reject(new Error(`${label} printed no JSON result: ${out.slice(0, 500)}`));
      }
    });
  });
}

export interface LoadSettings {
  connections: number;
  seconds: number;
}

/** One fixed URL through the autocannon CLI. */
export async function load(
  url: string,
  settings: LoadSettings,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const args = [AUTOCANNON, '-c', String(settings.connections), '-d', String(settings.seconds), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return figures(await runJsonChild<AutocannonResult>(args, 'autocannon'));
}

/** Writes `ids` to a temporary file for loadRandomPaths; `remove` deletes it. */
export function writeIdsFile(ids: readonly string[]): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-bench-ids-'));
  const file = path.join(dir, 'ids.json');
  fs.writeFileSync(file, JSON.stringify(ids));
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * GETs `origin + pathPrefix + id`, each request with an id drawn at random from the ids in `idsFile` (or
 * `origin + pathPrefix` itself when idsFile is "-"). The CLI cannot vary the path nor tell a connection's
 * first answer from the others, so a small driver (random-path-load.ts) runs autocannon programmatically;
 * the ids reach it through the file, and only the driver's process holds them.
 */
export async function loadRandomPaths(
  origin: string,
  pathPrefix: string,
  idsFile: string,
  settings: LoadSettings,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const driver = path.join(import.meta.dirname, 'random-path-load.ts');
  const args = [
    '--import',
    TSX_LOADER,
    driver,
    origin,
    pathPrefix,
    idsFile,
    String(settings.connections),
    String(settings.seconds),
    JSON.stringify(headers),
  ];
  return figures(await runJsonChild<AutocannonResult>(args, 'autocannon driver'));
}

/** What the request-mix driver (request-mix-load.ts) prints. */
export interface MixLoadResult {
  requests: number;
  seconds: number;
  times: number[];
  failed: number;
}

/**
 * Signed-in requests drawn at random from `requests` (each with its own Authorization header) under
 * `settings`; `{size}` and `{page}` in a path are drawn per request (request-mix-load.ts).
 */
export async function loadRequestMix(
  origin: string,
  requests: readonly { path: string; authorization: string }[],
  settings: LoadSettings,
): Promise<MixLoadResult> {
  // The tokens reach the driver through a file only its process reads, as the ids of loadRandomPaths do.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-bench-mix-'));
  const file = path.join(dir, 'requests.json');
  fs.writeFileSync(file, JSON.stringify(requests));
  try {
    return await runJsonChild<MixLoadResult>(
      [
        '--import',
        TSX_LOADER,
        path.join(import.meta.dirname, 'request-mix-load.ts'),
        origin,
        file,
        String(settings.connections),
        String(settings.seconds),
      ],
      'request mix load',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
