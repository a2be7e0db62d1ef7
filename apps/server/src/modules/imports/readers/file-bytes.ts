import { createReadStream } from 'node:fs';
import type { ByteSource } from './csv-reader.ts';

/** Size of the pieces an upload is stored and read in. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Reads a local file in pieces of CHUNK_BYTES with how far through the file each one ends,
 * stopping after `maxBytes` when given. Its own module: the import's reading thread loads it
 * without the database modules.
 */
export async function* fileBytes(path: string, fileSize: number, maxBytes = Number.POSITIVE_INFINITY): ByteSource {
  const end = Number.isFinite(maxBytes) ? Math.max(0, maxBytes - 1) : undefined;
  let read = 0;
  for await (const bytes of createReadStream(path, { highWaterMark: CHUNK_BYTES, ...(end === undefined ? {} : { end }) }) as AsyncIterable<Buffer>) {
    read += bytes.length;
    yield { bytes, progress: Math.min(1, read / Math.max(1, fileSize)) };
  }
}
