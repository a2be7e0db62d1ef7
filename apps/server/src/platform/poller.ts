export interface PollerOptions {
  /** The pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** A failed run is reported here; polling goes on (the next run may find the database back). */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * Runs `poll` again and again while started: what the live event streams (inbox, notifications)
 * use to ask the database for changes while someone listens. One run at a time: the next is timed
 * from the end of the previous, so a slow database is never asked twice at once and runs do not
 * pile up. The timer is unref'd: an idle poller never holds the process open.
 */
export class Poller {
  private readonly poll: () => Promise<void>;
  private readonly intervalMs: number;
  private readonly onError: (error: unknown) => void;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(poll: () => Promise<void>, options: PollerOptions) {
    this.poll = poll;
    this.intervalMs = options.intervalMs;
    this.onError = options.onError ?? (() => {});
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
    await this.running;
  }

  private schedule(): void {
    // A run in progress schedules the next itself when it ends: starting again meanwhile must not
    // add a second timer (two loops would then ask the database at once).
    if (!this.started || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = Promise.resolve()
        .then(this.poll)
        .catch(this.onError)
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }
}
