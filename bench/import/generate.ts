import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

/**
 * Benchmark data: 6 columns (phone, first name, last name, email, tag, city), numbers in mixed
 * formats (E.164, national GB with spaces, 00-prefixed, dashed with brackets), 5% invalid
 * numbers and 5% repeats of an earlier number.
 */
const FIRST = ['Ann', 'José', 'Zoë', 'Li', 'Omar', 'Marie', 'John', 'Fatima', 'Chen', 'Ivan'];
const LAST = ['Smith', 'García', 'Müller', 'Wang', 'Haddad', 'Dubois', 'Brown', 'Kowalski'];
const TAGS = Array.from({ length: 20 }, (_, index) => `group-${index + 1}`);
const CITIES = ['London', 'Leeds', 'Paris, FR', 'Lyon', 'Beijing', 'Dubai'];

/** Row i of the data set (deterministic). */
export function benchRow(index: number): string[] {
  const kind = index % 20;
  // 7911 + 6 digits: valid GB mobile numbers, unique per index below 1M.
  const digits = String(100000 + (index % 900000)).padStart(6, '0');
  const block = 7400 + Math.floor(index / 900000);
  let phone: string;
  if (kind === 7)
    phone = `12${index}`; // invalid
  else if (kind === 13)
    phone = index > 100 ? benchRow(index - 97)[0]! : `+44 ${block} ${digits}`; // duplicate of an earlier row
  else if (kind % 4 === 0) phone = `+44${block}${digits}`;
  else if (kind % 4 === 1) phone = `0${block} ${digits.slice(0, 3)} ${digits.slice(3)}`;
  else if (kind % 4 === 2) phone = `0044 ${block} ${digits}`;
  else phone = `(+44) ${block}-${digits}`;
  const first = FIRST[index % FIRST.length]!;
  const last = LAST[index % LAST.length]!;
  return [
    phone,
    first,
    last,
    `${first.toLowerCase().normalize('NFKD').replace(/[^\w]/g, '')}.${index}@example.com`,
    TAGS[index % TAGS.length]!,
    CITIES[index % CITIES.length]!,
  ];
}

export const BENCH_HEADER = ['Phone', 'First name', 'Last name', 'Email', 'Tag', 'City'];
export const BENCH_TAG = TAGS[0]!;

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Writes the CSV (UTF-8, CRLF) and returns its size. */
export async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${BENCH_HEADER.join(',')}\r\n`);
  let buffer = '';
  for (let index = 0; index < rows; index++) {
    buffer += `${benchRow(index).map(csvCell).join(',')}\r\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

/** Writes the XLSX with exceljs's streaming writer (shared strings off, like many exporters). */
export async function writeXlsx(path: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(BENCH_HEADER).commit();
  for (let index = 0; index < rows; index++) sheet.addRow(benchRow(index)).commit();
  sheet.commit();
  await workbook.commit();
}
