import type { DatabaseAvailability } from '../../db/availability.ts';

/** Longest wait between two tries while the database is away (its return wakes the wait at once). */
const MAX_WAIT_MS = 5_000;

/**
 * Runs a database write until it lands. While the database is away (a restart, a failover, a cut
 * connection) it waits for its return and tries again: what the write records (a batch's outcomes
 * after the carrier accepted it) exists nowhere else, and dropping it would send those messages
 * again. Any other error is thrown at once; so is an outage once `signal` aborts (the process is
 * stopping: the claim's lease then expires and another worker takes the messages back).
 */
export async function untilStored<T>(availability: DatabaseAvailability, write: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!availability.failed(error) || signal?.aborted || availability.closed) throw error;
      await availability.whenAvailable(MAX_WAIT_MS);
    }
  }
}
