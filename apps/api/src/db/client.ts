import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient } from 'pg';
import { loadEnv } from '../env';
import { openPgliteThread } from './pglite-thread';
import { pgliteOptions } from './pglite-image';
import { keepStatements, type PreparedStatements } from './prepared';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * Both drivers (PGlite and node-postgres) give this same query surface, with the database's prepared
 * statements beside it (db/prepared.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema> & { readonly statements: PreparedStatements };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository works the same inside or outside a transaction. */
export type Executor = Db | Tx;

export type DbKind = 'pglite' | 'postgres';

/** What a LISTEN subscriber hears: each payload, and a resync when the channel may have missed some. */
export interface ChannelListener {
  onNotify(payload: string): void;
  /** The connection dropped and came back: notifications in between are lost. */
  onResync(): void;
  /**
   * The connection just dropped: until onResync, changes are not heard. A subscriber that answers from
   * memory stops doing so, since the database may be back (and changing) before the channel is.
   */
  onLost?(): void;
}

export interface Database {
  db: Db;
  kind: DbKind;
  /** LISTEN on a channel; resolves once listening, to a function that stops it. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections now (GET /metrics); absent on the embedded database. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
}

// Beside this module in the source tree, and beside server.js in the compiled server (scripts/build-api.mjs
// copies them there, since the bundle is one file).
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * How many joined tables PostgreSQL's planner reorders as one group (its default is 8). A list page joins
 * its main table to seven lookups, and searching every order of eight tables took the planner 6 ms a
 * request while running the plan took 0.5; in groups of four it plans in 1 ms and picks the same plan.
 * The queries here name the table that drives them first, so a tree kept close to the written one suits
 * them.
 */
const JOIN_COLLAPSE_LIMIT = 4;

/**
 * How long a request waits for a pooled connection (to be made, or to come free) before it is answered
 * 503: without it, a database that stops answering holds every request until the caller gives up.
 */
const POOL_CONNECT_TIMEOUT_MS = 5_000;
/**
 * The longest wait between two tries to restore a LISTEN connection. Short, since the caches that rely
 * on it answer from the database, and the live streams hear nothing, until it is back.
 */
const LISTEN_RETRY_MAX_MS = 5_000;

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** Folder for PGlite's files; undefined keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * A dump of a PGlite database (a tar made by dumpPglite) to start from instead of an empty one: the
   * API tests start each database from one migrated dump, half a second against three for migrating anew.
   */
  pgliteImage?: string;
  poolSize?: number;
  /** PostgreSQL's parallel workers a query may use (max_parallel_workers_per_gather); 0 when not given. */
  parallelWorkers?: number;
  /** Told of every query sent through the query builder (tests count a request's queries with it). */
  onQuery?: (query: string) => void;
  /** Whether PGlite runs on its own thread; PGLITE_THREAD decides when not given. */
  pgliteThread?: boolean;
}

/**
 * Marks the app's sessions as the app's: a write to a trip's record through them is chained by the triggers
 * of migration 0042 (decision 049); a change made in any other session is not, and the check finds it.
 */
const APP_WRITER = 'freightlane.writer=app';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // bigint columns come back as strings by default; counts and kobo fit in JS numbers here.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      // JIT off: the reports' aggregates over hundreds of thousands of trips cost enough for PostgreSQL to
      // compile them, which took longer (0.3 to 1.4 s) than running them; every other query is short.
      // Parallel workers off unless configured (decision 039): they make one query a little faster alone,
      // and many queries at once slower together, each starting processes that compete for the same cores.
      options: `-c join_collapse_limit=${JOIN_COLLAPSE_LIMIT} -c jit=off -c max_parallel_workers_per_gather=${options.parallelWorkers ?? 0} -c ${APP_WRITER}`,
    });
    pool.on('error', (err) => console.error('PostgreSQL pool error', err.message));
    // The pool hears the errors of idle connections only. A connection checked out for a transaction
    // that the server cuts (a restart, a failover) between two statements would otherwise raise an
    // 'error' nobody listens to, which ends the process; heard here, the transaction's next statement
    // fails instead, and the pool drops the connection when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = withStatements(drizzle({ client: pool, schema, logger: queryLogger(options) }));
    const url = options.url;
    return {
      db,
      kind: 'postgres',
      listen: (channel, listener) => listenOnPostgres(pg.Client, url, channel, listener),
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolSize ?? 10,
      }),
    };
  }
  const { PGlite: PGliteEngine } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  // On its own thread, PGlite's synchronous WebAssembly no longer stalls every request the event loop serves.
  const client =
    (options.pgliteThread ?? loadEnv().PGLITE_THREAD)
      ? openPgliteThread(options.pgliteDir, options.pgliteImage)
      : new PGliteEngine(pgliteOptions(options.pgliteDir, options.pgliteImage));
  await client.waitReady;
  await client.exec(`SET join_collapse_limit = ${JOIN_COLLAPSE_LIMIT}; SET ${APP_WRITER}`);
  const db = withStatements(drizzle({ client: client as PGlite, schema, logger: queryLogger(options) }));
  return {
    db,
    kind: 'pglite',
    // One engine in this process: its notifications never drop, so there is nothing to resync.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

function withStatements(db: object): Db {
  return keepStatements(db) as unknown as Db;
}

function queryLogger({ onQuery }: DatabaseOptions): Logger | false {
  return onQuery ? { logQuery: (query) => onQuery(query) } : false;
}

type PgClientClass = typeof PgClient;

/**
 * A dedicated connection (LISTEN holds its session, so it cannot come from the pool) that reconnects
 * after a drop, one second apart at first and at most five, and then asks for a resync.
 */
async function listenOnPostgres(
  Client: PgClientClass,
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: InstanceType<PgClientClass> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delayMs = 1000;

  const connect = async (): Promise<void> => {
    // keepAlive lets the kernel notice a silently dead peer (a dropped NAT entry, a failed-over host).
    const next = new Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    next.on('error', () => reconnectLater(next));
    next.on('end', () => reconnectLater(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (err) {
      // A half-made connection (connected, LISTEN refused) would otherwise stay open until the process ends.
      await next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      // stop() ran while this attempt was under way: nobody would ever close this connection.
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delayMs = 1000;
  };
  const reconnectLater = (failed: InstanceType<PgClientClass>) => {
    if (stopped || client !== failed) return;
    client = null;
    failed.removeAllListeners('notification');
    void failed.end().catch(() => undefined);
    listener.onLost?.();
    const attempt = () => {
      retryTimer = null;
      if (stopped) return;
      connect().then(
        () => {
          if (!stopped) listener.onResync();
        },
        () => {
          delayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
          retryTimer = setTimeout(attempt, delayMs);
        },
      );
    };
    retryTimer = setTimeout(attempt, delayMs);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock keeps two instances that
 * start together from migrating at the same time.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await database.db.execute(sql`SELECT pg_advisory_lock(727274)`);
    try {
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await database.db.execute(sql`SELECT pg_advisory_unlock(727274)`);
    }
    return;
  }
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
}
