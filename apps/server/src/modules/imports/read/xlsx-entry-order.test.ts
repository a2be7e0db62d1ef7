import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../../../test/scratch-dir.ts';
import { importLimits } from '../limits.ts';
import { xlsxFile, zipFile, type ZipEntry } from '../../../../test/import-files.ts';
import { inspectXlsx, openXlsx } from './xlsx-reader.ts';

/** The entries of a zip, inflated. */
async function entriesOf(bytes: Buffer): Promise<ZipEntry[]> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries: ZipEntry[] = [];
  for await (const entry of zip.eachEntry()) {
    const parts: Buffer[] = [];
    for await (const part of await zip.openReadStreamPromise(entry)) parts.push(part as Buffer);
    entries.push({ name: entry.fileName, data: Buffer.concat(parts) });
  }
  zip.close();
  return entries;
}

/** Every order of the items of `list`. */
function permutations<T>(list: T[]): T[][] {
  if (list.length <= 1) return [list];
  return list.flatMap((item, index) => permutations([...list.slice(0, index), ...list.slice(index + 1)]).map((rest) => [item, ...rest]));
}

async function readSheet(path: string, name: string) {
  const info = await inspectXlsx(path, statSync(path).size, importLimits({}));
  const reader = await openXlsx(
    path,
    info.sheets.find((sheet) => sheet.name === name)!,
  );
  try {
    const rows: unknown[] = [];
    for await (const chunk of reader.chunks) rows.push(...chunk.rows);
    return [reader.header, rows];
  } finally {
    await reader.close();
  }
}

describe('XLSX entry order', () => {
  it('reads any sheet whatever order the zip stores the workbook, relationships, shared strings, styles and sheets in', async () => {
    // exceljs's own writer stores entries in no fixed order, and its streaming reader lost the
    // entries after some point in some orders (a sheet never found, or read without its shared
    // strings): every order of the parts, each sheet read from it.
    const entries = await entriesOf(
      await xlsxFile({
        First: [['Name'], ['x']],
        Contacts: [
          ['Name', 'Mobile'],
          ['Ann', '+447400300001'],
        ],
        Last: [['Phone'], ['+447400300009']],
      }),
    );
    const groups = [
      (name: string) => name === 'xl/sharedStrings.xml',
      (name: string) => name.includes('_rels'),
      (name: string) => name === 'xl/workbook.xml',
      (name: string) => name === 'xl/styles.xml',
      (name: string) => name.startsWith('xl/worksheets/sheet1') || name.startsWith('xl/worksheets/sheet3'),
      (name: string) => name.startsWith('xl/worksheets/sheet2'),
    ];
    const folder = scratchDir('xlsx-order');
    let orders = 0;
    // A sample of the 720 orders (every twelfth), each a different arrangement of all six parts.
    for (const order of permutations(groups.map((_, index) => index)).filter((_, index) => index % 12 === 0)) {
      const rank = (name: string) => {
        const group = groups.findIndex((matches) => matches(name));
        return group === -1 ? groups.length : order.indexOf(group);
      };
      const path = join(folder, `order-${orders++}.xlsx`);
      writeFileSync(path, zipFile([...entries].sort((a, b) => rank(a.name) - rank(b.name))));
      expect(await readSheet(path, 'Contacts'), order.join()).toEqual([['Name', 'Mobile'], [['Ann', '+447400300001']]]);
      expect(await readSheet(path, 'Last'), order.join()).toEqual([['Phone'], [['+447400300009']]]);
    }
    expect(orders).toBe(60);
  });

  it('reads the same workbook the same way every time', async () => {
    // exceljs's streaming unzip lost the chosen sheet in about one preview in fifty on a busy
    // machine (the next sheet with phone numbers was shown instead); random access cannot.
    const book = await xlsxFile({
      Summary: [
        ['Report', 'Total'],
        ['Contacts', 2],
      ],
      Contacts: [
        ['Name', 'Mobile'],
        ['Ann', '+447400300001'],
      ],
      Archive: [['Phone'], ['+447400300009']],
    });
    const path = join(scratchDir('xlsx-again'), 'book.xlsx');
    writeFileSync(path, book);
    const seen = new Map<string, number>();
    for (let read = 0; read < 100; read++) {
      const key = JSON.stringify(await readSheet(path, 'Contacts'));
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen]).toEqual([[JSON.stringify([['Name', 'Mobile'], [['Ann', '+447400300001']]]), 100]]);
  });

  it("keeps every character whole where the zip's chunks split it", async () => {
    // Text in several scripts on every row, in the shared strings and in the sheet itself: each
    // part is inflated in chunks, and a character split between two chunks came out as U+FFFD.
    const names = ['Müller', 'José García', '王小明', 'محمد', 'Łukasz Żółć', '🙂 Zoë'];
    const rows = Array.from({ length: 6000 }, (_, index) => [
      `${names[index % names.length]} ${index}`,
      `+4474005${String(index).padStart(5, '0')}`,
    ]);
    const path = join(scratchDir('xlsx-utf8'), 'book.xlsx');
    writeFileSync(path, await xlsxFile({ People: [['Name', 'Phone'], ...rows] }));
    const [header, read] = await readSheet(path, 'People');
    expect(header).toEqual(['Name', 'Phone']);
    expect(read).toEqual(rows);
  });
});
