/**
 * Collects items that arrive one by one (receipts, inbound messages) and hands them on in
 * batches: when `maxItems` are waiting or `maxDelayMs` after the first one, never two flushes at
 * once. A failed flush keeps its items and tries again after `retryMs`, so a database hiccup loses
 * nothing that reached this process.
 */
export class EventBuffer<T> {
  private items: T[] = [];
  /** Items ever pushed and ever stored: a push's promise resolves once its last item is stored. */
  private pushed = 0;
  private stored = 0;
  private tickets: Array<{ end: number; resolve: () => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private readonly flushItems: (items: T[]) => Promise<void>;
  private readonly options: { maxItems: number; maxDelayMs: number; retryMs: number; onError: (error: unknown) => void };

  constructor(flushItems: (items: T[]) => Promise<void>, options: { maxItems: number; maxDelayMs: number; retryMs?: number; onError: (error: unknown) => void }) {
    this.flushItems = flushItems;
    this.options = { retryMs: 1_000, ...options };
  }

  /**
   * Queues items for the next flush; the promise resolves when they are stored (a gateway that
   * acknowledges to the carrier, like SMPP, waits for it, so a crash never loses an acknowledged
   * receipt: the carrier delivers unacknowledged ones again).
   */
  push(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    for (const item of items) this.items.push(item);
    this.pushed += items.length;
    const stored = new Promise<void>((resolve) => this.tickets.push({ end: this.pushed, resolve }));
    if (this.items.length >= this.options.maxItems) this.schedule(0);
    else this.schedule(this.options.maxDelayMs);
    return stored;
  }

  get size(): number {
    return this.items.length;
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
  }

  /** Hands everything waiting to the flush function (after any flush already running). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.items.length === 0) return;
    const batch = this.items.splice(0, this.options.maxItems);
    this.flushing = this.flushItems(batch)
      .then(() => {
        this.stored += batch.length;
        const due = this.tickets.filter((ticket) => ticket.end <= this.stored);
        this.tickets = this.tickets.filter((ticket) => ticket.end > this.stored);
        for (const ticket of due) ticket.resolve();
      })
      .catch((error: unknown) => {
        this.items = batch.concat(this.items);
        this.options.onError(error);
        this.schedule(this.options.retryMs);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
    if (this.items.length > 0) this.schedule(this.items.length >= this.options.maxItems ? 0 : this.options.maxDelayMs);
  }

  /** Flushes what is left (one attempt) and stops the timer. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.flush();
    this.closed = true;
    clearTimeout(this.timer);
  }
}
