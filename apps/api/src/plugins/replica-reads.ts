import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { replicaLag, replicaReads } from '../lib/metrics';
import { primaryWalPosition, replayedWalPosition } from '../queries/replica.repository';
import { EVERY_COMPANY } from './company-answers';

/** What the reads need from the company announcements (plugins/company-answers.ts). */
export interface HeardChanges {
  /** True once this instance has heard every change committed before the call. */
  caughtUp(): Promise<boolean>;
  changeTimes: { lastChangeOf(owner: string): number; lastChange(): number };
}

/** Where the standby stands, read from the primary and the standby; replaceable in tests. */
export interface WalPositions {
  primary(): Promise<bigint>;
  /** Null when the server read is no standby. */
  replayed(): Promise<bigint | null>;
}

export interface ReplicaReadsOptions {
  /** A standby further behind than this is not read from. */
  maxLagMs: number;
  /** How often the standby's position is checked. */
  pollMs?: number;
  now?: () => number;
}

/** Why a read went where it went (the reason label of freightlane_replica_reads_total). */
export type ReadRoute =
  | { target: 'replica'; reason: 'caught_up' }
  | { target: 'primary'; reason: 'no_replica' | 'down' | 'lagging' | 'own_write' | 'unheard' | 'failed' };

/** A standby's answer failed because of the standby, not the query: the primary answers instead. */
function standbyFailure(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = String((e as { code?: unknown }).code ?? '');
    const message = String((e as { message?: unknown }).message ?? '');
    // Connection lost or refused, the server shutting down or starting (57P01–57P03), or a query the
    // standby cancelled because replaying the log needed what it read (40001, "conflict with recovery").
    if (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) {
      return true;
    }
    if (code === '40001' && /conflict with recovery/i.test(message)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

/**
 * The heavy reads (reports, their exports, the map) go to a streaming standby when one is configured
 * (DATABASE_REPLICA_URL, decision 043), and to the primary whenever the standby might show less than the
 * caller should see.
 *
 * Every `pollMs` the primary's log position is noted with the time it was read, then the standby's replayed
 * position: once the standby has replayed past a noted position, it holds every transaction committed
 * before that note's time (`caughtUpTo`). All times are this instance's own clock, so the database hosts'
 * clocks never matter, and an idle primary costs no lag.
 *
 * - Read-your-writes: the database announces each company's changes at commit (migration 0014) and this
 *   instance notes when it heard each (after waiting until it has heard every change committed before the
 *   request, plugins/company-answers.ts). A company whose last change was heard after `caughtUpTo` is read
 *   from the primary, so a caller's write shows on its next read whichever instance serves it. An answer
 *   over every company (the admin's map) waits for the standby to hold every change heard.
 * - Lag: a standby whose `caughtUpTo` is older than `maxLagMs` is not read from; nor one whose position
 *   could not be read at the last check, or that is no standby any more.
 * - Failure: a read the standby fails for a reason of its own (connection, shutdown, a recovery conflict)
 *   runs again on the primary, and the standby counts as down until its position is read again.
 */
export class ReplicaReads {
  private readonly notes: { at: number; position: bigint }[] = [];
  private caughtUpTo = Number.NEGATIVE_INFINITY;
  private down = true;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private readonly maxLagMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;

  constructor(
    private readonly primary: Db,
    private readonly replica: Db | null,
    private readonly changes: HeardChanges,
    options: ReplicaReadsOptions,
    private readonly positions: WalPositions | null = replica
      ? { primary: () => primaryWalPosition(primary), replayed: () => replayedWalPosition(replica) }
      : null,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.maxLagMs = options.maxLagMs;
    this.pollMs = options.pollMs ?? Math.min(250, Math.max(20, options.maxLagMs / 4));
    this.now = options.now ?? Date.now;
  }

  /** Whether a standby is configured at all. */
  get configured(): boolean {
    return this.replica !== null;
  }

  start(): void {
    if (!this.positions || this.timer) return;
    const tick = () => {
      this.timer = setTimeout(() => void this.check().finally(() => this.timer && tick()), this.pollMs);
      this.timer.unref();
    };
    void this.check();
    tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Reads both positions once (the timer does this every pollMs; tests call it directly). */
  check(): Promise<void> {
    this.checking ??= this.readPositions().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async readPositions(): Promise<void> {
    if (!this.positions) return;
    try {
      const at = this.now();
      this.notes.push({ at, position: await this.positions.primary() });
      const replayed = await this.positions.replayed();
      if (replayed === null) {
        this.markDown('the replica is no standby (pg_is_in_recovery() is false)');
        return;
      }
      let caught = -1;
      for (let i = 0; i < this.notes.length && this.notes[i]!.position <= replayed; i++) caught = i;
      if (caught >= 0) {
        this.caughtUpTo = Math.max(this.caughtUpTo, this.notes[caught]!.at);
        this.notes.splice(0, caught + 1);
      }
      // A standby that stopped replaying leaves notes behind: past the lag bound they change nothing.
      while (this.notes.length > 1 && this.notes[0]!.at < at - 2 * this.maxLagMs) this.notes.shift();
      if (this.down) this.log?.info('reading reports and the map from the replica again');
      this.down = false;
    } catch (error) {
      this.markDown(error instanceof Error ? error.message : String(error));
    } finally {
      replicaLag.set(this.lagMs() / 1000);
    }
  }

  private markDown(why: string): void {
    if (!this.down)
      this.log?.warn({ why }, 'the replica cannot be read; reports and the map read the primary');
    this.down = true;
  }

  /** How far behind the standby was at its last check (ms); Infinity when it never caught up. */
  lagMs(): number {
    return this.configured ? Math.max(0, this.now() - this.caughtUpTo) : 0;
  }

  /**
   * Where a read of `owner`'s data (a company id, or EVERY_COMPANY) goes now, and why.
   */
  async route(owner: string): Promise<ReadRoute> {
    if (!this.replica) return { target: 'primary', reason: 'no_replica' };
    if (this.down) return { target: 'primary', reason: 'down' };
    if (this.lagMs() > this.maxLagMs) return { target: 'primary', reason: 'lagging' };
    if (!(await this.changes.caughtUp())) return { target: 'primary', reason: 'unheard' };
    const times = this.changes.changeTimes;
    const changed = owner === EVERY_COMPANY ? times.lastChange() : times.lastChangeOf(owner);
    if (changed >= this.caughtUpTo) return { target: 'primary', reason: 'own_write' };
    return { target: 'replica', reason: 'caught_up' };
  }

  /**
   * Runs `read` on the database `owner`'s data should be read from now; a read the standby fails for a
   * reason of its own runs again on the primary.
   */
  async read<T>(owner: string, read: (db: Db) => Promise<T>): Promise<T> {
    const route = await this.route(owner);
    replicaReads.inc(route);
    if (route.target === 'primary' || !this.replica) return read(this.primary);
    try {
      return await read(this.replica);
    } catch (error) {
      if (!standbyFailure(error)) throw error;
      this.markDown(error instanceof Error ? error.message : String(error));
      replicaReads.inc({ target: 'primary', reason: 'failed' });
      return read(this.primary);
    }
  }

  /**
   * The database a long read of `owner`'s data (an export streamed as it is read) should use now. It is
   * not retried elsewhere once it has begun: a download cut by the standby fails as one cut by the primary.
   */
  async dbFor(owner: string): Promise<Db> {
    const route = await this.route(owner);
    replicaReads.inc(route);
    return route.target === 'replica' && this.replica ? this.replica : this.primary;
  }
}
