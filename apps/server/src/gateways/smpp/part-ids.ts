/** How many part ids are remembered at most (oldest forgotten first). */
const DEFAULT_CAPACITY = 500_000;

/**
 * The SMSC ids of the second and later parts of multipart messages sent in this session. A
 * message's receipt is its first part's; receipts for the other parts are recognised here and
 * not reported. Memory only: after a restart such receipts are passed on, carry an id no
 * message row has, and are ignored by the engine.
 */
export function createPartIds(capacity = DEFAULT_CAPACITY) {
  const ids = new Set<string>();
  return {
    add(id: string): void {
      ids.add(id);
      if (ids.size > capacity) ids.delete(ids.values().next().value as string);
    },
    /** True when the id is a non-first part's (kept: a receipt may come twice). */
    has(id: string): boolean {
      return ids.has(id);
    },
    get size(): number {
      return ids.size;
    },
  };
}
