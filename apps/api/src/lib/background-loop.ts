/**
 * Runs `step` over and over while it finds work (it answers true), then waits `idleMs` before looking
 * again. One pass at a time per instance; the timer never keeps the process alive. The job queue and the
 * tracking poller each run on one.
 */
export class BackgroundLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly step: () => Promise<boolean>,
    private readonly idleMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Looks for work now rather than after the idle wait (e.g. after a commit that added some). */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Runs steps until none finds work; tests and the CLI use it instead of waiting. Returns how many ran. */
  async drain(): Promise<number> {
    await this.running;
    let count = 0;
    while (await this.step()) count++;
    return count;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.idleMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      while (!this.stopped && (await this.step()));
    } catch (err) {
      this.onError(err);
    }
  }
}
