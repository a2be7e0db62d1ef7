import { uuidv7 } from '../../db/uuidv7.ts';
import type { StagedContact } from './row-normaliser.ts';

/** A batch's new contacts, encoded. */
export interface StagedText {
  count: number;
  /**
   * One COPY line per contact, in the columns of CONTACT_COPY_COLUMNS, as UTF-8 bytes: a batch's
   * text (~900 KB for 5,000 contacts) as a string went to V8's large-object space in both threads
   * and stayed there until a full collection (up to ~45 MB of old batches at the PGlite import's
   * peak); bytes move between threads without a copy and are freed with their small wrapper.
   */
  bytes: Uint8Array<ArrayBuffer>;
  /** Their phone numbers as a PostgreSQL array literal (E.164 needs no quoting), for the existence check. */
  phones: string;
}

/** What every contact of an import carries besides its own values. */
export interface StagedOrigin {
  importId: string;
  createdBy: string | null;
}

/** COPY text format: backslash, tab, newline and CR escaped, \N for null. */
const copyValue = (value: string | null) => (value === null ? '\\N' : /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : value);

// Lines are encoded into the batch's bytes every this many rows: a few short-lived strings
// instead of tens of thousands of short ones, which would also keep the parsed file chunks they
// point into alive until the batch is written.
const LINES_PER_PART = 256;

const encoder = new TextEncoder();

/** Bytes appended to a buffer that doubles when full. */
class ByteBuffer {
  private buffer: Uint8Array<ArrayBuffer>;
  length = 0;

  constructor(initial: number) {
    this.buffer = new Uint8Array(initial);
  }

  appendText(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += encoder.encodeInto(text, this.buffer.subarray(this.length)).written;
  }

  appendBytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The bytes written, in a buffer of their own size (it is handed to another thread). */
  take(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.length);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}

/**
 * A batch's new contacts as COPY text for contacts itself (CONTACT_COPY_COLUMNS), encoded as each
 * row is accepted, so writing the batch costs no JavaScript time and holds no per-row objects.
 * Each row carries the id it gets if it is new (time-ordered, see uuidv7), its source and import,
 * and custom fields as '{}' when it has none (COPY stores what it is given: the column's default
 * does not apply to a null).
 */
export class StagedRows {
  private readonly bytes = new ByteBuffer(256 * 1024);
  private lines: string[] = [];
  private phones: string[] = [];
  private readonly suffix: string;
  count = 0;

  constructor(origin: StagedOrigin) {
    this.suffix = `\timport\t${origin.importId}\t${origin.createdBy ?? '\\N'}\n`;
  }

  /** Adds a contact read from the file. */
  add(row: StagedContact): void {
    this.lines.push(
      `${copyValue(row[0])}\t${copyValue(row[1])}\t${copyValue(row[2])}\t${copyValue(row[3])}\t${copyValue(row[4])}\t${copyValue(row[5])}\t${copyValue(row[6])}\t${copyValue(row[7] ?? '{}')}\t${uuidv7()}${this.suffix}`,
    );
    this.phones.push(row[0]);
    this.count++;
    if (this.lines.length === LINES_PER_PART) this.flush();
  }

  /** The rows added (plain data: it crosses from the reading thread to the writer). */
  finish(): StagedText {
    this.flush();
    return { count: this.count, bytes: this.bytes.take(), phones: `{${this.phones.join(',')}}` };
  }

  private flush(): void {
    this.bytes.appendText(this.lines.join(''));
    this.lines = [];
  }
}

const NEWLINE = 0x0a;
const TAB = 0x09;
const ascii = new TextDecoder('latin1');

/** Splits staged contacts into those whose number is in `existing` and the others (lines start with the E.164 number, ASCII). */
export function splitStaged(staged: StagedText, existing: ReadonlySet<string>): { fresh: StagedText; known: StagedText } {
  const { bytes } = staged;
  const parts = { fresh: { buffer: new ByteBuffer(bytes.length), phones: [] as string[] }, known: { buffer: new ByteBuffer(Math.min(bytes.length, 64 * 1024)), phones: [] as string[] } };
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    end = end === -1 ? bytes.length : end + 1;
    const phone = ascii.decode(bytes.subarray(start, bytes.indexOf(TAB, start)));
    const part = existing.has(phone) ? parts.known : parts.fresh;
    part.buffer.appendBytes(bytes.subarray(start, end));
    part.phones.push(phone);
    start = end;
  }
  const toStaged = (part: typeof parts.fresh): StagedText => ({ count: part.phones.length, bytes: part.buffer.take(), phones: `{${part.phones.join(',')}}` });
  return { fresh: toStaged(parts.fresh), known: toStaged(parts.known) };
}
