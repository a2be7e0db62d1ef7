import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/scratch-dir.ts';

const settings = new URL('./embedded-memory.ts', import.meta.url).pathname;

/** Runs a script that imports embedded-memory.ts first, as the entry points do; answers what the process saw after it. */
function runEntry(env: Record<string, string | undefined>) {
  const script = join(scratchDir('sms-embedded-memory-'), 'entry.mjs');
  writeFileSync(
    script,
    `import ${JSON.stringify(settings)};\nconsole.log(JSON.stringify({ pid: process.pid, threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, execArgv: process.execArgv, args: process.argv.slice(2) }));\n`,
  );
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.MALLOC_MMAP_THRESHOLD_;
  delete base.NODE_OPTIONS;
  const child = spawnSync(process.execPath, ['--max-semi-space-size=16', '--heap-growing-percent=100', script, 'extra-argument'], {
    env: { ...base, ...env },
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return {
    pid: child.pid,
    seen: JSON.parse(child.stdout) as { pid: number; threshold: string | null; execArgv: string[]; args: string[] },
  };
}

/** The value a process was last given for a V8 flag (later flags win). */
const lastValue = (execArgv: string[], name: string) =>
  execArgv
    .filter((flag) => flag.startsWith(`${name}=`))
    .at(-1)
    ?.split('=')[1];

describe.skipIf(process.platform !== 'linux')("memory settings of an embedded server (Linux only: the malloc variable is glibc's)", () => {
  it('re-executes an embedded server in place with the mmap threshold and the heap flags, keeping its flags and arguments', () => {
    const { pid, seen } = runEntry({});
    expect(seen.threshold).toBe(String(128 * 1024));
    expect(seen.pid).toBe(pid);
    expect(seen.execArgv.slice(0, 2)).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=100']);
    expect(lastValue(seen.execArgv, '--max-semi-space-size')).toBe('8');
    expect(lastValue(seen.execArgv, '--heap-growing-percent')).toBe('50');
    expect(seen.args).toEqual(['extra-argument']);
  });

  it('leaves a PostgreSQL server alone', () => {
    const { seen } = runEntry({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(seen.threshold).toBeNull();
    expect(seen.execArgv).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=100']);
  });

  it('keeps what the operator set: the malloc variable, and V8 flags in NODE_OPTIONS', () => {
    const { seen } = runEntry({ MALLOC_MMAP_THRESHOLD_: '65536', NODE_OPTIONS: '--max_semi_space_size=4' });
    expect(seen.threshold).toBe('65536');
    expect(lastValue(seen.execArgv, '--max-semi-space-size')).toBe('16');
    expect(lastValue(seen.execArgv, '--heap-growing-percent')).toBe('50');
  });
});
