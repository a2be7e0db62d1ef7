// Entry point of `npm run restore -- FILE [--force] [--resume-sending]`: restores a backup into an
// empty DATA_DIR or an empty PostgreSQL database (DATABASE_URL), either database from either's
// backup. An encrypted file asks for its passphrase (BACKUP_PASSPHRASE, or typed on the terminal).
// The restored copy holds sending until an administrator resumes it (decision 072), unless
// --resume-sending says it takes over from the source.
import './platform/compile-cache.ts';
import './platform/owner-only-files.ts';
import './platform/module-hooks.ts';

const { parseArgs } = await import('node:util');
const { loadConfigOrExit } = await import('./config.ts');
const { commandPassphrase, runRestoreCommand } = await import('./modules/backups/index.ts');

const USAGE = 'Usage: npm run restore -- FILE [--force] [--resume-sending]';
let parsed;
try {
  parsed = parseArgs({
    options: { force: { type: 'boolean', default: false }, 'resume-sending': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfigOrExit();
try {
  const resumeSending = values['resume-sending'];
  const { manifest, rows } = await runRestoreCommand(config, file, {
    force: values.force,
    resumeSending,
    // Asked only when the file is encrypted (recognised by its content).
    passphrase: () => commandPassphrase('decrypt'),
  });
  const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
  console.info(
    `Restored ${total} rows from a ${manifest.source} backup of ${manifest.createdAt} (product ${manifest.productVersion}, schema ${manifest.schemaVersion}) into ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}.`,
  );
  console.info(
    resumeSending
      ? 'Sending goes on as it was in the backup (--resume-sending): make sure the installation it came from no longer sends.'
      : 'Sending is on hold: campaigns that were sending or scheduled are paused and no message is sent until an administrator resumes sending (the banner in the web app, or POST /api/sending-hold/resume).',
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
