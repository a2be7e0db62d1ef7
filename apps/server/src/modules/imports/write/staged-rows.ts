import { writeUuidv7 } from '../../../db/uuidv7.ts';
import { ByteWriter } from './batch-bytes.ts';
import type { PhoneSet } from './phone-set.ts';
import type { StagedContact } from './row-normaliser.ts';

/** Staged contacts: how many, and their COPY lines. */
export interface StagedBytes {
  count: number;
  /**
   * One COPY line per contact, in the columns of CONTACT_COPY_COLUMNS, as UTF-8 bytes (a view of
   * their length over a pooled buffer, see batch-bytes.ts). As a string, a batch's text (~900 KB
   * for 5,000 contacts) went to V8's large-object space in both threads and stayed there until a
   * full collection, old batches piling up at the PGlite import's peak.
   */
  bytes: Uint8Array<ArrayBuffer>;
}

/** A batch's new contacts, encoded. */
export interface StagedText extends StagedBytes {
  /** Their phone numbers as a PostgreSQL array literal (E.164 needs no quoting), for the existence check. */
  phones: string;
  /** The numbers of those the file marks opted out, as an array literal ('' when none). */
  optedOut: string;
}

/** What every contact of an import carries besides its own values. */
export interface StagedOrigin {
  importId: string;
  createdBy: string | null;
  /** The import maps notes or status: lines carry those columns too (CONTACT_COPY_COLUMNS_WITH_STATUS). */
  statusAndNotes?: boolean;
}

const encoder = new TextEncoder();
const NEWLINE = 0x0a;
const TAB = 0x09;
const NULL_VALUE = encoder.encode('\\N');
const OPTED_OUT = encoder.encode('opted_out');
const ACTIVE = encoder.encode('active');
const EMPTY_OBJECT = '{}';
const UUID_CHARS = 36;

/**
 * A batch's new contacts as COPY text for contacts itself (CONTACT_COPY_COLUMNS), encoded as each
 * row is accepted, so writing the batch costs no JavaScript time and holds no per-row objects.
 * Each row carries the id it gets if it is new (time-ordered, see uuidv7), its source and import,
 * and custom fields as '{}' when it has none (COPY stores what it is given: the column's default
 * does not apply to a null). Values go into the bytes one character at a time (ByteWriter's
 * appendCopyValue): building each line as a string first, then joining and encoding them, was
 * a fifth of the reading thread's CPU and most of its garbage.
 */
export class StagedRows {
  private readonly bytes: ByteWriter;
  private phones: string[] = [];
  private optedOut: string[] = [];
  private readonly suffix: Uint8Array;
  private readonly statusAndNotes: boolean;
  count = 0;

  /** `buffer`: where the bytes go (from the reader's pool; see batch-bytes.ts). */
  constructor(origin: StagedOrigin, buffer: ArrayBuffer) {
    this.bytes = new ByteWriter(buffer);
    this.suffix = encoder.encode(`\timport\t${origin.importId}\t${origin.createdBy ?? '\\N'}\n`);
    this.statusAndNotes = origin.statusAndNotes === true;
  }

  /** Adds a contact read from the file. */
  add(row: StagedContact): void {
    const bytes = this.bytes;
    for (let column = 0; column < 7; column++) {
      this.value(row[column] as string | null);
      bytes.appendByte(TAB);
    }
    bytes.appendCopyValue(row[7] ?? EMPTY_OBJECT);
    if (this.statusAndNotes) {
      bytes.appendByte(TAB);
      this.value(row[8]);
      bytes.appendByte(TAB);
      bytes.appendBytes(row[9] ? OPTED_OUT : ACTIVE);
    }
    bytes.appendByte(TAB);
    bytes.length = writeUuidv7(bytes.room(UUID_CHARS), bytes.length);
    bytes.appendBytes(this.suffix);
    this.phones.push(row[0]);
    if (row[9]) this.optedOut.push(row[0]);
    this.count++;
  }

  /** The rows added (plain data: it crosses from the reading thread to the writer). */
  finish(): StagedText {
    return {
      count: this.count,
      bytes: this.bytes.bytes(),
      phones: `{${this.phones.join(',')}}`,
      optedOut: this.optedOut.length ? `{${this.optedOut.join(',')}}` : '',
    };
  }

  private value(value: string | null): void {
    if (value === null) this.bytes.appendBytes(NULL_VALUE);
    else this.bytes.appendCopyValue(value);
  }
}

const PLUS = 0x2b;
const COMMA = 0x2c;
const ZERO = 0x30;

/**
 * Splits staged contacts into those whose number is in `stored` (numbers separated by commas, as
 * EXISTING_PHONES_SQL answers) and the others. The others are moved to the front of the batch's
 * own buffer (its bytes are not needed after); the known ones are copied out only when
 * `keepKnown` (the merge needs them). Numbers are compared as their digits' value in `scratch`
 * (emptied first): no object per row, which a re-import of 200k stored contacts made by the
 * hundred thousand on the embedded server's busiest thread.
 */
export function splitStaged(
  staged: StagedBytes,
  stored: string,
  scratch: PhoneSet,
  keepKnown: boolean,
): { fresh: StagedBytes; known: StagedBytes } {
  scratch.clear();
  let value = 0;
  for (let at = 0; at <= stored.length; at++) {
    const code = at < stored.length ? stored.charCodeAt(at) : COMMA;
    if (code === COMMA) {
      scratch.addValue(value);
      value = 0;
    } else if (code !== PLUS) value = value * 10 + (code - ZERO);
  }
  const { bytes } = staged;
  const lineEnd = (start: number) => {
    const end = bytes.indexOf(NEWLINE, start);
    return end === -1 ? bytes.length : end + 1;
  };
  // Each line's number looked up once: whether it is stored, and the known lines' total size.
  const storedLine = new Uint8Array(staged.count);
  let knownBytes = 0;
  for (let start = 0, line = 0; start < bytes.length; line++) {
    const end = lineEnd(start);
    let number = 0;
    for (let at = bytes[start] === PLUS ? start + 1 : start; at < end && bytes[at] !== TAB; at++)
      number = number * 10 + (bytes[at]! - ZERO);
    if (scratch.hasValue(number)) {
      storedLine[line] = 1;
      knownBytes += end - start;
    }
    start = end;
  }
  const known = { bytes: new Uint8Array(keepKnown ? knownBytes : 0), count: 0, length: 0 };
  let freshLength = 0;
  let freshCount = 0;
  for (let start = 0, line = 0; start < bytes.length; line++) {
    const end = lineEnd(start);
    if (storedLine[line]) {
      if (keepKnown) known.bytes.set(bytes.subarray(start, end), known.length);
      known.length += end - start;
      known.count++;
    } else {
      if (freshLength !== start) bytes.copyWithin(freshLength, start, end);
      freshLength += end - start;
      freshCount++;
    }
    start = end;
  }
  return { fresh: { count: freshCount, bytes: bytes.subarray(0, freshLength) }, known: { count: known.count, bytes: known.bytes } };
}
