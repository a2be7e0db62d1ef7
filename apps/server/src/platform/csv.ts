/**
 * CSV cells and the spreadsheet formula guard (OWASP "CSV injection"), for every file the server
 * writes (contacts, reports and audit exports, the import's error file) and the import, which
 * takes the guard off again. The rule: a cell starting with = + - @ (or their full-width forms
 * U+FF1D, U+FF0B, U+FF0D, U+FF20, which spreadsheets in East Asian locales read as the same
 * operators), tab or CR gets a leading single quote so spreadsheets show it as text; then RFC 4180
 * quoting. The reports' CSV made by the database has the same rule in SQL (csv-sql.ts, apart: the
 * import's reading thread loads this file and needs no query builder); csv.test.ts keeps the
 * spellings in step.
 */

/**
 * Whether a spreadsheet could read a cell starting with this UTF-16 code unit as a formula:
 * = + - @ tab CR, or full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20). Comparisons, not a
 * regular expression: an export asks for every cell of every row.
 */
function startsFormula(code: number): boolean {
  if (code < 0xff0b) return code === 0x3d || code === 0x2b || code === 0x2d || code === 0x40 || code === 0x09 || code === 0x0d;
  return code === 0xff1d || code === 0xff0b || code === 0xff0d || code === 0xff20;
}

/** A cell of an exported row: text (guarded), a number (written as is) or nothing. */
export type ExportCell = string | number | null;

/**
 * The formula guard. E.164 phones start with '+', so CSV phones come out as '+447911123456 (which
 * also stops Excel turning them into 4.47911E+11); the import strips that quote, so the file
 * re-imports as is.
 */
export function neutraliseCell(value: string): string {
  return startsFormula(value.charCodeAt(0)) ? `'${value}` : value;
}

/** RFC 4180 quoting: fields with a quote, comma or line break are quoted, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (CRLF) of neutralised, quoted cells. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => csvField(neutraliseCell(cell))).join(',')}\r\n`;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell: exactly `csvField(neutraliseCell(text))` for text, without a regular expression
 * for the first character (an export formats every cell of every row with it); numbers as they
 * are, null as an empty cell.
 */
export function csvCell(cell: ExportCell): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number') return String(cell);
  const value = startsFormula(cell.charCodeAt(0)) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The guard taken off a cell read back (an import of one of our files): an exported '+SUM(1,2)'
 * comes back as +SUM(1,2), so a round trip changes nothing.
 */
export function stripFormulaGuard(cell: string): string {
  if (cell.charCodeAt(0) !== 0x27 || cell.length < 2) return cell;
  return startsFormula(cell.charCodeAt(1)) ? cell.slice(1) : cell;
}
