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

/**
 * The next id's parts: `ms` (48 bits) and `counter` (12 bits) in the module's state, its 8 random
 * bytes at the returned offset of `pool`.
 */
function nextId(): number {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    // Start low in the counter's range so a busy millisecond has room to count up.
    counter = 0;
  } else if (++counter > 0xfff) {
    // 4,096 ids in one millisecond: borrow the next one (the clock catches up).
    lastMs++;
    counter = 0;
  }
  if (poolAt + 8 > pool.length) {
    getRandomValues(pool);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += 8;
  return r;
}

/** A new UUIDv7, greater than every one this process made before. */
export function uuidv7(): string {
  const r = nextId();
  const ms = lastMs;
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

// ASCII codes of the hex digits.
const HEX_CODES = Uint8Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
const DASH = 0x2d;

function writeHexByte(target: Uint8Array, at: number, byte: number): void {
  target[at] = HEX_CODES[byte >>> 4]!;
  target[at + 1] = HEX_CODES[byte & 0xf]!;
}

/**
 * Writes a new UUIDv7 (the same sequence as uuidv7()) as its 36 ASCII characters at `at` (the
 * import's COPY lines: no string per id). Returns the offset after it.
 */
export function writeUuidv7(target: Uint8Array, at: number): number {
  const r = nextId();
  const ms = lastMs;
  const high = Math.floor(ms / 0x1000000);
  const low = ms % 0x1000000;
  writeHexByte(target, at, (high >>> 16) & 0xff);
  writeHexByte(target, at + 2, (high >>> 8) & 0xff);
  writeHexByte(target, at + 4, high & 0xff);
  writeHexByte(target, at + 6, (low >>> 16) & 0xff);
  target[at + 8] = DASH;
  writeHexByte(target, at + 9, (low >>> 8) & 0xff);
  writeHexByte(target, at + 11, low & 0xff);
  target[at + 13] = DASH;
  writeHexByte(target, at + 14, 0x70 | (counter >>> 8));
  writeHexByte(target, at + 16, counter & 0xff);
  target[at + 18] = DASH;
  writeHexByte(target, at + 19, 0x80 | (pool[r]! & 0x3f));
  writeHexByte(target, at + 21, pool[r + 1]!);
  target[at + 23] = DASH;
  for (let index = 2; index < 8; index++) writeHexByte(target, at + 24 + (index - 2) * 2, pool[r + index]!);
  return at + 36;
}
