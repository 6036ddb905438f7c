// A throwaway PostgreSQL 15 server for the bench, chaos and cluster runs: its own data directory in a
// temporary folder, a free loopback port and its own socket directory, so it never touches the
// machine's clusters. It is set up the way .ci/run sets up CI's server (trust auth on loopback only).
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../apps/api/src/test/free-port';
import { DATABASE_TIME_SETTINGS } from './database-time';

export interface PostgresServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

const run = promisify(execFile);
const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
// PostgreSQL refuses to run as root, so as root (how .ci/run runs) every command runs as `postgres`.
const asRoot = process.getuid?.() === 0;

function command(binary: string, args: string[]): [string, string[]] {
  const path = join(binDir, binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

async function pg(binary: string, args: string[]): Promise<string> {
  const [file, argv] = command(binary, args);
  const { stdout } = await run(file, argv, { maxBuffer: 4 * 1024 * 1024 });
  return stdout;
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export interface ThrowawayOptions {
  maxConnections?: number;
}

/** Where a throwaway server lives: enough to start and stop it again, from another process too. */
export interface ServerPlace {
  root: string;
  port: number;
  maxConnections: number;
}

/** Starting and stopping the server of `place` (its folders made already). */
export function serverAt(place: ServerPlace): Pick<PostgresServer, 'start' | 'stop'> & {
  running(): Promise<boolean>;
} {
  const data = join(place.root, 'data');
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-p ${place.port}`,
    `-k ${join(place.root, 'sock')}`,
    `-c max_connections=${place.maxConnections}`,
    // A standby's long reads are not cancelled by the primary's vacuum removing rows they still see.
    '-c hot_standby_feedback=on',
    ...DATABASE_TIME_SETTINGS,
  ].join(' ');

  async function running(): Promise<boolean> {
    try {
      await pg('pg_ctl', ['-D', data, 'status']);
      return true;
    } catch {
      // pg_ctl status exits 3 when no server runs in the directory.
      return false;
    }
  }
  return {
    running,
    async start() {
      if (await running()) return;
      const log = join(place.root, 'server.log');
      await pg('pg_ctl', ['-D', data, '-l', log, '-o', serverOptions, '-w', '-t', '60', 'start']);
    },
    async stop() {
      if (!(await running())) return;
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
  };
}

/** A new PostgreSQL 15 server in a temporary folder, started. */
export async function startThrowawayPostgres(options: ThrowawayOptions = {}): Promise<PostgresServer> {
  return throwaway(options, (data) =>
    pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']),
  );
}

/**
 * A streaming standby of `primary` (pg_basebackup -R: a copy of its files that replays its log as it comes,
 * and answers reads), started. `primary` must be a throwaway server of this file (trust on loopback).
 */
export async function startThrowawayStandby(
  primary: Pick<PostgresServer, 'port'>,
  options: ThrowawayOptions = {},
): Promise<PostgresServer & { place: ServerPlace }> {
  return throwaway(options, (data) =>
    pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ]),
  );
}

async function throwaway(
  options: ThrowawayOptions,
  makeData: (data: string) => Promise<unknown>,
): Promise<PostgresServer & { place: ServerPlace }> {
  const root = mkdtempSync(join(tmpdir(), 'freightlane-pg-'));
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  const data = join(root, 'data');
  const socketDir = join(root, 'sock');
  const port = await freePort();
  const place = { root, port, maxConnections: options.maxConnections ?? 200 };

  await makeData(data);
  mkdirSync(socketDir);
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(socketDir, uid, gid);
  }
  const { start, stop } = serverAt(place);

  let destroyed = false;
  // A run that throws or exits early must not leave a postgres process and its folder behind.
  const cleanUpOnExit = () => {
    if (destroyed) return;
    try {
      const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      execFileSync(file, argv, { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', cleanUpOnExit);

  async function destroy(): Promise<void> {
    if (destroyed) return;
    await stop();
    destroyed = true;
    process.removeListener('exit', cleanUpOnExit);
    rmSync(root, { recursive: true, force: true });
  }

  try {
    await start();
  } catch (error) {
    cleanUpOnExit();
    destroyed = true;
    process.removeListener('exit', cleanUpOnExit);
    throw error;
  }

  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, destroy, place };
}
