/**
 * Embedded mode (no DATABASE_URL): re-executes the server once, in place (same pid, same flags),
 * with glibc malloc's mmap threshold fixed at 128 KB. Left dynamic, glibc raises the threshold to
 * the size of every large block freed (up to 32 MB), so the import's megabyte-sized buffers (file
 * chunks, COPY batches, messages between threads) end up in the main heap, which fragments and
 * never shrinks: an embedded server's resident memory grew by ~160 MB more during a 1M-row import.
 * With the threshold fixed, such buffers are mapped and given back to the system when freed.
 *
 * Not with PostgreSQL: there memory is not the limit and the mapping and unmapping cost time
 * (1M-row import: ~1.5 s more server CPU). Linux only (the variable means nothing elsewhere); a
 * value set by the operator is kept. Imported first by the entry points (main.ts, worker.ts).
 */
const MMAP_THRESHOLD_BYTES = 128 * 1024;

const embedded = !process.env.DATABASE_URL;
if (embedded && process.platform === 'linux' && process.env.MALLOC_MMAP_THRESHOLD_ === undefined && process.execve) {
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES) });
  } catch {
    // Not allowed here (a sandboxed runtime): run on with the allocator's defaults.
  }
}
