// Entry point of `npm run backup -- [--out FILE]`: one consistent, compressed backup of the whole
// installation (modules/backups), taken while the server keeps running.
import './platform/module-hooks.ts';

const { parseArgs } = await import('node:util');
const { loadConfigOrExit } = await import('./config.ts');
const { runBackupCommand } = await import('./modules/backups/index.ts');

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfigOrExit();
try {
  const started = Date.now();
  const { file, via } = await runBackupCommand(config, values.out);
  console.info(
    `Backup written to ${file} (${via === 'server' ? 'by the running server' : 'directly'}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
