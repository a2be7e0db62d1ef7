import { open } from 'node:fs/promises';
import type { ByteSource } from './csv-reader.ts';

/** Size of the pieces an upload is stored and read in. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Reads a local file in pieces of CHUNK_BYTES with how far through the file each one ends,
 * stopping once `maxBytes` are read when given. With `oneBuffer`, every piece is read into the
 * same buffer: for a consumer that is done with a piece before it asks for the next (the CSV
 * decoder of the import's reading thread, which otherwise allocated a fresh 1 MB buffer per piece
 * that lived long enough to be freed only by a full collection). Its own module: the reading
 * thread loads it without the database modules.
 */
export async function* fileBytes(path: string, fileSize: number, options: { maxBytes?: number; oneBuffer?: boolean } = {}): ByteSource {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const file = await open(path, 'r');
  try {
    const shared = options.oneBuffer ? Buffer.allocUnsafeSlow(CHUNK_BYTES) : undefined;
    let read = 0;
    while (read < maxBytes) {
      const buffer = shared ?? Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK_BYTES, maxBytes - read), read);
      if (bytesRead === 0) return;
      read += bytesRead;
      yield { bytes: buffer.subarray(0, bytesRead), progress: Math.min(1, read / Math.max(1, fileSize)) };
    }
  } finally {
    await file.close();
  }
}
