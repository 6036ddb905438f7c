/** Slot marks: never used (a probe stops here), and emptied (a probe goes on past it). */
const EMPTY = 0;
const REMOVED = 0xffffffff;
const FIRST_CAPACITY = 1024;

/** FNV-1a of a text's character codes: for ASCII texts, the same as hashBytes of their bytes. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** FNV-1a of `length` bytes of `bytes` from `start`. */
export function hashBytes(bytes: Buffer, start: number, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < start + length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

/**
 * A hash table from a text kept inside a packed record (a tracking id, a trip id) to that record's
 * number, held in two typed arrays outside the V8 heap: open addressing with linear probing, at most half
 * full. A Map of strings would cost the garbage collector two objects per trip, hundreds of thousands of
 * them that every collection walks; this costs 8 bytes a slot and no object at all. The caller compares
 * the texts, since only it can read the records; the table keeps each entry's hash so that a probe
 * rarely has to.
 */
export class RecordIndex {
  private hashes = new Uint32Array(FIRST_CAPACITY);
  /** Record number + 1; EMPTY or REMOVED otherwise. */
  private records = new Uint32Array(FIRST_CAPACITY);
  /** Entries plus removed slots: what makes probes long. */
  private taken = 0;
  size = 0;

  /** The record whose text has `hash` and `matches`, or -1. */
  find(hash: number, matches: (record: number) => boolean): number {
    const mask = this.records.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = this.records[slot]!;
      if (stored === EMPTY) return -1;
      if (stored !== REMOVED && this.hashes[slot] === hash && matches(stored - 1)) return stored - 1;
    }
  }

  /** Adds `record` under `hash`; the caller has removed any entry with the same text. */
  add(hash: number, record: number): void {
    if ((this.taken + 1) * 2 > this.records.length) this.rebuild();
    const mask = this.records.length - 1;
    let slot = hash & mask;
    while (this.records[slot] !== EMPTY && this.records[slot] !== REMOVED) slot = (slot + 1) & mask;
    if (this.records[slot] === EMPTY) this.taken++;
    this.hashes[slot] = hash;
    this.records[slot] = record + 1;
    this.size++;
  }

  /** Removes the entry of `record`, filed under `hash`. */
  remove(hash: number, record: number): void {
    const mask = this.records.length - 1;
    for (let slot = hash & mask; this.records[slot] !== EMPTY; slot = (slot + 1) & mask) {
      if (this.records[slot] === record + 1) {
        this.records[slot] = REMOVED;
        this.size--;
        return;
      }
    }
  }

  /** Re-files every entry in a table sized for them (twice as large when more than a quarter full). */
  private rebuild(): void {
    const { hashes, records } = this;
    const capacity = this.size * 4 > records.length ? records.length * 2 : records.length;
    this.hashes = new Uint32Array(capacity);
    this.records = new Uint32Array(capacity);
    this.taken = 0;
    this.size = 0;
    for (let slot = 0; slot < records.length; slot++) {
      const stored = records[slot]!;
      if (stored !== EMPTY && stored !== REMOVED) this.add(hashes[slot]!, stored - 1);
    }
  }
}
