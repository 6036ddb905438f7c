// The thread that owns the embedded database (started by pglite-thread.ts): PGlite's queries run
// synchronous WebAssembly, which here blocks this thread only, never the API's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-image';

/** An error as it crosses threads: its message and PostgreSQL's fields (code, constraint, detail, table…). */
export type WireError = Record<string, unknown> & { message: string };

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      paramTypes?: number[];
      /** Type ids the caller parses itself: they come back as PostgreSQL's text. */
      textTypes: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'done'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: WireError }
  | { kind: 'notify'; listener: number; payload: string };

export interface PgliteWorkerData {
  dataDir?: string;
  /** A dump of another PGlite's files (a tar from dumpDataDir) to start from. */
  image?: string;
}

/** Every own field but the query options, whose parsers are functions and cannot be cloned. */
export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const wire: WireError = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (key !== 'queryOptions' && typeof value !== 'function') wire[key] = value;
  }
  return wire;
}

const keepText = (value: string) => value;

function serve(db: PGlite, post: (reply: WorkerReply) => void): (request: WorkerRequest) => void {
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; outcome: Promise<void> }>();
  const unlisteners = new Map<number, () => Promise<void>>();

  const executorOf = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return db;
    const entry = open.get(tx);
    if (!entry) throw new Error('Transaction is closed');
    return entry.tx;
  };

  /**
   * Holds PGlite's one connection from BEGIN until the main thread ends the transaction: whatever
   * else arrives meanwhile waits on PGlite's own lock, as it would in one thread.
   */
  const begin = (id: number) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    let begun = false;
    const outcome = db.transaction(async (tx) => {
      begun = true;
      open.set(id, { tx, end, outcome });
      post({ kind: 'done', id, value: id });
      if (!(await ended) && !tx.closed) await tx.rollback();
    });
    outcome.catch((err: unknown) => {
      if (!begun) post({ kind: 'error', id, error: toWireError(err) });
    });
  };

  const run = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepText]));
        return executorOf(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode,
          paramTypes: request.paramTypes,
          parsers,
        });
      }
      case 'exec':
        return executorOf(request.tx).exec(request.sql);
      case 'end': {
        const entry = open.get(request.tx);
        if (!entry) throw new Error('Transaction is closed');
        open.delete(request.tx);
        entry.end(request.commit);
        await entry.outcome;
        return null;
      }
      case 'listen': {
        const listener = request.listener;
        const unlisten = await db.listen(request.channel, (payload) =>
          post({ kind: 'notify', listener, payload }),
        );
        unlisteners.set(listener, unlisten);
        return null;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.listener);
        unlisteners.delete(request.listener);
        await unlisten?.();
        return null;
      }
      case 'close':
        await db.close();
        return null;
      case 'begin':
        throw new Error('begin is answered by the transaction itself');
    }
  };

  return (request) => {
    if (request.op === 'begin') {
      begin(request.id);
      return;
    }
    run(request).then(
      (value) => post({ kind: 'done', id: request.id, value: value as Results | null }),
      (err: unknown) => post({ kind: 'error', id: request.id, error: toWireError(err) }),
    );
  };
}

async function main(port: NonNullable<typeof parentPort>, data: PgliteWorkerData): Promise<void> {
  const post = (reply: WorkerReply) => port.postMessage(reply);
  let db: PGlite;
  try {
    db = new PGlite(pgliteOptions(data.dataDir, data.image));
    await db.waitReady;
  } catch (err) {
    post({ kind: 'failed', error: toWireError(err) });
    return;
  }
  port.on('message', serve(db, post));
  post({ kind: 'ready' });
}

if (parentPort) await main(parentPort, workerData as PgliteWorkerData);
