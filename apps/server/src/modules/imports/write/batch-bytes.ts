/**
 * The bytes of import batches, in buffers that are reused rather than allocated per batch.
 *
 * A 5,000-row batch is ~900 KB of COPY text. Allocated per batch (and copied on the way into
 * PGlite), those buffers outlived young collections while the batch waited and was written, and
 * V8 freed them only at a full collection, which it runs when external memory has grown by some
 * tens of MB, so old batches piled up in each thread at the embedded import's peak. Instead a
 * batch is encoded into a resizable ArrayBuffer that goes to the writer (moved between threads,
 * not copied) and comes back to the reader's pool once written: a couple of buffers serve a
 * whole import.
 */

/** Room reserved for a buffer's growth (address space only; memory is used as it grows). */
const RESERVED_BYTES = 64 * 1024 * 1024;
const FIRST_BYTES = 256 * 1024;

const encoder = new TextEncoder();

/** A reader's spare batch buffers (written batches come back here). */
export class BatchBufferPool {
  private readonly spare: ArrayBuffer[] = [];

  /** A buffer for the next batch. */
  take(): ArrayBuffer {
    return this.spare.pop() ?? new ArrayBuffer(FIRST_BYTES, { maxByteLength: RESERVED_BYTES });
  }

  /** Takes back the buffer of a written batch (others, and ones moved to another thread, are ignored). */
  give(buffer: ArrayBuffer): void {
    if (buffer.resizable && !buffer.detached) this.spare.push(buffer);
  }
}

/** Bytes appended to a resizable buffer, grown as needed. */
export class ByteWriter {
  private buffer: ArrayBuffer;
  length = 0;

  constructor(buffer: ArrayBuffer) {
    this.buffer = buffer;
  }

  appendText(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += encoder.encodeInto(text, new Uint8Array(this.buffer, this.length)).written;
  }

  appendBytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    new Uint8Array(this.buffer, this.length, bytes.length).set(bytes);
    this.length += bytes.length;
  }

  /** The bytes written: a view of exactly their length over the buffer (which may be longer). */
  bytes(): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.buffer, 0, this.length);
  }

  private reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.byteLength) return;
    const size = Math.max(needed, this.buffer.byteLength * 2);
    if (this.buffer.resizable && size <= this.buffer.maxByteLength) {
      this.buffer.resize(size);
      return;
    }
    // Past the reservation (a batch of very long rows): a larger buffer of its own.
    const larger = new ArrayBuffer(size, { maxByteLength: Math.max(RESERVED_BYTES, size * 2) });
    new Uint8Array(larger).set(new Uint8Array(this.buffer, 0, this.length));
    this.buffer = larger;
  }
}

/**
 * The batch's bytes as an ArrayBuffer of exactly their size, for a reader that takes the whole
 * buffer (PGlite's COPY Blob): a pooled buffer is shrunk to them in place (it grows again when
 * reused); anything else is copied.
 */
export function exactBuffer(bytes: Uint8Array<ArrayBuffer>): ArrayBuffer {
  const { buffer } = bytes;
  if (bytes.byteOffset === 0 && buffer.resizable) buffer.resize(bytes.byteLength);
  return bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? buffer : bytes.slice().buffer;
}
