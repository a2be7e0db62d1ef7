/** A row the reader could not split into cells (it is still counted and rejected). */
export interface RowProblem {
  problem: string;
  raw: string;
}

/**
 * A run of consecutive rows: cells, a problem, or null for a blank row (numbered but not counted).
 * Row numbers count the header as row 1, as a spreadsheet shows them.
 */
export interface RowChunk {
  firstRowNumber: number;
  rows: Array<string[] | RowProblem | null>;
  /** Share of the file consumed so far, 0-1. */
  progress: number;
}

/** A file opened for reading: its header row, then its data rows in chunks. */
export interface TableReader {
  header: string[];
  /** Row number of the header (leading blank lines move it down). */
  headerRowNumber: number;
  chunks: AsyncIterable<RowChunk>;
  /** Releases what the reader holds (temp files, streams) when stopping early. */
  close(): Promise<void>;
}

export const isRowProblem = (row: string[] | RowProblem | null): row is RowProblem => row !== null && !Array.isArray(row);

/**
 * The file as a whole cannot be imported (not a table, damaged, a zip bomb, no header...). At
 * upload it answers `statusCode`; in the job it fails the import with `message`.
 */
export class ImportFileError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'ImportFileError';
    this.statusCode = statusCode;
  }
}
