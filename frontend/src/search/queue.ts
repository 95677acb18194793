/**
 * One search at a time, with no fixed input delay: a query starts at once when none is
 * running; one typed meanwhile waits for it, and only the newest of those runs then (the
 * others see `stale()` and return).
 */
export class SearchQueue {
  // The search under way (until its full-text answer, not its excerpts); null when idle.
  private running: Promise<unknown> | null = null;

  /** Runs `search` now or after the running one; `search` resolves when its answer is in. */
  start(search: () => Promise<unknown>): void {
    const run = () => {
      const settled: Promise<void> = search()
        .then(
          () => {},
          () => {},
        )
        .then(() => {
          if (this.running === settled) this.running = null;
        });
      this.running = settled;
    };
    if (this.running) this.running.then(run);
    else run();
  }
}
