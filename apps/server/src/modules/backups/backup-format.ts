import type { Readable, Writable } from 'node:stream';

/**
 * The portable backup file (docs/decisions/059-portable-backups.md): one gzip stream of framed
 * text, the same whichever database wrote it or will read it.
 *
 *     SMS-PLATFORM-BACKUP 1
 *     M {manifest}
 *     T {"name":"contacts","columns":["id",...]}
 *     <the table's rows in COPY text format>
 *     \.
 *     ... one T section per table ...
 *     END {"rows":{"contacts":123,...}}
 *
 * COPY text escapes every backslash, so a line holding only `\.` never occurs inside a table's
 * rows: it ends the section, as in pg_dump's plain format.
 */
export const BACKUP_MAGIC = 'SMS-PLATFORM-BACKUP 1';
export const SECTION_END = '\\.';

export interface BackupManifest {
  format: 1;
  /** package.json version of the product that wrote the file. */
  productVersion: string;
  /** Tag of the last migration applied to the source database (its schema version). */
  schemaVersion: string;
  createdAt: string;
  /** Which database the backup came from. */
  source: 'pglite' | 'postgres';
}

export interface TableHeader {
  name: string;
  columns: string[];
}

/**
 * Writes to a stream, waiting for it to drain when its buffer is full (1M rows stay on disk).
 * Rejects with the stream's error once it failed or was destroyed (a full disk, a reader gone),
 * rather than waiting for a 'drain' that will never come.
 */
export async function writeChunk(out: Writable, chunk: Buffer | string): Promise<void> {
  const broken = () =>
    out.errored ?? Object.assign(new Error('The backup stream was closed before the backup ended'), { code: 'ERR_STREAM_DESTROYED' });
  if (out.destroyed || out.errored) throw broken();
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onError = (error: Error) => done(error);
    const onClose = () => done(broken());
    out.once('drain', onDrain);
    out.once('error', onError);
    out.once('close', onClose);
  });
}

const NEWLINE = 0x0a;
const TERMINATOR = Buffer.from(`\n${SECTION_END}\n`);
const TERMINATOR_AT_START = Buffer.from(`${SECTION_END}\n`);

/** Reads a backup stream (already gunzipped): header lines, and section bodies as whole lines. */
export class BackupReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private ended = false;

  constructor(stream: Readable) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : next.value;
    return true;
  }

  /** The next line without its newline; undefined at the end of the stream. */
  async line(): Promise<string | undefined> {
    for (;;) {
      const newline = this.buffered.indexOf(NEWLINE);
      if (newline >= 0) {
        const line = this.buffered.subarray(0, newline).toString('utf8');
        this.buffered = this.buffered.subarray(newline + 1);
        return line;
      }
      if (!(await this.fill())) {
        if (this.buffered.length) throw new Error('The backup file is truncated: it ends in the middle of a line.');
        return undefined;
      }
    }
  }

  /** A section's body, in chunks of whole lines, up to (and consuming) its `\.` line. */
  async *body(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.buffered.subarray(0, TERMINATOR_AT_START.length).equals(TERMINATOR_AT_START)) {
        this.buffered = this.buffered.subarray(TERMINATOR_AT_START.length);
        return;
      }
      const end = this.buffered.indexOf(TERMINATOR);
      if (end >= 0) {
        yield this.buffered.subarray(0, end + 1);
        this.buffered = this.buffered.subarray(end + TERMINATOR.length);
        return;
      }
      // Hand over every complete line; what follows the last newline may be the start of `\.`.
      const lastNewline = this.buffered.lastIndexOf(NEWLINE);
      if (lastNewline >= 0) {
        yield this.buffered.subarray(0, lastNewline + 1);
        this.buffered = this.buffered.subarray(lastNewline + 1);
      }
      if (!(await this.fill())) throw new Error('The backup file is truncated: it ends inside a table.');
    }
  }
}

/** Parses a `<letter> <json>` header line. */
export function parseHeader<T>(line: string, letter: string): T {
  if (!line.startsWith(`${letter} `)) throw new Error(`Not a backup file of this product (expected a "${letter}" line).`);
  return JSON.parse(line.slice(letter.length + 1)) as T;
}
