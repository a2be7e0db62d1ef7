import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const allocator = new URL('./allocator.ts', import.meta.url).pathname;

/** Runs a script that imports allocator.ts first, as the entry points do; answers what the process saw after it. */
function runEntry(env: Record<string, string | undefined>) {
  const script = join(mkdtempSync(join(tmpdir(), 'sms-allocator-')), 'entry.mjs');
  writeFileSync(script, `import ${JSON.stringify(allocator)};\nconsole.log(JSON.stringify({ pid: process.pid, threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, execArgv: process.execArgv, args: process.argv.slice(2) }));\n`);
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.MALLOC_MMAP_THRESHOLD_;
  const child = spawnSync(process.execPath, ['--max-semi-space-size=16', script, 'extra-argument'], { env: { ...base, ...env }, encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  return { pid: child.pid, seen: JSON.parse(child.stdout) as { pid: number; threshold: string | null; execArgv: string[]; args: string[] } };
}

describe.skipIf(process.platform !== 'linux')('allocator settings of the entry points (Linux only: the variable is glibc malloc\'s)', () => {
  it('re-executes an embedded server in place with the mmap threshold fixed, keeping its flags and arguments', () => {
    const { pid, seen } = runEntry({});
    expect(seen.threshold).toBe(String(128 * 1024));
    expect(seen.pid).toBe(pid);
    expect(seen.execArgv).toContain('--max-semi-space-size=16');
    expect(seen.args).toEqual(['extra-argument']);
  });

  it('leaves a PostgreSQL server and an operator-set value alone', () => {
    expect(runEntry({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }).seen.threshold).toBeNull();
    expect(runEntry({ MALLOC_MMAP_THRESHOLD_: '65536' }).seen.threshold).toBe('65536');
  });
});
