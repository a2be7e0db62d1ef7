import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { MIGRATIONS_FOLDER, queryRows } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { openMigratedDatabase } from '../../runtime.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { onPostgres } from '../../../test/helper.ts';
import { mountTinyFilesystem } from '../../../test/tiny-filesystem.ts';
import { pendingMigrationCount } from '../../db/migrate.ts';

/** The migrations folder as an older version shipped it: every migration but the newest. */
function olderMigrations(): string {
  const folder = join(scratchDir('older-migrations-'), 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const backupsIn = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'backups')).filter((name) => name.startsWith('pre-migration-'));
  } catch {
    return [];
  }
};

// The automatic backup is the embedded database's (PostgreSQL has its own backups and no DATA_DIR copy).
describe.skipIf(onPostgres)('the embedded server backs up before applying new migrations', () => {
  it(
    'an older database with data gets one pre-migration backup, then migrates; a current or new one gets none',
    { timeout: 120_000 },
    async () => {
      const dataDir = scratchDir('pre-migration-');
      const config = { dataDir, databaseUrl: undefined, backupDir: undefined } as unknown as Config;

      // A new installation: nothing to back up.
      const fresh = await openMigratedDatabase({ ...config, dataDir: scratchDir('pre-migration-new-') } as Config);
      await fresh.close();

      // The previous version's database, with a contact in it.
      const old = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      await old.migrate(olderMigrations());
      await old.db.execute(sql`insert into contacts (phone, source) values ('+447911123456', 'manual')`);
      await old.close();
      expect(backupsIn(dataDir)).toEqual([]);

      const upgraded = await openMigratedDatabase(config);
      const [kept] = await queryRows<{ count: number }>(upgraded.db, sql`select count(*)::int as count from contacts`);
      await upgraded.close();
      expect(kept?.count).toBe(1);
      const made = backupsIn(dataDir);
      expect(made).toHaveLength(1);
      // A backup file: gzip with the data of the old schema.
      expect([...readFileSync(join(dataDir, 'backups', made[0]!)).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

      // Opened again at the same version: no second backup.
      await (await openMigratedDatabase(config)).close();
      expect(backupsIn(dataDir)).toHaveLength(1);
    },
  );

  it('a pre-migration backup onto a full disk stops the start cleanly: nothing migrated, no partial file, backup.failed audited', async ({
    skip,
  }) => {
    const tiny = mountTinyFilesystem('4m');
    if (!tiny) return skip('mounting a tmpfs is refused here');
    try {
      tiny.leaveFree(8 * 1024);
      const dataDir = scratchDir('pre-migration-full-');
      const old = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      await old.migrate(olderMigrations());
      await old.db.execute(sql`insert into contacts (phone, first_name, source)
        select '+4479111' || lpad(i::text, 5, '0'), repeat('x', 100), 'manual' from generate_series(1, 20000) as i`);
      await old.close();

      const config = { dataDir, databaseUrl: undefined, backupDir: tiny.dir } as unknown as Config;
      await expect(openMigratedDatabase(config)).rejects.toThrow(
        /^Could not back up the embedded database before applying new migrations, so nothing was changed: The disk is full/,
      );
      expect(readdirSync(tiny.dir).filter((name) => name !== 'filler')).toEqual([]);
      const kept = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      try {
        expect(await pendingMigrationCount(kept.db)).toBe(1);
        const audits = await queryRows<{ action: string; details: { error: string; via: string } }>(
          kept.db,
          sql`select action, details from audit_log where action like 'backup.%'`,
        );
        expect(audits).toEqual([{ action: 'backup.failed', details: expect.objectContaining({ via: 'before migrating' }) }]);
        expect(audits[0]?.details.error).toMatch(/^The disk is full/);
      } finally {
        await kept.close();
      }
    } finally {
      tiny.unmount();
    }
  });
});
