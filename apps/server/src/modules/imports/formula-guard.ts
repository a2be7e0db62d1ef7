/**
 * The spreadsheet formula guard our exports (and error files) add: a quote before a cell that
 * starts with = + - @ tab or CR, so spreadsheets show it as text. An import takes it off again,
 * so an exported '+SUM(1,2)' comes back as +SUM(1,2) and a round trip changes nothing.
 */
export function stripFormulaGuard(cell: string): string {
  if (cell.charCodeAt(0) !== 0x27 || cell.length < 2) return cell;
  const next = cell.charCodeAt(1);
  // = + - @ TAB CR
  return next === 0x3d || next === 0x2b || next === 0x2d || next === 0x40 || next === 0x09 || next === 0x0d ? cell.slice(1) : cell;
}
