import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PgliteWorkerData, WireError, WorkerReply, WorkerRequest } from './pglite-worker';

type Parsers = NonNullable<QueryOptions['parsers']>;
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The part of PGlite's surface that drizzle-orm/pglite and openDatabase use, served by another thread. */
export interface PgliteThread {
  readonly waitReady: Promise<void>;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The worker beside this module: JavaScript beside server.js in the compiled server (scripts/build-api.mjs
 * builds it as a second entry point, since the bundle is one file); TypeScript in the source tree, loaded
 * through tsx's loader, which tests and `npm run dev` have (a worker does not inherit the loader hooks).
 */
function startWorker(data: PgliteWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: data });
  }
  // tsx's ES module build (require resolves its CommonJS twin); on Node 20 it does not register itself in a worker.
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(tsxApi).href;
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** A PostgreSQL error from the worker, with its fields (code, constraint, detail…) and this thread's stack. */
function fromWire(wire: WireError): Error {
  const err = new Error(wire.message);
  const { stack: _workerStack, message: _message, ...fields } = wire;
  return Object.assign(err, fields);
}

/** drizzle asks for some types as text through parser functions, which cannot cross threads: run them here. */
function applyParsers(result: Results, parsers: Parsers, rowMode: 'array' | 'object'): void {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string);
    }
  });
}

/**
 * Starts PGlite on a worker thread (in memory, or persisted in `dataDir`). Results cross by structured
 * clone, once; errors keep PostgreSQL's fields; LISTEN callbacks run on this thread.
 */
export function openPgliteThread(dataDir?: string, image?: string): PgliteThread {
  const worker = startWorker({ dataDir, image });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | null = null;

  // Like PGlite in this thread, an idle database does not keep the process alive; a query under way does.
  const settle = (id: number) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return entry;
  };
  const call = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const stop = (err: Error) => {
    stopped ??= err;
    for (const id of [...pending.keys()]) settle(id)?.reject(err);
  };

  let ready!: () => void;
  let failed!: (err: Error) => void;
  const waitReady = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  worker.on('message', (reply: WorkerReply) => {
    switch (reply.kind) {
      case 'done':
        settle(reply.id)?.resolve(reply.value);
        return;
      case 'error':
        settle(reply.id)?.reject(fromWire(reply.error));
        return;
      case 'notify':
        listeners.get(reply.listener)?.(reply.payload);
        return;
      case 'ready':
        if (pending.size === 0) worker.unref();
        ready();
        return;
      case 'failed':
        failed(fromWire(reply.error));
        stop(new Error('The embedded database could not start'));
        void worker.terminate();
    }
  });
  worker.on('error', (err) => {
    failed(err);
    stop(err);
  });
  worker.on('exit', (code) => {
    const err = new Error(`The embedded database's thread stopped (exit code ${code})`);
    failed(err);
    stop(err);
  });

  const query = async <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) => {
    const rowMode = options.rowMode ?? 'object';
    const parsers = options.parsers ?? {};
    const result = (await call({
      op: 'query',
      sql,
      params,
      rowMode,
      paramTypes: options.paramTypes,
      textTypes: Object.keys(parsers).map(Number),
      tx,
    })) as Results<T>;
    applyParsers(result as Results, parsers, rowMode);
    return result;
  };
  const exec = async (sql: string, tx?: number) => (await call({ op: 'exec', sql, tx })) as Results[];

  return {
    waitReady,
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => exec(sql),
    async transaction(fn) {
      const tx = (await call({ op: 'begin' })) as number;
      let closed = false;
      const end = async (commit: boolean) => {
        closed = true;
        await call({ op: 'end', tx, commit });
      };
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const handle: PgliteThreadTransaction = {
        query: async (sql, params, options) => (open(), query(sql, params, options, tx)),
        exec: async (sql) => (open(), exec(sql, tx)),
        rollback: async () => (open(), end(false)),
        get closed() {
          return closed;
        },
      };
      let result;
      try {
        result = await fn(handle);
      } catch (err) {
        if (!closed) await end(false);
        throw err;
      }
      if (!closed) await end(true);
      return result;
    },
    async listen(channel, callback) {
      const listener = nextId++;
      listeners.set(listener, callback);
      try {
        await call({ op: 'listen', channel, listener });
      } catch (err) {
        listeners.delete(listener);
        throw err;
      }
      return async () => {
        listeners.delete(listener);
        if (!stopped) await call({ op: 'unlisten', listener });
      };
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      stop(new Error('The embedded database is closed'));
      await worker.terminate();
    },
  };
}
