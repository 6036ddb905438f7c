import { ETAG_LENGTH, PackedGeneration, TRIP_ID_LENGTH, type Answer } from './packed-generation';
import type { PublicDocument } from './public-tracking.service';

/**
 * Every trip's tracking answer (without an expiry or a clock-driven refresh: those load on demand, where
 * each keeps its own deadline), filled by warming passes.
 * A pass fills a new generation and replaces the old one only when it read every trip, so what no pass
 * saw any more (a link that expired or was revoked while an announcement was missed) is gone; a change
 * drops its trip from both. An answer is as old as two passes at most.
 */
export class PackedAnswers {
  private current = new PackedGeneration();
  private next: PackedGeneration | null = null;
  /** Epoch ms after which the current generation is not served (a pass is overdue). */
  private deadline = 0;

  get size(): number {
    return this.current.size;
  }

  get(key: string, now: number): Answer | undefined {
    return now < this.deadline ? this.current.answer(key) : undefined;
  }

  /** The full document, for the route and the live streams (which need the text and the trip). */
  document(key: string, now: number): PublicDocument | undefined {
    return now < this.deadline ? this.current.document(key) : undefined;
  }

  /**
   * Stores a document of the pass running now; one that cannot pack (no trip, an expiry, a refresh by the
   * clock) is left to demand.
   */
  add(key: string, doc: PublicDocument): boolean {
    const tripId = doc.tripIds[0];
    if (this.next === null || tripId === undefined || doc.expiresAt !== null || doc.refreshAt !== null) {
      return false;
    }
    if (doc.etag.length !== ETAG_LENGTH || tripId.length !== TRIP_ID_LENGTH) return false;
    return this.next.set(key, tripId, doc);
  }

  beginPass(): void {
    this.next = new PackedGeneration();
  }

  /** Ends the pass: a complete one becomes what is served, for `lifetimeMs`; an incomplete one is dropped. */
  endPass(complete: boolean, lifetimeMs: number): void {
    if (complete && this.next !== null) {
      this.current = this.next;
      this.deadline = Date.now() + lifetimeMs;
    }
    this.next = null;
  }

  drop(tripId: string): void {
    this.current.drop(tripId);
    this.next?.drop(tripId);
  }

  clear(): void {
    this.current = new PackedGeneration();
    this.deadline = 0;
    // A pass running now may have read before the loss: it must not become what is served.
    this.next = null;
  }
}
