/** A release function: gives the slot back. */
export type Release = () => void;

/**
 * A counting semaphore: at most `size` holders at once, waiters served first come, first served
 * (so the messages of a batch start in their order).
 */
export interface RequestSlots {
  acquire(): Promise<Release>;
  /** Holders right now (for tests and diagnostics). */
  readonly inUse: number;
}

/** Creates a semaphore with `size` slots. */
export function createRequestSlots(size: number): RequestSlots {
  let inUse = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    if (next) next();
    else inUse -= 1;
  };
  return {
    get inUse() {
      return inUse;
    },
    acquire: () => {
      if (inUse < size) {
        inUse += 1;
        return Promise.resolve(once(release));
      }
      return new Promise<Release>((resolve) => waiting.push(() => resolve(once(release))));
    },
  };
}

/** A release that only counts the first call, so a double release cannot grow the semaphore. */
function once(release: Release): Release {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
