import { getRandomValues } from 'node:crypto';

/**
 * Time-ordered UUIDs (RFC 9562 version 7): 48 bits of Unix milliseconds, then a 12-bit counter
 * (method 3: ids made in the same millisecond by this process still increase), then 62 random
 * bits. Rows inserted in id order append to the right edge of a btree, where random v4 ids would
 * touch a random page of the index for every row.
 */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const pool = new Uint8Array(8 * 1024);
let poolAt = pool.length;
let lastMs = -1;
let counter = 0;

/** A new UUIDv7, greater than every one this process made before. */
export function uuidv7(): string {
  let ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    // Start low in the counter's range so a busy millisecond has room to count up.
    counter = 0;
  } else {
    ms = lastMs;
    if (++counter > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next one (the clock catches up).
      lastMs = ++ms;
      counter = 0;
    }
  }
  if (poolAt + 8 > pool.length) {
    getRandomValues(pool);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += 8;
  const high = Math.floor(ms / 0x1000000);
  const low = ms % 0x1000000;
  return (
    HEX[(high >>> 16) & 0xff]! +
    HEX[(high >>> 8) & 0xff]! +
    HEX[high & 0xff]! +
    HEX[(low >>> 16) & 0xff]! +
    '-' +
    HEX[(low >>> 8) & 0xff]! +
    HEX[low & 0xff]! +
    '-' +
    HEX[0x70 | (counter >>> 8)]! +
    HEX[counter & 0xff]! +
    '-' +
    HEX[0x80 | (pool[r]! & 0x3f)]! +
    HEX[pool[r + 1]!]! +
    '-' +
    HEX[pool[r + 2]!]! +
    HEX[pool[r + 3]!]! +
    HEX[pool[r + 4]!]! +
    HEX[pool[r + 5]!]! +
    HEX[pool[r + 6]!]! +
    HEX[pool[r + 7]!]!
  );
}
