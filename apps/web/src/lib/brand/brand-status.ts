import type { BrandStatus } from './brand-context';

/** How the brand's loads go, as a store that only its readers subscribe to (useBrandStatus). */
export interface BrandStatusStore {
  get: () => BrandStatus;
  set: (changes: Partial<BrandStatus>) => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A store rather than a context value: a context's change reaches every part of the page below it,
 * and React hydrates a server-rendered part that such a change crosses at once, in one long task,
 * instead of in slices. A load's end changes no brand, so it must reach only the screens that show it.
 */
export function createBrandStatusStore(): BrandStatusStore {
  let status: BrandStatus = { loading: true, error: null };
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(changes) {
      const next = { ...status, ...changes };
      if (next.loading === status.loading && next.error === status.error) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
