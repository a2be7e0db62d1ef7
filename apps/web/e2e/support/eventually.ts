import { expect } from 'vitest';

/**
 * Polls a reading until it matches, for screens that update after a fetch, a debounce or a live
 * event. A poll that matches returns at once; the timeout only bounds a slow CI host.
 */
export const eventually = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout, interval: 250 });
