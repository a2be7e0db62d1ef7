import { describe, expect, it } from 'vitest';
import { BatchBufferPool, ByteWriter, exactBuffer } from './batch-bytes.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('batch bytes', () => {
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
