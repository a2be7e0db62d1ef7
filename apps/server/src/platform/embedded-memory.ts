/**
 * Memory settings of an embedded server (no DATABASE_URL: the API, the jobs and PGlite in one
 * process, where memory is the constraint). Imported first by the entry points (main.ts,
 * worker.ts): it re-executes the process once, in place (same pid, same flags and arguments), with
 *
 * - glibc malloc's mmap threshold fixed at 128 KB (Linux only). Left dynamic, glibc raises the
 *   threshold to the size of every large block freed (up to 32 MB), so an import's megabyte-sized
 *   buffers ended up in the main heap, which fragments and never shrinks: far more memory
 *   resident during a large import. Fixed, such buffers are mapped and given back when freed.
 * - V8's young generation at 8 MB a semi-space and its old generation allowed to grow by 50%
 *   past what is live before a full collection (npm start gives 16 and 100 for both modes). An
 *   embedded import runs two V8 heaps (the job's thread, with PGlite, and the reading thread), and
 *   each held up to twice its live data between collections. With these, an import's peak is
 *   lower, the CSV import as fast (PGlite's WebAssembly, not the collector, bounds it) and the
 *   XLSX one somewhat slower (bench/RESULTS.md).
 *
 * Not with PostgreSQL: there memory is not the limit, and the same settings cost time (the mmap
 * threshold server CPU during an import, the lower growth factor more time in collections). A value the operator set (the malloc variable; a V8 flag in NODE_OPTIONS) is kept.
 * Nothing is exported: importing this module re-executes the process (tests spawn a child).
 */
const MMAP_THRESHOLD_BYTES = 128 * 1024;

/** V8 flags of an embedded server, by name. */
const EMBEDDED_V8_FLAGS: Record<string, string> = { '--max-semi-space-size': '8', '--heap-growing-percent': '50' };

const flagName = (flag: string) => flag.split('=')[0]!.replace(/_/g, '-');

/** The flags to add: each embedded flag the command line lacks and NODE_OPTIONS does not set. */
function missingFlags(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const fromOperator = new Set((nodeOptions ?? '').split(/\s+/).filter(Boolean).map(flagName));
  return Object.entries(EMBEDDED_V8_FLAGS)
    .map(([name, value]) => `${name}=${value}`)
    .filter((flag) => !execArgv.includes(flag) && !fromOperator.has(flagName(flag)));
}

const embedded = !process.env.DATABASE_URL;
if (embedded && process.execve) {
  const env = { ...process.env };
  const setThreshold = process.platform === 'linux' && env.MALLOC_MMAP_THRESHOLD_ === undefined;
  if (setThreshold) env.MALLOC_MMAP_THRESHOLD_ = String(MMAP_THRESHOLD_BYTES);
  const flags = missingFlags(process.execArgv, env.NODE_OPTIONS);
  if (setThreshold || flags.length) {
    try {
      // Later flags win: these come after npm start's.
      process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], env);
    } catch {
      // Not allowed here (a sandboxed runtime): run on with the defaults.
    }
  }
}
