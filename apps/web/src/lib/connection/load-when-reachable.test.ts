import { describe, expect, it, vi } from 'vitest';
import { createConnection } from './connection-state';
import type { ConnectionTrouble } from './connection-trouble';
import { loadWhenReachable } from './load-when-reachable';

const failedImport = () => new TypeError('Failed to fetch dynamically imported module: /assets/page.js');

describe('loadWhenReachable', () => {
  it('waits while the server cannot be reached and loads once it answers', async () => {
    vi.useFakeTimers();
    try {
      let server: ConnectionTrouble | undefined = 'unreachable';
      const connection = createConnection(() => Promise.resolve(server));
      let attempts = 0;
      const load = vi.fn(() => (++attempts === 1 || server ? Promise.reject(failedImport()) : Promise.resolve('page')));
      let result: string | undefined;
      void loadWhenReachable(load, connection).then((value) => (result = value));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(result).toBeUndefined();
      expect(connection.get().status).toBe('unreachable');
      expect(load).toHaveBeenCalledTimes(1);
      server = undefined;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(result).toBe('page');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries once more when the server answers, then fails as before (a file gone after an update)', async () => {
    const connection = createConnection(() => Promise.resolve(undefined));
    const load = vi.fn(() => Promise.reject(failedImport()));
    await expect(loadWhenReachable(load, connection)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads at once when nothing fails', async () => {
    const connection = createConnection(() => Promise.reject(new Error('not called')));
    await expect(loadWhenReachable(() => Promise.resolve(1), connection)).resolves.toBe(1);
  });
});
