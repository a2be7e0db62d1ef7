import { describe, expect, it } from 'vitest';
import { BatchBufferPool, ByteWriter, exactBuffer } from './batch-bytes.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** COPY text escaping as the import wrote it before values were encoded one character at a time. */
const copyText = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

describe('batch bytes', () => {
  it('writes COPY values as TextEncoder encodes their escaped text, lone surrogates included', () => {
    // Units that matter: ASCII, the four escaped ones, 2- and 3-byte ranges, both surrogate halves.
    const units = [0x41, 0x7f, 0x5c, 0x09, 0x0a, 0x0d, 0x80, 0x7ff, 0x800, 0xfffd, 0xffff, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0x4e2d];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const values = ['', 'José', '😀', '\ud83d', 'a\\b\tc\nd\re', '\udc00\ud83d'];
    for (let index = 0; index < 2000; index++)
      values.push(
        String.fromCharCode(...Array.from({ length: Math.floor(random() * 12) }, () => units[Math.floor(random() * units.length)]!)),
      );
    const writer = new ByteWriter(new ArrayBuffer(0, { maxByteLength: 1 << 20 }));
    for (const value of values) {
      writer.appendCopyValue(value);
      writer.appendByte(0x0a);
    }
    expect(
      Buffer.from(writer.bytes()).equals(Buffer.from(new TextEncoder().encode(values.map((value) => `${copyText(value)}\n`).join('')))),
    ).toBe(true);
  });

  it('appends UTF-8 text and bytes, growing its buffer in place', () => {
    const pool = new BatchBufferPool();
    const buffer = pool.take();
    const writer = new ByteWriter(buffer);
    const line = 'José\tZoë\t数据\n';
    for (let index = 0; index < 20_000; index++) writer.appendText(line);
    writer.appendBytes(new TextEncoder().encode('end'));
    const bytes = writer.bytes();
    expect(bytes.buffer).toBe(buffer);
    expect(bytes.byteLength).toBe(20_000 * new TextEncoder().encode(line).length + 3);
    expect(text(bytes).endsWith(`${line}end`)).toBe(true);
  });

  it('moves to a larger buffer past the reservation, and hands out an exact-size buffer', () => {
    const writer = new ByteWriter(new ArrayBuffer(4, { maxByteLength: 8 }));
    writer.appendText('0123456789');
    const bytes = writer.bytes();
    expect(text(bytes)).toBe('0123456789');
    const exact = exactBuffer(bytes);
    expect(exact).toBe(bytes.buffer);
    expect(exact.byteLength).toBe(10);
    // A view into a fixed-size buffer is copied.
    const fixed = new Uint8Array(new ArrayBuffer(16), 0, 3);
    expect(exactBuffer(fixed).byteLength).toBe(3);
  });

  it('reuses given-back buffers, and ignores fixed-size or moved ones', () => {
    const pool = new BatchBufferPool();
    const first = pool.take();
    pool.give(first);
    expect(pool.take()).toBe(first);
    pool.give(new ArrayBuffer(8));
    const moved = new ArrayBuffer(8, { maxByteLength: 16 });
    structuredClone(moved, { transfer: [moved] });
    pool.give(moved);
    expect(pool.take()).not.toBe(moved);
  });
});
