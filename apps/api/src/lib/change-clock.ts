/**
 * Tells whether a load may have read the database before a change that was announced while it ran. Such
 * an answer is still given to whoever asked before the change, but never cached: caching it would keep
 * serving the old state after the announcement that was meant to end it.
 */
export class ChangeClock {
  private seq = 0;
  /** Owner -> the seq of its last change, kept only while loads are running. */
  private readonly changedAt = new Map<string, number>();
  /** Loads that began before this seq cannot be checked owner by owner any more. */
  private checkableFrom = 0;
  private running = 0;

  begin(): number {
    this.running++;
    return this.seq;
  }

  changed(owner: string): void {
    this.seq++;
    if (this.running === 0) return;
    // Bounded memory under a storm of changes: past this size, every running load counts as stale.
    if (this.changedAt.size >= 10_000) this.everythingChanged();
    else this.changedAt.set(owner, this.seq);
  }

  everythingChanged(): void {
    this.seq++;
    this.checkableFrom = this.seq;
    this.changedAt.clear();
  }

  /** Ends a load begun at `began`; true when one of `owners` changed since. */
  end(began: number, owners: readonly string[]): boolean {
    const stale =
      owners.length === 0 ? this.changedSince(began, null) : owners.some((o) => this.changedSince(began, o));
    this.finish();
    return stale;
  }

  /** True when `owner` (or everything) changed after a load that began at `began`; the load is still running. */
  changedSince(began: number, owner: string | null): boolean {
    if (began < this.checkableFrom) return true;
    if (began === this.seq || owner === null) return false;
    const at = this.changedAt.get(owner);
    return at !== undefined && at > began;
  }

  /** True when anything changed after a load that began at `began`; the load is still running. */
  anyChangeSince(began: number): boolean {
    return began !== this.seq;
  }

  /** A load is over. */
  finish(): void {
    this.running--;
    if (this.running === 0) this.changedAt.clear();
  }
}
