import { uuidv7 } from '../../db/uuidv7.ts';
import type { StagedContact } from './row-normaliser.ts';

/** A batch's new contacts, encoded. */
export interface StagedText {
  count: number;
  text: string;
}

/** COPY text format: backslash, tab, newline and CR escaped, \N for null. */
const copyValue = (value: string | null) => (value === null ? '\\N' : /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : value);

// Lines are joined into one string every this many rows: a few long strings instead of tens of
// thousands of short ones, which would also keep the parsed file chunks they point into alive
// until the batch is written.
const LINES_PER_PART = 1024;

/**
 * A batch's new contacts as COPY text for the import_batch table (STAGING_COLUMNS), encoded as
 * each row is accepted, so writing the batch costs no JavaScript time and holds no per-row objects.
 * Each row carries the id it gets if it is new (time-ordered, see uuidv7).
 */
export class StagedRows {
  private parts: string[] = [];
  private lines: string[] = [];
  count = 0;

  /** Adds a contact read from the file. */
  add(row: StagedContact): void {
    this.lines.push(
      `${copyValue(row[0])}\t${copyValue(row[1])}\t${copyValue(row[2])}\t${copyValue(row[3])}\t${copyValue(row[4])}\t${copyValue(row[5])}\t${copyValue(row[6])}\t${copyValue(row[7])}\t${uuidv7()}\n`,
    );
    this.count++;
    if (this.lines.length === LINES_PER_PART) {
      this.parts.push(this.lines.join(''));
      this.lines = [];
    }
  }

  /** The rows added, as one COPY text (plain data: it crosses from the reading thread to the writer). */
  finish(): StagedText {
    return { count: this.count, text: this.parts.join('') + this.lines.join('') };
  }
}
