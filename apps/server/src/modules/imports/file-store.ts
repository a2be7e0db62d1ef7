import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Executor } from '../../db/client.ts';
import { findFileChunk } from './imports.queries.ts';
import type { ByteSource } from './readers/csv-reader.ts';

/** Size of the chunks an upload is stored in. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams a stored file chunk by chunk, fetching the next chunk while the current one is being
 * processed; never more than two chunks in memory. Stops after `maxBytes` when given.
 */
export async function* storedFile(db: Executor, importId: string, fileSize: number, maxBytes = Number.POSITIVE_INFINITY): ByteSource {
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

/** A path for a temporary copy of an import's file. */
export const tempFilePath = (importId: string) => join(tmpdir(), `sms-import-${importId}-${process.pid}-${Date.now().toString(36)}.xlsx`);

/** Writes a stored file to a local temporary file (XLSX needs random access) and returns its path. */
export async function materialise(db: Executor, importId: string, fileSize: number): Promise<string> {
  const path = tempFilePath(importId);
  const out = createWriteStream(path);
  try {
    for await (const { bytes } of storedFile(db, importId, fileSize)) {
      if (!out.write(bytes)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    await removeTemp(path);
    throw error;
  }
  return path;
}

/** Deletes a temporary file, ignoring one that is already gone. */
export async function removeTemp(path: string | undefined): Promise<void> {
  if (path) await rm(path, { force: true });
}
