import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { backupToFile } from './backup-commands.ts';
import { BACKUP_STREAM_PATH, BACKUP_TOKEN_HEADER, newBackupToken, publishBackupEndpoint } from './backup-endpoint.ts';
import { emptyPglite, fingerprint, serveOn } from '../../../test/backup-fixtures.ts';
import { restoreBackup } from './restore.ts';

const run = promisify(execFile);
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `npm run backup` / `npm run restore`'s entry point as a separate process. */
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(join(REPO_ROOT, 'node_modules/.bin/node'), [join(REPO_ROOT, `apps/server/src/${script}.ts`), ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    cwd: REPO_ROOT,
  });

describe('npm run backup while the embedded server runs', () => {
  it(
    'asks the running server (which owns the files) for the backup, with the token of DATA_DIR; others are refused',
    { timeout: 300_000 },
    async () => {
      // A running embedded server: its DATA_DIR/pglite is locked by a live process (this one).
      const source = await startTestServer();
      await seedContacts(source, 120);
      await source.database.db.execute(sql`update contacts set notes = 'tab\there' where phone like '%7'`);
      const seedFile = join(scratchDir('sms-backup-'), 'seed.sms.gz');
      await backupToFile(source.database, seedFile);
      await source.close();
      const running = await emptyPglite();
      cleanups.push(() => running.dispose());
      await restoreBackup(running.database, seedFile, { resumeSending: true });
      const token = newBackupToken();
      const served = await serveOn(running, { backupToken: token });
      cleanups.push(() => served.close());
      const unpublish = publishBackupEndpoint(running.dataDir, { url: served.baseUrl, token });
      cleanups.push(async () => unpublish());

      const out = join(scratchDir('sms-backup-'), 'live.sms.gz');
      const { stdout } = await cli('backup', ['--out', out], { DATA_DIR: running.dataDir });
      expect(stdout).toContain('by the running server');

      const copy = await emptyPglite();
      cleanups.push(() => copy.dispose());
      await restoreBackup(copy.database, out, { resumeSending: true });
      expect(await fingerprint(copy.database)).toEqual(await fingerprint(running.database));

      expect((await fetch(`${served.baseUrl}${BACKUP_STREAM_PATH}`)).status).toBe(401);
      expect((await fetch(`${served.baseUrl}${BACKUP_STREAM_PATH}`, { headers: { [BACKUP_TOKEN_HEADER]: 'x'.repeat(64) } })).status).toBe(
        401,
      );
    },
  );

  it('npm run restore refuses a DATA_DIR that holds a database unless --force, then replaces it', { timeout: 300_000 }, async () => {
    const source = await startTestServer();
    await seedContacts(source, 50);
    const file = join(scratchDir('sms-backup-'), 'small.sms.gz');
    await backupToFile(source.database, file);
    await source.close();
    const dataDir = scratchDir('sms-restore-cli-');
    const first = await cli('restore', [file], { DATA_DIR: dataDir });
    expect(first.stdout).toMatch(/Restored \d+ rows/);
    await expect(cli('restore', [file], { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringContaining('--force') });
    const forced = await cli('restore', [file, '--force'], { DATA_DIR: dataDir });
    expect(forced.stdout).toMatch(/Restored \d+ rows/);
  });
});
