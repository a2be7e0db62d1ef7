import { describe, expect, it } from 'vitest';
import { IdleBackoff } from './idle-backoff.ts';

describe('IdleBackoff', () => {
  it('keeps the shortest pause for a few idle rounds, then doubles up to four times it', () => {
    const backoff = new IdleBackoff(250);
    const pauses = Array.from({ length: 9 }, () => backoff.next(false));
    expect(pauses).toEqual([250, 250, 250, 250, 500, 1000, 1000, 1000, 1000]);
  });

  it('is the shortest again after a round with work or a wake', () => {
    const backoff = new IdleBackoff(500);
    for (let round = 0; round < 10; round += 1) backoff.next(false);
    expect(backoff.next(true)).toBe(500);
    for (let round = 0; round < 10; round += 1) backoff.next(false);
    backoff.reset();
    expect(backoff.next(false)).toBe(500);
  });
});
