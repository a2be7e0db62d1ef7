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
const BACKSLASH = 0x5c;
const TAB = 0x09;
const NEWLINE = 0x0a;
const CR = 0x0d;

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
  // A view over the whole buffer, made again whenever it grows.
  private view: Uint8Array;
  length = 0;

  constructor(buffer: ArrayBuffer) {
    this.buffer = buffer;
    this.view = new Uint8Array(buffer, 0, buffer.byteLength);
  }

  appendText(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += encoder.encodeInto(text, new Uint8Array(this.buffer, this.length)).written;
  }

  /**
   * Appends a value in COPY text format (backslash, tab, newline and CR escaped) as UTF-8, one
   * character at a time: no string per line, no regex test per value. Lone surrogates become
   * U+FFFD, as TextEncoder writes them.
   */
  appendCopyValue(value: string): void {
    // At most 3 bytes per UTF-16 unit (an escape takes 2, a surrogate pair 4 for two units).
    this.reserve(value.length * 3);
    const out = this.view;
    let at = this.length;
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      if (code < 0x80) {
        if (code === BACKSLASH || code === TAB || code === NEWLINE || code === CR) {
          out[at++] = BACKSLASH;
          out[at++] = code === BACKSLASH ? BACKSLASH : code === TAB ? 0x74 : code === NEWLINE ? 0x6e : 0x72;
        } else out[at++] = code;
      } else if (code < 0x800) {
        out[at++] = 0xc0 | (code >> 6);
        out[at++] = 0x80 | (code & 0x3f);
      } else if (code >= 0xd800 && code <= 0xdfff) {
        const next = index + 1 < value.length ? value.charCodeAt(index + 1) : 0;
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          out[at++] = 0xf0 | (point >> 18);
          out[at++] = 0x80 | ((point >> 12) & 0x3f);
          out[at++] = 0x80 | ((point >> 6) & 0x3f);
          out[at++] = 0x80 | (point & 0x3f);
          index++;
        } else {
          out[at++] = 0xef;
          out[at++] = 0xbf;
          out[at++] = 0xbd;
        }
      } else {
        out[at++] = 0xe0 | (code >> 12);
        out[at++] = 0x80 | ((code >> 6) & 0x3f);
        out[at++] = 0x80 | (code & 0x3f);
      }
    }
    this.length = at;
  }

  /** Appends one byte. */
  appendByte(byte: number): void {
    this.reserve(1);
    this.view[this.length++] = byte;
  }

  /** Room for `bytes` more bytes, and the view to write them through at `length` (for writers of their own, such as writeUuidv7). */
  room(bytes: number): Uint8Array {
    this.reserve(bytes);
    return this.view;
  }

  appendBytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.view.set(bytes, this.length);
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
    } else {
      // Past the reservation (a batch of very long rows): a larger buffer of its own.
      const larger = new ArrayBuffer(size, { maxByteLength: Math.max(RESERVED_BYTES, size * 2) });
      new Uint8Array(larger).set(new Uint8Array(this.buffer, 0, this.length));
      this.buffer = larger;
    }
    this.view = new Uint8Array(this.buffer, 0, this.buffer.byteLength);
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
