/**
 * Per-process cache of whole-campaign aggregates (one scan of a campaign's messages each: about
 * a second for a million recipients), so opening a report again, or paging through it, costs
 * index probes only.
 *
 * An entry is keyed by campaign and tagged with the campaign's live counters (per status plus
 * replies) when it was computed. Every status change and every first reply moves the counters,
 * and the aggregates change only with them, so an entry is reused exactly while the counters
 * have not moved. Two exceptions, both bounded in time:
 * - `maxAgeMs`: aggregates that also read the contacts (their CURRENT tag1, which changes without
 *   touching the counters) are recomputed after that long, behind the request: it is answered
 *   with the old figures at once, and the next one gets the new ones (so only the very first
 *   opening of a big campaign's report in a process waits for the scan);
 * - while a campaign is sending its counters move all the time: an entry younger than
 *   `liveReuseMs` is reused anyway, so a busy report page does not rescan on every poll.
 * Concurrent requests for the same missing entry share one computation.
 */
export interface ReportCacheOptions {
  maxAgeMs: number;
  liveReuseMs: number;
  maxEntries: number;
}

interface Entry<T> {
  signature: string;
  at: number;
  value: Promise<T>;
  /** A recomputation behind the requests is running. */
  refreshing?: boolean;
}

export class ReportCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly options: ReportCacheOptions;

  constructor(options: Partial<ReportCacheOptions> = {}) {
    this.options = { maxAgeMs: Number.POSITIVE_INFINITY, liveReuseMs: 5000, maxEntries: 50, ...options };
  }

  get(key: string, signature: string, live: boolean, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry) {
      const age = now - entry.at;
      const fresh = (entry.signature === signature && age < this.options.maxAgeMs) || (live && age < this.options.liveReuseMs);
      if (fresh) return entry.value;
      if (entry.signature === signature) {
        this.refreshBehind(key, entry, compute);
        return entry.value;
      }
      this.entries.delete(key);
    }
    return this.computeInto(key, signature, now, compute);
  }

  /** Only old (contacts may have changed since): recompute once, keep the old entry until it is done. */
  private refreshBehind(key: string, entry: Entry<T>, compute: () => Promise<T>): void {
    if (entry.refreshing) return;
    entry.refreshing = true;
    const at = Date.now();
    compute().then(
      (result) => {
        if (this.entries.get(key) === entry) this.entries.set(key, { signature: entry.signature, at, value: Promise.resolve(result) });
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  private computeInto(key: string, signature: string, now: number, compute: () => Promise<T>): Promise<T> {
    const value = compute();
    const created: Entry<T> = { signature, at: now, value };
    this.entries.set(key, created);
    // A failed computation is not kept.
    value.catch(() => {
      if (this.entries.get(key) === created) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
