import type { PublicDocument } from './tracking.service';

/** What the fast lane sends: the ETag and the body's bytes or text. */
export interface Answer {
  etag: string;
  body: string | Buffer;
}

/** ETags are `"` + base64url SHA-1 + `"`; trip ids are UUIDs. Both fixed length, so they pack by offset. */
export const ETAG_LENGTH = 29;
export const TRIP_ID_LENGTH = 36;
/** A record: its length (4 bytes), the ETag, the trip id, then the JSON body. */
const ETAG_AT = 4;
const TRIP_ID_AT = ETAG_AT + ETAG_LENGTH;
const BODY_AT = TRIP_ID_AT + TRIP_ID_LENGTH;
/** Records are written into slabs of this size, allocated outside the V8 heap. */
const SLAB_BYTES = 4 * 1024 * 1024;

/**
 * One pass of the warm read model: each answer packed as a record (ETag, trip id, JSON body) in large
 * slabs outside the V8 heap, tracking id -> the record's location (a small integer), and trip id ->
 * tracking id for drops. A million answers thus cost the garbage collector two short strings and two map
 * entries per trip, not hundreds of bytes of strings and objects: a young-generation collection pays for
 * every page of a large heap, and every request waiting behind it would too. A dropped record's bytes
 * stay until the generation is replaced by the next pass.
 */
export class PackedGeneration {
  readonly answers = new Map<string, number>();
  readonly keyOf = new Map<string, string>();
  private readonly slabs: Buffer[] = [];
  private used = SLAB_BYTES;

  /** Packs the answer; false when it cannot be (a body larger than a slab, which no tracking page is). */
  set(key: string, tripId: string, doc: PublicDocument): boolean {
    const record = doc.etag + tripId + doc.body;
    const bytes = ETAG_AT + Buffer.byteLength(record, 'utf8');
    if (bytes > SLAB_BYTES) return false;
    if (this.used + bytes > SLAB_BYTES) {
      this.slabs.push(Buffer.allocUnsafeSlow(SLAB_BYTES));
      this.used = 0;
    }
    const slab = this.slabs[this.slabs.length - 1]!;
    slab.writeUInt32LE(bytes, this.used);
    slab.write(record, this.used + ETAG_AT, 'utf8');
    const location = (this.slabs.length - 1) * SLAB_BYTES + this.used;
    this.used += bytes;
    const previous = this.keyOf.get(tripId);
    if (previous !== undefined && previous !== key) this.answers.delete(previous);
    this.answers.set(key, location);
    this.keyOf.set(tripId, key);
    return true;
  }

  answer(key: string): Answer | undefined {
    const record = this.record(key);
    return record && { etag: record.etag, body: record.slab.subarray(record.at + BODY_AT, record.end) };
  }

  document(key: string): PublicDocument | undefined {
    const record = this.record(key);
    if (record === undefined) return undefined;
    const { slab, at, end, etag } = record;
    return {
      etag,
      tripIds: [slab.toString('latin1', at + TRIP_ID_AT, at + BODY_AT)],
      body: slab.toString('utf8', at + BODY_AT, end),
      companyId: null,
      expiresAt: null,
    };
  }

  /** Where `key`'s record sits (its slab, its first byte and the byte after its last), and its ETag. */
  private record(key: string): { slab: Buffer; at: number; end: number; etag: string } | undefined {
    const location = this.answers.get(key);
    if (location === undefined) return undefined;
    const slab = this.slabs[Math.floor(location / SLAB_BYTES)]!;
    const at = location % SLAB_BYTES;
    const etag = slab.toString('latin1', at + ETAG_AT, at + TRIP_ID_AT);
    return { slab, at, end: at + slab.readUInt32LE(at), etag };
  }

  drop(tripId: string): void {
    const key = this.keyOf.get(tripId);
    if (key === undefined) return;
    this.keyOf.delete(tripId);
    this.answers.delete(key);
  }
}
