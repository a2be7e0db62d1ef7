// Entry point of `npm run backup -- [--out FILE] [--encrypt]`: one consistent, compressed backup
// of the whole installation (modules/backups), taken while the server keeps running; with
// --encrypt, sealed with a passphrase (BACKUP_PASSPHRASE, or typed on the terminal).
import './platform/compile-cache.ts';
import './platform/owner-only-files.ts';
import './platform/module-hooks.ts';

const { parseArgs } = await import('node:util');
const { loadConfigOrExit } = await import('./config.ts');
const { commandPassphrase, runBackupCommand } = await import('./modules/backups/index.ts');

const USAGE = 'Usage: npm run backup -- [--out FILE] [--encrypt]';
let parsed;
try {
  parsed = parseArgs({ options: { out: { type: 'string' }, encrypt: { type: 'boolean', default: false } } });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const { values } = parsed;
const config = loadConfigOrExit();
try {
  const passphrase = values.encrypt ? await commandPassphrase('encrypt') : undefined;
  const started = Date.now();
  const { file, via, encrypted } = await runBackupCommand(config, values.out, { passphrase });
  console.info(
    `Backup written to ${file} (${via === 'server' ? 'by the running server' : 'directly'}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.info(
    encrypted
      ? 'The file is encrypted: keep the passphrase somewhere other than the file; without it the backup cannot be restored.'
      : 'The file is not encrypted: it holds every secret of the installation (password hashes, the token signing secret, gateway credentials). Keep it where only you can read it, or use --encrypt.',
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
