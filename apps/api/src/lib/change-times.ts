/**
 * When this instance heard of each owner's last announced change (its own clock, ms). A change heard at T
 * committed before T, so a copy of the database known to hold everything committed before T shows it.
 *
 * Times older than `keepMs` are forgotten once there are many: whoever asks only compares them with a time
 * less than `keepMs` old, which a forgotten time precedes as well.
 */
export class ChangeTimes {
  private readonly lastOf = new Map<string, number>();
  /** When everything was last counted as changed (a change to every company, or announcements missed). */
  private everything = 0;
  private newest = 0;

  constructor(
    private readonly keepMs: number,
    private readonly maxOwners = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  heard(owner: string): void {
    const at = this.now();
    this.newest = at;
    // Re-inserting keeps the Map's order oldest first, so forgetting stops at the first young entry.
    this.lastOf.delete(owner);
    this.lastOf.set(owner, at);
    if (this.lastOf.size > this.maxOwners) this.forgetOld(at);
  }

  heardEverything(): void {
    this.everything = this.newest = this.now();
    this.lastOf.clear();
  }

  /** When a change to `owner` (or to everything) was last heard; 0 when none is remembered. */
  lastChangeOf(owner: string): number {
    return Math.max(this.everything, this.lastOf.get(owner) ?? 0);
  }

  /** When any change at all was last heard. */
  lastChange(): number {
    return this.newest;
  }

  private forgetOld(at: number): void {
    for (const [owner, time] of this.lastOf) {
      if (time >= at - this.keepMs) break;
      this.lastOf.delete(owner);
    }
    // Still too many young ones (a storm of changes): counting everything as changed keeps memory bounded.
    if (this.lastOf.size > this.maxOwners) this.heardEverything();
  }
}
