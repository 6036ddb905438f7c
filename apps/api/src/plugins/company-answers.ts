import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { ChangeClock } from '../lib/change-clock';
import { ChangeTimes } from '../lib/change-times';
import { JsonAnswer } from '../lib/http-cache';
import { COMPANY_CHANGED_CHANNEL, sendCompanyChangeMarker } from '../queries/change-notice.repository';

/** Answers that depend on every company's data (an admin's lists) are kept under this owner. */
export const EVERY_COMPANY = '*';

/**
 * Announced (migration 0015) when something every transporter's market shows changes: an open order, a
 * bid. Market answers are owned by it as well as by the transporter.
 */
export const MARKET = 'market';

/** Payloads of this instance's own markers, which no trigger sends. */
const MARKER_PREFIX = 'marker:';

export interface CompanyAnswersOptions {
  /**
   * Characters of JSON kept at most; the least recently read answers go first. An answer's gzip, made
   * when a client first takes it, adds about an eighth.
   */
  maxChars?: number;
  /** An answer is read again after this long even if no change was announced. */
  ttlMs?: number;
  /** How long to wait for the database to echo a marker before reading without the cache. */
  markerTimeoutMs?: number;
}

interface Entry {
  /** Whose announced changes drop it: companies, or a topic such as MARKET. */
  owners: readonly string[];
  answer: JsonAnswer;
  /** Read again from this time (ms) on. */
  expiresAt: number;
}

/**
 * What a read gives to keep: its JSON, and when it turns stale by itself if it shows something that
 * changes with the clock rather than with a write (whether bidding is still open).
 */
export type KeptJson = string | { json: string; expiresAt: number | null };

/** A read from the database under way, which requests for the same answer arriving meanwhile may share. */
interface Flight {
  owners: readonly string[];
  /** The change clock when it began: a request may share it only if none of its owners changed since. */
  began: number;
  answer: Promise<JsonAnswer>;
}

interface Marker {
  payload: string;
  waiting: ((synced: boolean) => void)[];
  timer: NodeJS.Timeout;
}

/**
 * Signed-in answers (a company's lists) as their JSON, kept per API instance and never served after a
 * change to what they show has committed, on any instance.
 *
 * The database announces every change a company's answers depend on (COMPANY_CHANGED_CHANNEL, migration
 * 0014) at commit; each instance LISTENs and drops that company's answers. An announcement reaches the
 * other instances a moment after its commit, so before answering from memory a request waits until this
 * instance has heard every change committed before the request arrived: it sends a marker on the same
 * channel and waits for it to come back. One channel's notifications arrive in commit order, so the
 * marker comes after every change committed before it was sent. Requests arriving together share one
 * marker: a marker costs one short statement, not one per request. On the embedded database the one
 * instance hears a change before the write that made it returns, so no marker is needed.
 *
 * An answer read from the database while a change to its company was announced is not kept (it may
 * predate the change). Until the instance listens, while a lost connection is restored, or when a marker
 * does not come back in time, requests are answered from the database.
 */
