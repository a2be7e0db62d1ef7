export interface PollerOptions {
  /** The pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** A failed run is reported here; polling goes on (the next run may find the database back). */
  onError?: ((error: unknown) => void) | undefined;
  /** While this answers true the timer starts no run (the database is away: its availability probe watches for its return). */
  skip?: (() => boolean) | undefined;
}

/**
 * Runs `poll` again and again while started: the live event streams (inbox, notifications) ask
 * the database for changes with it while someone listens, and workers run their periodic sweeps
 * with it (notifications, budgets). One run at a time: the next is timed from the end of the
 * previous, so a slow database is never asked twice at once and runs do not pile up; a run asked
 * for now (runNow) waits for the one in progress. The timer is unref'd: an idle poller never holds
 * the process open.
 */
export class Poller<T = void> {
  private readonly poll: () => Promise<T>;
  private readonly intervalMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly skip: () => boolean;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(poll: () => Promise<T>, options: PollerOptions) {
    this.poll = poll;
    this.intervalMs = options.intervalMs;
    this.onError = options.onError ?? (() => {});
    this.skip = options.skip ?? (() => false);
  }

  /** Polls from now on, the first run one interval from now; nothing more while already started. */
  start(): void {
    this.started = true;
    this.schedule();
  }

  /** Stops polling; a run in progress finishes, and no other follows it. */
  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Stops polling and waits for a run in progress (process shutdown). */
  async close(): Promise<void> {
    this.stop();
    await this.running?.catch(() => {});
  }

  /** One run now, after the one in progress (tests, callers that need a fresh result); its error is the caller's. */
  async runNow(): Promise<T> {
    while (this.running) await this.running.catch(() => {});
    return this.run();
  }

  private run(): Promise<T> {
    const work = Promise.resolve().then(this.poll);
    this.running = work;
    const settle = () => {
      if (this.running === work) this.running = undefined;
      this.schedule();
    };
    work.then(settle, settle);
    return work;
  }

  private schedule(): void {
    // A run in progress schedules the next itself when it ends: starting again meanwhile must not
    // add a second timer (two loops would then ask the database at once).
    if (!this.started || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) return;
      if (this.skip()) return this.schedule();
      this.run().catch(this.onError);
    }, this.intervalMs);
    this.timer.unref();
  }
}
