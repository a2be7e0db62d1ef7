import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { collectGarbageNow } from '../platform/full-gc.ts';
import { DatabaseAvailability } from './availability.ts';
import { MIGRATIONS_FOLDER, queryLogger, type Database, type Db } from './client.ts';
import * as schema from './schema.ts';

/** The embedded database directory is in use by another running process. */
export class DataDirectoryLocked extends Error {
  override name = 'DataDirectoryLocked';
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims a PGlite directory for this process. PGlite cannot share its files between processes,
 * and a second `npm start` on the same DATA_DIR would corrupt them, so it is refused with a clear
 * message (in this process too). A lock left by a crashed process (its pid no longer runs) is
 * taken over.
 */
function lockDirectory(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (owner && isRunning(owner)) {
        throw new DataDirectoryLocked(
          `Another server process (pid ${owner}) is using the embedded database in ${dataDir}. Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
}

// PostgreSQL's type id of bytea.
const BYTEA = 17;

/**
 * bytea as hex text with Node's native codec. PGlite's own converters go byte by byte in
 * JavaScript (Array.from(...).map(toString(16)), parseInt per pair): upload chunks took many
 * times longer to store and to read back than with these.
 */
const byteaCodec = {
  serializers: { [BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}` },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/**
 * PostgreSQL's shared buffer pool inside PGlite's WebAssembly memory. PGlite zeroes the pool when
 * it starts, so all of it is resident at once: 128 MB (PostgreSQL's default) made an idle
 * embedded server that much larger. Pages outside the pool are still cached by the operating
 * system; measured with bench/import (1M contacts): see bench/RESULTS.md.
 */
const SHARED_BUFFERS = '32MB';

/** Group and other permission bits. */
const OPEN_TO_OTHERS = 0o077;

/** What PGlite's Emscripten file system offers beyond its declared types: the calls that set a new file's mode. */
interface EmscriptenModes {
  FS: { doChmod(stream: unknown, node: { mount?: { type?: unknown } } | null, mode: number, dontFollow?: boolean): void };
  NODEFS: { node_ops: { mknod(parent: unknown, name: string, mode: number, dev: number): unknown } };
}

/**
 * PGlite's file system on the data directory, with owner-only files and folders. Emscripten
 * applies a new file's mode by chmod after creating it, which the process's umask does not reach:
 * the cluster PGlite unpacks at initdb was 0666 in 0755 folders, some caches 0644, all readable by
 * every local user (issue 34, M1). Here every mode given to the data directory's files loses its
 * group and other bits, whatever the umask of the process (tests and tools have none of ours).
 */
class OwnerOnlyNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const ownerOnly = (mod: unknown) => {
      const { FS, NODEFS } = mod as EmscriptenModes;
      const doChmod = FS.doChmod.bind(FS);
      FS.doChmod = (stream, node, mode, dontFollow) =>
        doChmod(stream, node, node?.mount?.type === NODEFS ? mode & ~OPEN_TO_OTHERS : mode, dontFollow);
      const mknod = NODEFS.node_ops.mknod.bind(NODEFS.node_ops);
      NODEFS.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~OPEN_TO_OTHERS, dev);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), ownerOnly] } };
  }
}

/** Opens embedded PostgreSQL (PGlite) in `dataDir`, or in memory when no directory is given. */
export async function openPglite(options: {
  dataDir?: string | undefined;
  snapshot?: Blob | undefined;
  onQuery?: ((query: string) => void) | undefined;
}): Promise<Database> {
  let unlock = () => {};
  // A directory without PG_VERSION gets initdb, which runs in a WebAssembly instance of its own.
  const initialising = options.dataDir !== undefined && !existsSync(join(options.dataDir, 'PG_VERSION'));
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    unlock = lockDirectory(options.dataDir);
  }
  const pglite = new PGlite({
    ...byteaCodec,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  try {
    await pglite.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  // initdb's WebAssembly instance (hundreds of MB resident) is garbage once the directory exists.
  if (initialising) collectGarbageNow();
  const db = drizzle({ client: pglite, schema, ...queryLogger(options.onQuery) });
  const ping = async () => {
    await pglite.query('select 1');
  };
  return {
    driver: 'pglite',
    db: db as unknown as Db,
    jobsTarget: { kind: 'pglite', pglite },
    // One process owns a PGlite directory, so there is nobody to race with.
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migrate(db, { migrationsFolder }),
    ping,
    // In the process itself: it is never away while the process runs.
    availability: new DatabaseAvailability(ping),
    close: async () => {
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}
