import { RecordIndex, hashBytes, hashText } from './record-index';
import type { PublicDocument } from './public-tracking.service';

/** What the fast lane sends: the ETag and the body's bytes or text. */
export interface Answer {
  etag: string;
  body: string | Buffer;
}

/** ETags are `"` + base64url SHA-1 + `"`; trip ids are UUIDs. Both fixed length, so they pack by offset. */
export const ETAG_LENGTH = 29;
export const TRIP_ID_LENGTH = 36;
/** A record: its length (4 bytes), the ETag, the trip id, the key's length (1 byte), the key, the JSON body. */
const ETAG_AT = 4;
const TRIP_ID_AT = ETAG_AT + ETAG_LENGTH;
const KEY_LENGTH_AT = TRIP_ID_AT + TRIP_ID_LENGTH;
const KEY_AT = KEY_LENGTH_AT + 1;
const MAX_KEY_LENGTH = 255;
/** Records start on 4-byte boundaries, so a record's number (its byte location / 4) fits 32 bits. */
const ALIGN = 4;
/** Records are written into slabs of this size, allocated outside the V8 heap. */
const SLAB_BYTES = 4 * 1024 * 1024;
const RECORDS_PER_SLAB = SLAB_BYTES / ALIGN;

/** Where a record sits: its slab and its first byte there. */
interface Place {
  slab: Buffer;
  at: number;
}

/**
 * One pass of the warm read model: each answer packed as a record (ETag, trip id, key, JSON body) in
 * large slabs outside the V8 heap, with two indexes (by key, by trip id for drops) in typed arrays
 * outside it too. A million answers thus cost the garbage collector nothing per trip: a young-generation
 * collection pays for every page of a large heap, and every request waiting behind it would too (with a
 * million answers as strings and objects it took 5 to 20 ms instead of about 1; with a Map entry and two
 * strings per trip, about 150 bytes of heap a trip remained). A dropped record's bytes stay until the
 * generation is replaced by the next pass.
 */
export class PackedGeneration {
  private readonly byKey = new RecordIndex();
  private readonly byTrip = new RecordIndex();
  private readonly slabs: Buffer[] = [];
  private used = SLAB_BYTES;

  get size(): number {
    return this.byKey.size;
  }

  /** Packs the answer; false when it cannot be (a body larger than a slab, which no tracking page is). */
  set(key: string, tripId: string, doc: PublicDocument): boolean {
    if (key.length > MAX_KEY_LENGTH) return false;
    const bytes = KEY_AT + key.length + Buffer.byteLength(doc.body, 'utf8');
    if (bytes > SLAB_BYTES) return false;
    if (this.used + bytes > SLAB_BYTES) {
      this.slabs.push(Buffer.allocUnsafeSlow(SLAB_BYTES));
      this.used = 0;
    }
    const slab = this.slabs[this.slabs.length - 1]!;
    const at = this.used;
    slab.writeUInt32LE(bytes, at);
    slab.write(doc.etag, at + ETAG_AT, 'latin1');
    slab.write(tripId, at + TRIP_ID_AT, 'latin1');
    slab[at + KEY_LENGTH_AT] = key.length;
    slab.write(key, at + KEY_AT, 'latin1');
    slab.write(doc.body, at + KEY_AT + key.length, 'utf8');
    this.used = Math.ceil((at + bytes) / ALIGN) * ALIGN;
    // One answer a key and one a trip: whatever this one replaces goes.
    this.drop(tripId);
    const previous = this.findKey(key);
    if (previous !== -1) this.unlink(previous);
    const record = (this.slabs.length - 1) * RECORDS_PER_SLAB + at / ALIGN;
    this.byKey.add(hashText(key), record);
    this.byTrip.add(hashText(tripId), record);
    return true;
  }

  answer(key: string): Answer | undefined {
    const record = this.findKey(key);
    if (record === -1) return undefined;
    const { slab, at } = this.place(record);
    return { etag: this.etagAt(slab, at), body: slab.subarray(this.bodyAt(slab, at), this.endAt(slab, at)) };
  }

  document(key: string): PublicDocument | undefined {
    const record = this.findKey(key);
    if (record === -1) return undefined;
    const { slab, at } = this.place(record);
    return {
      etag: this.etagAt(slab, at),
      tripIds: [slab.toString('latin1', at + TRIP_ID_AT, at + KEY_LENGTH_AT)],
      body: slab.toString('utf8', this.bodyAt(slab, at), this.endAt(slab, at)),
      companyId: null,
      expiresAt: null,
      refreshAt: null,
    };
  }

  drop(tripId: string): void {
    const record = this.byTrip.find(hashText(tripId), (r) => {
      const { slab, at } = this.place(r);
      return textIs(slab, at + TRIP_ID_AT, TRIP_ID_LENGTH, tripId);
    });
    if (record !== -1) this.unlink(record);
  }

  private findKey(key: string): number {
    return this.byKey.find(hashText(key), (r) => {
      const { slab, at } = this.place(r);
      return textIs(slab, at + KEY_AT, slab[at + KEY_LENGTH_AT]!, key);
    });
  }

  /** Takes a record out of both indexes. */
  private unlink(record: number): void {
    const { slab, at } = this.place(record);
    this.byKey.remove(hashBytes(slab, at + KEY_AT, slab[at + KEY_LENGTH_AT]!), record);
    this.byTrip.remove(hashBytes(slab, at + TRIP_ID_AT, TRIP_ID_LENGTH), record);
  }

  private place(record: number): Place {
    return {
      slab: this.slabs[Math.floor(record / RECORDS_PER_SLAB)]!,
      at: (record % RECORDS_PER_SLAB) * ALIGN,
    };
  }

  private etagAt(slab: Buffer, at: number): string {
    return slab.toString('latin1', at + ETAG_AT, at + TRIP_ID_AT);
  }

  private bodyAt(slab: Buffer, at: number): number {
    return at + KEY_AT + slab[at + KEY_LENGTH_AT]!;
  }

  private endAt(slab: Buffer, at: number): number {
    return at + slab.readUInt32LE(at);
  }
}

/** Whether `length` bytes of `slab` from `start` are the (ASCII) text `text`. */
function textIs(slab: Buffer, start: number, length: number, text: string): boolean {
  if (length !== text.length) return false;
  for (let i = 0; i < length; i++) if (slab[start + i] !== text.charCodeAt(i)) return false;
  return true;
}
