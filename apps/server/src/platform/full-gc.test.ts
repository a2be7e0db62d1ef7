import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbageNow } from './full-gc.ts';

describe('collectGarbageNow', () => {
  it('collects unreachable objects at once, on every call', async () => {
    for (let round = 0; round < 2; round++) {
      const holder: { big?: number[] } = { big: Array.from({ length: 100_000 }, (_, index) => index) };
      const ref = new WeakRef(holder.big!);
      delete holder.big;
      // A WeakRef keeps its target alive until the end of the job that created it.
      await sleep(0);
      collectGarbageNow();
      expect(ref.deref()).toBeUndefined();
    }
  });
});
