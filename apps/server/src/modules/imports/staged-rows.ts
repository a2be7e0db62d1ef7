import { uuidv7 } from '../../db/uuidv7.ts';
import { ByteWriter } from './batch-bytes.ts';
import type { StagedContact } from './row-normaliser.ts';

/** A batch's new contacts, encoded. */
export interface StagedText {
  count: number;
  /**
   * One COPY line per contact, in the columns of CONTACT_COPY_COLUMNS, as UTF-8 bytes (a view of
   * their length over a pooled buffer, see batch-bytes.ts). As a string, a batch's text (~900 KB
   * for 5,000 contacts) went to V8's large-object space in both threads and stayed there until a
   * full collection (~45 MB of old batches at the PGlite import's peak).
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

/**
 * A batch's new contacts as COPY text for contacts itself (CONTACT_COPY_COLUMNS), encoded as each
 * row is accepted, so writing the batch costs no JavaScript time and holds no per-row objects.
 * Each row carries the id it gets if it is new (time-ordered, see uuidv7), its source and import,
 * and custom fields as '{}' when it has none (COPY stores what it is given: the column's default
 * does not apply to a null).
 */
export class StagedRows {
  private readonly bytes: ByteWriter;
  private lines: string[] = [];
  private phones: string[] = [];
  private readonly suffix: string;
  count = 0;

  /** `buffer`: where the bytes go (from the reader's pool; see batch-bytes.ts). */
  constructor(origin: StagedOrigin, buffer: ArrayBuffer) {
    this.bytes = new ByteWriter(buffer);
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
    return { count: this.count, bytes: this.bytes.bytes(), phones: `{${this.phones.join(',')}}` };
  }

  private flush(): void {
    this.bytes.appendText(this.lines.join(''));
    this.lines = [];
  }
}

const NEWLINE = 0x0a;
const TAB = 0x09;
const ascii = new TextDecoder('latin1');

/**
 * Splits staged contacts into those whose number is in `existing` and the others (lines start with
 * the E.164 number, ASCII). The known ones are only encoded when `keepKnown` (the merge needs them).
 */
export function splitStaged(staged: StagedText, existing: ReadonlySet<string>, keepKnown: boolean): { fresh: StagedText; known: StagedText } {
  const { bytes } = staged;
  const part = (size: number) => ({ writer: new ByteWriter(new ArrayBuffer(size)), phones: [] as string[] });
  const fresh = part(Math.max(0, bytes.length - existing.size * 64));
  const known = part(keepKnown ? Math.min(bytes.length, existing.size * 256) : 0);
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    end = end === -1 ? bytes.length : end + 1;
    const phone = ascii.decode(bytes.subarray(start, bytes.indexOf(TAB, start)));
    const into = existing.has(phone) ? known : fresh;
    if (into === fresh || keepKnown) into.writer.appendBytes(bytes.subarray(start, end));
    into.phones.push(phone);
    start = end;
  }
  const toStaged = (from: typeof fresh): StagedText => ({ count: from.phones.length, bytes: from.writer.bytes(), phones: `{${from.phones.join(',')}}` });
  return { fresh: toStaged(fresh), known: toStaged(known) };
}
