import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Temporary folders made by the current test file (a full run used to leave hundreds behind). */
const scratchDirs: string[] = [];

/** A new folder under the system's temporary folder, removed after the test file (test/setup.ts). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

/** Removes the test file's scratch folders (its servers and databases are closed by then). */
export function removeScratchDirs(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
