import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

describe('embedded database directory', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sms-pglite-')), 'pglite');
    const first = await openPglite({ dataDir: dir });
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(/Another server process \(pid \d+\) is using the embedded database/);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openPglite({ dataDir: dir });
    await again.ping();
    await again.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sms-pglite-')), 'pglite');
    writeFileSync(`${dir}.lock`, '2147483646');
    const database = await openPglite({ dataDir: dir });
    await database.ping();
    await database.close();
  });
});
