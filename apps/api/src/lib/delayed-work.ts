/**
 * Work owed a moment from now, by key: the development simulators' webhooks, which a real provider posts a
 * second or two after it answers. Each runs once, after its delay or at a flush (tests); dropping forgets
 * what is owed (the app is closing, or a test posts its own).
 */
export class DelayedWork {
  private readonly owed = new Map<string, { timer: NodeJS.Timeout; work: () => Promise<void> }>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly delayMs: number) {}

  schedule(key: string, work: () => Promise<void>): void {
    this.cancel(key);
    const timer = setTimeout(() => this.run(key), this.delayMs);
    timer.unref();
    this.owed.set(key, { timer, work });
  }

  /** Runs everything owed now and waits until all of it, and anything already running, has finished. */
  async flush(): Promise<void> {
    for (const key of [...this.owed.keys()]) this.run(key);
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  cancel(key: string): void {
    const owed = this.owed.get(key);
    if (owed) clearTimeout(owed.timer);
    this.owed.delete(key);
  }

  drop(): void {
    for (const key of [...this.owed.keys()]) this.cancel(key);
  }

  private run(key: string): void {
    const owed = this.owed.get(key);
    if (!owed) return;
    this.cancel(key);
    const work = owed.work();
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
