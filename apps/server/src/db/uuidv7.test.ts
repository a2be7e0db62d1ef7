import { describe, expect, it } from 'vitest';
import { uuidv7, writeUuidv7 } from './uuidv7.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('makes version 7, variant 10 ids that carry the current time in milliseconds', () => {
    const before = Date.now();
    const id = uuidv7();
    expect(id).toMatch(V7);
    const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('keeps increasing within one millisecond and past 4,096 ids in one (string order = byte order)', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    for (let at = 1; at < ids.length; at++) expect(ids[at]! > ids[at - 1]!, `${ids[at - 1]} < ${ids[at]}`).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(V7);
  });

  it('writes the same sequence as bytes (import COPY lines), interleaved with strings', () => {
    const bytes = new Uint8Array(40);
    const ids: string[] = [];
    for (let index = 0; index < 10_000; index++) {
      if (index % 3 === 0) ids.push(uuidv7());
      else {
        bytes.fill(0);
        expect(writeUuidv7(bytes, 2)).toBe(38);
        expect(bytes[1]).toBe(0);
        expect(bytes[38]).toBe(0);
        ids.push(new TextDecoder().decode(bytes.subarray(2, 38)));
      }
    }
    for (const id of ids) expect(id).toMatch(V7);
    for (let at = 1; at < ids.length; at++) expect(ids[at]! > ids[at - 1]!, `${ids[at - 1]} < ${ids[at]}`).toBe(true);
  });
});
