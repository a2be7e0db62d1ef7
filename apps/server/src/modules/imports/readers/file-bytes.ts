import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
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

/**
 * Like fileBytes, but every piece is read into the same buffer: for a consumer that is done with
 * a piece before it asks for the next (the CSV decoder). The import's reading thread allocated a
 * fresh 1 MB buffer per piece otherwise, which lived long enough to be freed only by a full
 * collection.
 */
export async function* fileBytesInOneBuffer(path: string, fileSize: number): ByteSource {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    let read = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, read);
      if (bytesRead === 0) return;
      read += bytesRead;
      yield { bytes: buffer.subarray(0, bytesRead), progress: Math.min(1, read / Math.max(1, fileSize)) };
    }
  } finally {
    await file.close();
  }
}
