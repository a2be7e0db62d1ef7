import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPgliteTemplate, PGLITE_TEMPLATE_ENV } from './pglite-template.ts';

/** Builds the migrated PGlite template once for the whole API run (see pglite-template.ts); removes it afterwards. */
export default async function setup(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'sms-pglite-template-'));
  const path = join(folder, 'template.tar');
  writeFileSync(path, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = path;
  return () => rmSync(folder, { recursive: true, force: true });
}
