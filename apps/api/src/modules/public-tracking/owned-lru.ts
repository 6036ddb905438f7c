import type { AppError } from '../../errors';
import type { PublicDocument } from './public-tracking.service';

/** An answer loaded on demand, or the error it gave. */
export interface LruEntry {
  doc: PublicDocument | null;
  error: AppError | null;
  /** Epoch ms after which the entry is not served. */
  deadline: number;
  /** The trip (tracking pages) or company (ongoing tables) whose changes make it stale. */
  owner: string | null;
  /** Read since it was stored or last passed over for eviction. */
  used: boolean;
}

/**
 * A map that evicts what was not read lately, with an index of each owner's keys, so a change drops
 * exactly the answers that showed it. Eviction is "second chance" (CLOCK): a Map keeps insertion order, a
 * hit only marks its entry, and eviction moves marked entries to the end instead of dropping them. A hit
 * thus writes one flag and never reorders the Map: with a million entries, reordering on every hit left
 * holes that made V8 rebuild the whole table now and then, a pause every request waiting behind it felt.
 */
export class OwnedLru {
  private readonly entries = new Map<string, LruEntry>();
  /** Owner -> its key, or keys (an owner rarely has more than one: a trip's id and a revoked one). */
  private readonly keysOf = new Map<string, string | string[]>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): LruEntry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (now >= entry.deadline) {
      this.remove(key, entry);
      return undefined;
    }
    if (!entry.used) entry.used = true;
    return entry;
  }

  set(key: string, fields: Omit<LruEntry, 'used'>): void {
    if (this.capacity <= 0) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(key, previous);
    // Loaded for a lookup, so read once already: it is never the first to go.
    const entry: LruEntry = { ...fields, used: true };
    this.entries.set(key, entry);
    if (entry.owner !== null) this.link(entry.owner, key);
    while (this.entries.size > this.capacity) {
      const [oldest, candidate] = this.entries.entries().next().value as [string, LruEntry];
      if (candidate.used) {
        candidate.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, candidate);
      } else {
        this.remove(oldest, candidate);
      }
    }
  }

  dropOwner(owner: string): void {
    const keys = this.keysOf.get(owner);
    if (keys === undefined) return;
    this.keysOf.delete(owner);
    for (const key of typeof keys === 'string' ? [keys] : keys) {
      if (this.entries.get(key)?.owner === owner) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.keysOf.clear();
  }

  private remove(key: string, entry: LruEntry): void {
    this.entries.delete(key);
    if (entry.owner !== null) this.unlink(entry.owner, key);
  }

  private link(owner: string, key: string): void {
    const keys = this.keysOf.get(owner);
    if (keys === undefined) this.keysOf.set(owner, key);
    else if (typeof keys === 'string') {
      if (keys !== key) this.keysOf.set(owner, [keys, key]);
    } else if (!keys.includes(key)) keys.push(key);
  }

  private unlink(owner: string, key: string): void {
    const keys = this.keysOf.get(owner);
    if (keys === undefined) return;
    if (typeof keys === 'string') {
      if (keys === key) this.keysOf.delete(owner);
      return;
    }
    const rest = keys.filter((k) => k !== key);
    if (rest.length === 0) this.keysOf.delete(owner);
    else this.keysOf.set(owner, rest.length === 1 ? rest[0]! : rest);
  }
}
