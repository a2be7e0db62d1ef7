import { createWriteStream, type WriteStream } from 'node:fs';
import { access, mkdir, readdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Executor } from '../../../db/client.ts';
import { deleteFileChunks, findFileChunk, insertFileChunk } from '../imports.queries.ts';
import type { ByteSource } from '../read/csv-reader.ts';
import { fileBytes } from '../read/file-bytes.ts';

export { CHUNK_BYTES } from '../read/file-bytes.ts';

/** An upload being stored, piece by piece in order. */
export interface UploadSink {
  write(bytes: Buffer): Promise<void>;
  /** Everything is written (the file can be read from now on). */
  finish(): Promise<void>;
  /** Drops what was written (a refused or failed upload). */
  abort(): Promise<void>;
}

/** A local file of an upload for random access (XLSX); `release` deletes it if it is a copy. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Where an import's uploaded file lives from upload until its import ends.
 * - PostgreSQL: in `import_file_chunks` (~1 MB rows), so any worker process can read it.
 * - Embedded (PGlite): as a file under DATA_DIR/uploads; one process owns that directory. Read
 *   back out of PGlite, each 1 MB chunk came as 2 MB of hex text copied out of WebAssembly memory
 *   and decoded on the job's thread (buffers that added to a large import's peak); a file the
 *   import's reading thread opens itself costs the job's thread nothing.
 */
export interface UploadStore {
  /** Starts storing the upload of an import. */
  create(importId: string): Promise<UploadSink>;
  /** The stored file in order, stopping once at least `maxBytes` are read when given. */
  read(importId: string, fileSize: number, maxBytes?: number): ByteSource;
  /** The stored file as a local file: the file itself, or a temporary copy. */
  localFile(importId: string, fileSize: number): Promise<LocalFile>;
  /** The path of the stored file when it is a local file any thread of this process may open. */
  pathOf(importId: string): string | undefined;
  /** Whether the file of an import is stored. */
  has(importId: string): Promise<boolean>;
  /** Deletes the stored file; nothing happens when it is already gone. */
  remove(importId: string): Promise<void>;
  /** Deletes stored files whose import is not listed (embedded start-up: left by a stop or crash). */
  removeAllBut(importIds: ReadonlySet<string>): Promise<void>;
}

/** The upload store of a database: its own table on PostgreSQL, files under `dataDir` embedded. */
export function uploadStoreFor(database: Database, dataDir: string): UploadStore {
  return database.driver === 'pglite' ? directoryStore(join(dataDir, 'uploads')) : databaseStore(database.db);
}

const UPLOAD_SUFFIX = '.upload';

function directoryStore(directory: string): UploadStore {
  const pathOf = (importId: string) => join(directory, `${importId}${UPLOAD_SUFFIX}`);
  return {
    create: async (importId) => {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const path = pathOf(importId);
      const out = createWriteStream(path, { mode: 0o600 });
      return fileSink(out, () => rm(path, { force: true }));
    },
    read: (importId, fileSize, maxBytes) => fileBytes(pathOf(importId), fileSize, maxBytes === undefined ? {} : { maxBytes }),
    localFile: async (importId) => ({ path: pathOf(importId), release: async () => {} }),
    pathOf,
    has: (importId) =>
      access(pathOf(importId)).then(
        () => true,
        () => false,
      ),
    remove: (importId) => rm(pathOf(importId), { force: true }),
    removeAllBut: async (keep) => {
      const names = await readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (name.endsWith(UPLOAD_SUFFIX) && !keep.has(name.slice(0, -UPLOAD_SUFFIX.length)))
          await rm(join(directory, name), { force: true });
      }
    },
  };
}

/** A sink writing to a file stream; `discard` removes the file after an abort. */
function fileSink(out: WriteStream, discard: () => Promise<void>): UploadSink {
  return {
    write: async (bytes) => {
      if (!out.write(bytes)) await once(out, 'drain');
    },
    finish: async () => {
      out.end();
      await once(out, 'finish');
    },
    abort: async () => {
      out.destroy();
      await discard();
    },
  };
}

function databaseStore(db: Executor): UploadStore {
  // Fetches the next piece while the current one is processed: never more than two in memory.
  async function* read(importId: string, fileSize: number, maxBytes = Number.POSITIVE_INFINITY): ByteSource {
    let seq = 0;
    let read = 0;
    let next = findFileChunk(db, importId, seq);
    for (;;) {
      const bytes = await next;
      if (!bytes) return;
      seq++;
      read += bytes.length;
      next = read < maxBytes ? findFileChunk(db, importId, seq) : Promise.resolve(undefined);
      yield { bytes, progress: Math.min(1, read / Math.max(1, fileSize)) };
    }
  }
  return {
    create: async (importId) => {
      let seq = 0;
      return {
        write: (bytes) => insertFileChunk(db, importId, seq++, bytes),
        finish: async () => {},
        abort: () => deleteFileChunks(db, importId),
      };
    },
    read,
    // XLSX needs random access: a temporary local copy, deleted on release.
    localFile: async (importId, fileSize) => {
      const path = join(tmpdir(), `sms-import-${importId}-${process.pid}-${Date.now().toString(36)}.xlsx`);
      const sink = fileSink(createWriteStream(path, { mode: 0o600 }), () => rm(path, { force: true }));
      try {
        for await (const { bytes } of read(importId, fileSize))
          await sink.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        await sink.finish();
      } catch (error) {
        await sink.abort();
        throw error;
      }
      return { path, release: () => rm(path, { force: true }) };
    },
    pathOf: () => undefined,
    has: async (importId) => (await findFileChunk(db, importId, 0)) !== undefined,
    remove: (importId) => deleteFileChunks(db, importId),
    // Chunks belong to their import row (ON DELETE CASCADE): none outlives it.
    removeAllBut: async () => {},
  };
}
