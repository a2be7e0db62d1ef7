import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

/** CPU milliseconds this process spent in `work` (argon2 runs on its thread pool, which counts). */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('passwords', () => {
  it('verifies a right password and refuses a wrong or malformed hash without throwing', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct-Horse-1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-Horse-2')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct-Horse-1')).toBe(false);
  });

  it('spends on an unknown email what a real verification costs (same parameters, same work)', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    await verifyAgainstDummy('warm-up');
    const real: number[] = [];
    const dummy: number[] = [];
    // CPU time, not wall time: another process on the shared host does not move it. Interleaved,
    // so a slow patch of the run weighs on both.
    for (let i = 0; i < 7; i += 1) {
      real.push(await cpuMs(() => verifyPassword(stored, 'Wrong-Horse-1')));
      dummy.push(await cpuMs(() => verifyAgainstDummy('Wrong-Horse-1')));
    }
    expect(median(dummy)).toBeGreaterThan(median(real) * 0.6);
    expect(median(dummy)).toBeLessThan(median(real) * 1.6);
  });
});
