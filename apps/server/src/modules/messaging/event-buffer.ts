/** One push: resolved once every item of it is stored, rejected once the buffer gives it up. */
interface Ticket {
  remaining: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** After this time (ms since the epoch) a failed flush drops it instead of keeping it. */
  giveUpAt: number;
}

interface Entry<T> {
  item: T;
  ticket: Ticket;
}

export interface EventBufferOptions {
  maxItems: number;
  maxDelayMs: number;
  retryMs?: number;
  /**
   * Flushes that may run at once (default 1). Receipts use several: each flush first waits for
   * the write-back of the batches in flight, and one flush at a time would cap storage at
   * maxItems per write-back time, below the send rate.
   */
  concurrency?: number;
  onError: (error: unknown) => void;
  /**
   * How long a push may wait for storage across failed flushes (default: forever). Past it, the
   * next failure drops the push's items and rejects it: the gateway then answers its carrier "not
   * stored, deliver again" (SMPP ESME_RX_T_APPN) before the carrier gives up waiting itself.
   */
  giveUpAfterMs?: number;
}

/**
 * Collects items that arrive one by one (receipts, inbound messages) and hands them on in
 * batches: when `maxItems` are waiting or `maxDelayMs` after the first one, at most
 * `concurrency` flushes at once. A failed flush keeps its items and tries again after `retryMs`,
 * so a database hiccup loses nothing that reached this process.
 */
export class EventBuffer<T> {
  private entries: Entry<T>[] = [];
  private readonly flights = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private failures = 0;
  private readonly flushItems: (items: T[]) => Promise<void>;
  private readonly options: Required<EventBufferOptions>;

  constructor(flushItems: (items: T[]) => Promise<void>, options: EventBufferOptions) {
    this.flushItems = flushItems;
    this.options = { retryMs: 1_000, concurrency: 1, giveUpAfterMs: Number.POSITIVE_INFINITY, ...options };
  }

  /**
   * Queues items for the next flush; the promise resolves when they are stored (a gateway that
   * acknowledges to the carrier, like SMPP, waits for it, so a crash never loses an acknowledged
   * receipt: the carrier delivers unacknowledged ones again).
   */
  push(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    const stored = new Promise<void>((resolve, reject) => {
      const ticket: Ticket = { remaining: items.length, resolve, reject, giveUpAt: Date.now() + this.options.giveUpAfterMs };
      for (const item of items) this.entries.push({ item, ticket });
    });
    this.schedule(this.entries.length >= this.options.maxItems ? 0 : this.options.maxDelayMs);
    return stored;
  }

  get size(): number {
    return this.entries.length;
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

  /** Hands up to maxItems of what is waiting to the flush function, once a flush slot is free. */
  async flush(): Promise<void> {
    while (this.flights.size >= this.options.concurrency) await Promise.race(this.flights);
    if (this.entries.length === 0) return;
    const batch = this.entries.splice(0, this.options.maxItems);
    const flight: Promise<void> = this.flushItems(batch.map((entry) => entry.item))
      .then(() => {
        for (const entry of batch) if (--entry.ticket.remaining === 0) entry.ticket.resolve();
      })
      .catch((error: unknown) => {
        this.failures++;
        // Pushes waiting too long are given up (all their items, here and still queued); the rest is kept for the retry.
        const now = Date.now();
        const given = new Set(batch.filter((entry) => entry.ticket.giveUpAt <= now).map((entry) => entry.ticket));
        for (const ticket of given) ticket.reject(error);
        this.entries = batch.concat(this.entries).filter((entry) => !given.has(entry.ticket));
        this.options.onError(error);
        this.schedule(this.options.retryMs);
      })
      .finally(() => this.flights.delete(flight));
    this.flights.add(flight);
    // A full batch more is waiting: it may take another slot at once.
    if (this.entries.length >= this.options.maxItems) this.schedule(0);
    await flight;
    if (this.entries.length > 0) this.schedule(this.entries.length >= this.options.maxItems ? 0 : this.options.maxDelayMs);
  }

  /** Flushes what is left (each item once more at most; a failure stops it) and stops the timer. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.closed = true;
    const failuresBefore = this.failures;
    while (this.entries.length > 0 && this.failures === failuresBefore) await this.flush();
    await Promise.allSettled([...this.flights]);
    clearTimeout(this.timer);
    // What could not be stored is not acknowledged: the carrier delivers it again.
    const left = new Set(this.entries.map((entry) => entry.ticket));
    this.entries = [];
    for (const ticket of left) ticket.reject(new Error('The process stopped before these were stored'));
  }
}
