/**
 * Each company's live map answer, kept as its JSON text for a few seconds. A fleet of thousands of trucks
 * makes an answer of megabytes that takes the database and the server a noticeable time to build, and
 * every viewer's page asks for it again every few seconds: one build serves them all.
 *
 * An answer younger than `freshMs` is sent as it is. An older one, up to ten times that age, is still sent
 * while one rebuild runs in the background, so no viewer waits for a build once the map is warm. Older
 * still, or never built, the caller waits for the build (one build per company at a time, shared).
 * Entries are bounded by their total size; the least recently read goes first.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { etagOf } from '../../lib/http-cache';

const gzipAsync = promisify(gzip);

/** An answer as sent: its UTF-8 bytes, the same gzipped (megabytes of repetitive JSON shrink tenfold). */
export interface MapAnswer {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

interface Entry {
  answer: MapAnswer | null;
  builtAt: number;
  building: Promise<MapAnswer> | null;
}

/** Stale answers are sent while rebuilding up to this many times the fresh age. */
const STALE_FACTOR = 10;

export class TripMapCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly freshMs: number,
    private readonly maxBytes: number = 64 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  async answer(key: string, build: () => Promise<string>): Promise<MapAnswer> {
    if (this.freshMs === 0) return answerOf(await build());
    const entry = this.entries.get(key);
    if (entry?.answer) {
      // Read again: the most recently read goes to the end, so the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      const age = this.now() - entry.builtAt;
      if (age < this.freshMs) return entry.answer;
      if (age < this.freshMs * STALE_FACTOR) {
        if (!entry.building) this.rebuild(key, entry, build).catch(() => {});
        return entry.answer;
      }
    }
    const current = entry ?? { answer: null, builtAt: 0, building: null };
    if (!entry) this.entries.set(key, current);
    return current.building ?? this.rebuild(key, current, build);
  }

  /** How many bytes of answers are held (for tests and the bench). */
  get heldBytes(): number {
    return this.bytes;
  }

  private rebuild(key: string, entry: Entry, build: () => Promise<string>): Promise<MapAnswer> {
    const startedAt = this.now();
    const building = build()
      .then(answerOf)
      .then((answer) => {
        if (this.entries.get(key) === entry) {
          this.bytes += sizeOf(answer) - (entry.answer ? sizeOf(entry.answer) : 0);
          entry.answer = answer;
          entry.builtAt = startedAt;
          this.evict();
        }
        return answer;
      })
      .finally(() => {
        entry.building = null;
        if (!entry.answer && this.entries.get(key) === entry) this.entries.delete(key);
      });
    entry.building = building;
    return building;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= entry.answer ? sizeOf(entry.answer) : 0;
    }
  }
}

/** An answer from its JSON text; the gzip runs on libuv's threads, off the event loop. */
export async function answerOf(text: string): Promise<MapAnswer> {
  const body = Buffer.from(text, 'utf8');
  return {
    body,
    gzipped: await gzipAsync(body, { level: 6 }),
    etag: etagOf(body),
  };
}

function sizeOf(answer: MapAnswer): number {
  return answer.body.length + answer.gzipped.length;
}
