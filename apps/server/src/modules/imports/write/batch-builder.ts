import {
  IMPORT_MESSAGES,
  INTERNATIONAL_EXAMPLES_MAX,
  type ImportMapping,
  type InternationalExample,
  type TagField,
} from '@sms/contracts/imports';
import { normalisePhone } from '@sms/contracts/phone';
import type { BatchBufferPool } from './batch-bytes.ts';
import type { Batch } from './batch-writer.ts';
import { PhoneSet } from './phone-set.ts';
import { rawLine } from '../read/csv-reader.ts';
import { ImportFileError, isRowProblem, type TableReader } from '../read/table-reader.ts';
import { createRowNormaliser } from './row-normaliser.ts';
import { StagedRows, type StagedOrigin } from './staged-rows.ts';

export interface BuildOptions {
  /** The import and who runs it: every staged contact carries them. */
  origin: StagedOrigin;
  fileSize: number;
  /** CSV delimiter, for the raw line of a rejected row. */
  delimiter: string;
  mapping: ImportMapping;
  defaultCountry?: string | undefined;
  tag?: { field: TagField; value: string } | undefined;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  /** Rows per batch (one transaction each). */
  batchRows: number;
  /** Erased, opted-out numbers to refuse (platform/suppression.ts). */
  suppressed?: { salt: string; hashes: string[] } | undefined;
}

/** How reading ended: rows seen, and why it stopped early (the row limit), if it did. */
export interface BuildEnd {
  rowsSeen: number;
  failure: string | null;
}

/**
 * Turns a table's rows into batches ready to write: each row normalised (or rejected with its
 * reason and raw line), deduped against every earlier row of the file (the first occurrence of a
 * number wins), and new contacts encoded as COPY text into buffers from `buffers`. Past the row
 * limit it stops, after yielding the rows before it.
 */
export async function* buildBatches(reader: TableReader, options: BuildOptions, buffers: BatchBufferPool): AsyncGenerator<Batch, BuildEnd> {
  if (reader.header.length === 0) throw new ImportFileError(422, IMPORT_MESSAGES.noDataRows);
  if (reader.header.length > options.maxColumns)
    throw new ImportFileError(422, `The file has ${reader.header.length} columns; at most ${options.maxColumns} are allowed`);
  // The row being normalised was read as international although a default country was set.
  let international: Omit<InternationalExample, 'row'> | undefined;
  let examplesKept = 0;
  const normalise = createRowNormaliser({
    ...options,
    normalisePhone,
    onReadAsInternational: (input, e164, country) => (international = { input, e164, country }),
  });
  const seen = new PhoneSet();
  const newBatch = () => ({
    staged: new StagedRows(options.origin, buffers.take()),
    rejections: { rowNumbers: [] as number[], raws: [] as string[], reasons: [] as string[] },
    rowsRead: 0,
    inFileDuplicates: 0,
    bytesRead: 0,
    readAsInternational: 0,
    internationalExamples: [] as InternationalExample[],
  });
  const done = (batch: ReturnType<typeof newBatch>): Batch => ({ ...batch, staged: batch.staged.finish() });
  let batch = newBatch();
  let rowsSeen = 0;
  for await (const chunk of reader.chunks) {
    const bytesRead = Math.round(chunk.progress * options.fileSize);
    for (let index = 0; index < chunk.rows.length; index++) {
      const row = chunk.rows[index]!;
      if (row === null) continue;
      if (++rowsSeen > options.maxRows) {
        if (batch.rowsRead > 0) yield done(batch);
        const limit = options.maxRows.toLocaleString('en-US');
        return {
          rowsSeen,
          failure: `The file has more than ${limit} rows; split it into smaller files (the first ${limit} rows were imported)`,
        };
      }
      // Awaiting batches never yields to I/O by itself (the reader hands over whole parsed chunks):
      // let the writer's database replies in every couple of thousand rows, so a written batch is
      // seen at once and the next one starts while this thread keeps reading.
      if ((rowsSeen & 2047) === 0) await new Promise((resolve) => setImmediate(resolve));
      const rowNumber = chunk.firstRowNumber + index;
      batch.rowsRead++;
      const staged = isRowProblem(row) ? row.problem : normalise(row);
      if (international) {
        batch.readAsInternational++;
        if (examplesKept++ < INTERNATIONAL_EXAMPLES_MAX) batch.internationalExamples.push({ row: rowNumber, ...international });
        international = undefined;
      }
      if (typeof staged === 'string') {
        batch.rejections.rowNumbers.push(rowNumber);
        batch.rejections.raws.push(isRowProblem(row) ? row.raw : rawLine(row, options.delimiter));
        batch.rejections.reasons.push(staged);
      } else if (!seen.add(staged[0])) {
        batch.inFileDuplicates++;
      } else {
        batch.staged.add(staged);
      }
      if (batch.rowsRead >= options.batchRows) {
        batch.bytesRead = bytesRead;
        yield done(batch);
        batch = newBatch();
      }
    }
    batch.bytesRead = bytesRead;
  }
  if (batch.rowsRead > 0) yield done(batch);
  return { rowsSeen, failure: rowsSeen === 0 ? IMPORT_MESSAGES.noDataRows : null };
}
