/**
 * Spreadsheet formula injection guard (OWASP "CSV injection"), as the contacts export does: a cell
 * starting with = + - @ tab or CR is prefixed with a single quote so spreadsheets show it as text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: fields with a quote, comma or line break are quoted, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (CRLF) of neutralised, quoted cells. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => csvField(neutraliseCell(cell))).join(',')}\r\n`;
}
