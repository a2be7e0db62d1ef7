/**
 * Runs callbacks at (roughly) their due time with one interval instead of a timer per event, so
 * a simulated carrier can hold receipts and replies for a million messages cheaply.
 */
export class TimerWheel {
  private readonly slots = new Map<number, Array<() => void>>();
  private readonly timer: NodeJS.Timeout;
  private cursor: number;
  private readonly tickMs: number;

  constructor(tickMs = 100) {
    this.tickMs = tickMs;
    this.cursor = Math.floor(Date.now() / tickMs);
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  /** Runs `callback` about `delayMs` from now (never before). */
  schedule(delayMs: number, callback: () => void): void {
    const slot = Math.ceil((Date.now() + delayMs) / this.tickMs);
    const list = this.slots.get(slot);
    if (list) list.push(callback);
    else this.slots.set(slot, [callback]);
  }

  /** Callbacks still waiting. */
  get pending(): number {
    let total = 0;
    for (const list of this.slots.values()) total += list.length;
    return total;
  }

  private tick(): void {
    const now = Math.floor(Date.now() / this.tickMs);
    for (; this.cursor <= now; this.cursor += 1) {
      const list = this.slots.get(this.cursor);
      if (!list) continue;
      this.slots.delete(this.cursor);
      for (const callback of list) callback();
    }
  }

  /** Runs every waiting callback now (and those they schedule), then stops. */
  drain(): void {
    clearInterval(this.timer);
    for (let round = 0; round < 10 && this.slots.size > 0; round += 1) {
      const due = [...this.slots.entries()].sort(([a], [b]) => a - b).flatMap(([, list]) => list);
      this.slots.clear();
      for (const callback of due) callback();
    }
    this.slots.clear();
  }

  /** Stops; waiting callbacks are dropped. */
  stop(): void {
    clearInterval(this.timer);
    this.slots.clear();
  }
}
