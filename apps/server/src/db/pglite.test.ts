import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/scratch-dir.ts';
import { openPglite } from './pglite.ts';

describe('embedded database bytea', () => {
  it('stores and reads back every byte value, as parameter and as result', async () => {
    const database = await openPglite({});
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));
    const pglite = database.jobsTarget.kind === 'pglite' ? database.jobsTarget.pglite : undefined;
    const echoed = await pglite!.query<{ value: Buffer; length: number; hex: string }>(
      'select $1::bytea as value, length($1::bytea) as length, encode(substring($1::bytea from 1 for 4), $2) as hex',
      [bytes, 'hex'],
    );
    expect(echoed.rows[0]?.length).toBe(4096);
    expect(echoed.rows[0]?.hex).toBe('00070e15');
    expect(Buffer.isBuffer(echoed.rows[0]?.value)).toBe(true);
    expect(echoed.rows[0]?.value.equals(bytes)).toBe(true);
    const empty = await pglite!.query<{ value: Buffer }>("select '\\x'::bytea as value");
    expect(empty.rows[0]?.value.length).toBe(0);
    await database.close();
  });
});

describe('embedded database memory', () => {
  it('runs with a 32 MB shared buffer pool (PGlite keeps the whole pool resident)', async () => {
    const database = await openPglite({});
    const pglite = database.jobsTarget.kind === 'pglite' ? database.jobsTarget.pglite : undefined;
    const shown = await pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    expect(shown.rows[0]?.shared_buffers).toBe('32MB');
    await database.close();
  });
});

describe('embedded database directory', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const dir = join(scratchDir('sms-pglite-'), 'pglite');
    const first = await openPglite({ dataDir: dir });
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(/Another server process \(pid \d+\) is using the embedded database/);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openPglite({ dataDir: dir });
    await again.ping();
    await again.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = join(scratchDir('sms-pglite-'), 'pglite');
    writeFileSync(`${dir}.lock`, '2147483646');
    const database = await openPglite({ dataDir: dir });
    await database.ping();
    await database.close();
  });
});