export class CompanyAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  /** The keys of each owner's answers, so an announcement drops them without a scan. */
  private readonly keysOf = new Map<string, Set<string>>();
  private chars = 0;
  private readonly maxChars: number;
  private readonly ttlMs: number;
  private readonly markerTimeoutMs: number;
  private readonly instance = randomUUID();
  private markers = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /** The marker sent and awaited, and the requests that arrived after it was sent (they need the next). */
  private inFlight: Marker | null = null;
  private next: ((synced: boolean) => void)[] = [];
  /** Tells a read that overlapped an announced change of its owner. */
  private readonly clock = new ChangeClock();
  /**
   * When each company's last change was heard: a read may go to a standby only once it holds that change
   * (plugins/replica-reads.ts). Kept for ten minutes, longer than the largest lag a standby is trusted with.
   */
  readonly changeTimes = new ChangeTimes(10 * 60_000);
  /** Answers given from memory and read from the database, for the benchmark's report and the tests. */
  hits = 0;
  misses = 0;
  /** Requests that shared a read already under way instead of reading again. */
  shared = 0;
  markersSent = 0;

  constructor(
    private readonly database: Database,
    options: CompanyAnswersOptions = {},
  ) {
    this.maxChars = options.maxChars ?? 32 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.markerTimeoutMs = options.markerTimeoutMs ?? 2_000;
  }

  async start(): Promise<void> {
    if (this.stopListening) return;
    this.stopListening = await this.database.listen(COMPANY_CHANGED_CHANNEL, {
      onNotify: (payload) => this.heard(payload),
      onResync: () => this.resync(),
    });
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.resync();
    await stop?.();
  }

  /**
   * The answer under `key`: from memory when none of its owners' announced changes happened
   * since it was read, else read with `load` and kept. `key` must name everything the answer depends on
   * besides its owners' data (the caller's scope and the request's parameters).
   */
  async read(
    key: string,
    owner: string | readonly string[],
    load: () => Promise<KeptJson>,
  ): Promise<JsonAnswer> {
    const owners = typeof owner === 'string' ? [owner] : owner;
    const synced = await this.caughtUp();
    const now = Date.now();
    if (synced) {
      const hit = this.entries.get(key);
      if (hit && sameOwners(hit.owners, owners) && now < hit.expiresAt) {
        // Re-inserting keeps the Map's order least-recently-used first.
        this.entries.delete(key);
        this.entries.set(key, hit);
        this.hits++;
        return hit.answer;
      }
      // When the answer expires or is dropped, the company's staff and screens ask again all at once: one
      // read answers them all, unless a change it may have missed was announced after it began.
      const flight = this.flights.get(key);
      if (flight && sameOwners(flight.owners, owners) && !this.changedSince(flight.began, owners)) {
        this.shared++;
        return flight.answer;
      }
    }
    this.misses++;
    const began = this.clock.begin();
    const flight = { owners, began } as Flight;
    // Registered before the read starts, so a read that fails at once still finds its own entry to remove.
    if (synced) this.flights.set(key, flight);
    flight.answer = this.fill(key, flight, synced, now, load);
    return flight.answer;
  }

  /** Reads the answer for `flight` and keeps it unless a change to its owners was announced meanwhile. */
  private async fill(
    key: string,
    flight: Flight,
    synced: boolean,
    now: number,
    load: () => Promise<KeptJson>,
  ): Promise<JsonAnswer> {
    const { owners, began } = flight;
    try {
      const kept = await load();
      const answer = new JsonAnswer(typeof kept === 'string' ? kept : kept.json);
      const expiresAt = Math.min(
        now + this.ttlMs,
        (typeof kept === 'string' ? null : kept.expiresAt) ?? Number.POSITIVE_INFINITY,
      );
      if (synced && this.stopListening && !this.changedSince(began, owners)) {
        this.keep(key, { owners, answer, expiresAt });
      }
      return answer;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
      this.clock.finish();
    }
  }

  /** Whether a change to one of `owners` was announced after a read that began at `began`. */
  private changedSince(began: number, owners: readonly string[]): boolean {
    return owners.some((o) =>
      o === EVERY_COMPANY ? this.clock.anyChangeSince(began) : this.clock.changedSince(began, o),
    );
  }

  private keep(key: string, entry: Entry): void {
    this.remove(key);
    if (entry.answer.json.length > this.maxChars / 8) return;
    this.entries.set(key, entry);
    this.chars += entry.answer.json.length;
    for (const owner of entry.owners) {
      const keys = this.keysOf.get(owner);
      if (keys) keys.add(key);
      else this.keysOf.set(owner, new Set([key]));
    }
    while (this.chars > this.maxChars) this.remove(this.entries.keys().next().value!);
  }

  /**
   * Resolves to true once this instance has heard every change committed before the call, false when it
   * cannot tell (not listening, or the marker did not come back in time).
   */
  caughtUp(): Promise<boolean> {
    if (!this.stopListening) return Promise.resolve(false);
    if (this.database.kind === 'pglite') return Promise.resolve(true);
    return new Promise((resolve) => {
      this.next.push(resolve);
      this.sendMarker();
    });
  }

  private sendMarker(): void {
    if (this.inFlight || this.next.length === 0) return;
    const payload = `${MARKER_PREFIX}${this.instance}:${++this.markers}`;
    const marker: Marker = {
      payload,
      waiting: this.next,
      timer: setTimeout(() => this.settle(marker, false), this.markerTimeoutMs),
    };
    this.next = [];
    this.inFlight = marker;
    this.markersSent++;
    sendCompanyChangeMarker(this.database.db, payload).catch(() => this.settle(marker, false));
  }

  private settle(marker: Marker, synced: boolean): void {
    if (this.inFlight !== marker) return;
    clearTimeout(marker.timer);
    this.inFlight = null;
    for (const resolve of marker.waiting) resolve(synced);
    this.sendMarker();
  }

  private heard(payload: string): void {
    if (payload.startsWith(MARKER_PREFIX)) {
      if (this.inFlight?.payload === payload) this.settle(this.inFlight, true);
      return;
    }
    if (payload === EVERY_COMPANY) return this.forgetEverything();
    this.clock.changed(payload);
    this.changeTimes.heard(payload);
    for (const owner of [payload, EVERY_COMPANY]) {
      for (const key of [...(this.keysOf.get(owner) ?? [])]) this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.answer.json.length;
    for (const owner of entry.owners) {
      const keys = this.keysOf.get(owner);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOf.delete(owner);
    }
  }

  private forgetEverything(): void {
    this.clock.everythingChanged();
    this.changeTimes.heardEverything();
    this.entries.clear();
    this.keysOf.clear();
    this.chars = 0;
  }

  /** Announcements may have been missed: nothing kept can be trusted, and the marker in flight is lost. */
  private resync(): void {
    this.forgetEverything();
    if (this.inFlight) this.settle(this.inFlight, false);
  }
}

function sameOwners(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((o, i) => o === b[i]);
}
