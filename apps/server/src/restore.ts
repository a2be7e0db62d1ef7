// Entry point of `npm run restore -- FILE [--force]`: restores a backup into an empty DATA_DIR or
// an empty PostgreSQL database (DATABASE_URL), either database from either's backup.
import './platform/module-hooks.ts';

const { parseArgs } = await import('node:util');
const { loadConfigOrExit } = await import('./config.ts');
const { runRestoreCommand } = await import('./modules/backups/index.ts');

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const config = loadConfigOrExit();
try {
  const { manifest, rows } = await runRestoreCommand(config, file, { force: values.force });
  const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
  console.info(
    `Restored ${total} rows from a ${manifest.source} backup of ${manifest.createdAt} (product ${manifest.productVersion}, schema ${manifest.schemaVersion}) into ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
