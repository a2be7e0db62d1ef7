import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { LAST_SEEN_INTERVAL_MS, lastSeenRecorder } from './last-seen.ts';

/** A stand-in database that counts the statements it is given (and fails when told to). */
function countingDb(fail = false) {
  const calls: unknown[] = [];
  const db = {
    execute: async (query: unknown) => {
      calls.push(query);
      if (fail) throw new Error('connection lost');
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, calls };
}

describe('last seen', () => {
  it('writes at most once a minute per user', async () => {
    const { db, calls } = countingDb();
    let now = 1_000_000;
    const seen = lastSeenRecorder(db, () => now);
    await seen('a');
    await seen('a');
    await seen('b');
    expect(calls).toHaveLength(2);
    now += LAST_SEEN_INTERVAL_MS - 1;
    await seen('a');
    expect(calls).toHaveLength(2);
    now += 1;
    await seen('a');
    expect(calls).toHaveLength(3);
  });

  it('never fails the request, and tries again at the next one after a failure', async () => {
    const { db, calls } = countingDb(true);
    const seen = lastSeenRecorder(db, () => 5);
    await expect(seen('a')).resolves.toBeUndefined();
    await seen('a');
    expect(calls).toHaveLength(2);
  });
});
