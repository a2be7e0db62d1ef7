import { writeFileSync } from 'node:fs';
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

describe('XLSX entry order', () => {
  it('reads a sheet stored after the shared strings but before workbook.xml', async () => {
    // exceljs's own writer stores entries in no fixed order; this order made its reader fail on
    // the workbook's model, not read yet (a preview then passed over the sheet as unreadable).
    const entries = await entriesOf(
      await xlsxFile({
        First: [['Name'], ['x']],
        Contacts: [
          ['Name', 'Mobile'],
          ['Ann', '+447400300001'],
        ],
      }),
    );
    const rank = (name: string) =>
      name === 'xl/sharedStrings.xml' || name.includes('_rels')
        ? 0
        : name.startsWith('xl/worksheets/')
          ? 1
          : name === 'xl/workbook.xml'
            ? 2
            : 3;
    const bytes = zipFile([...entries].sort((a, b) => rank(a.name) - rank(b.name)));
    const path = join(scratchDir('xlsx-order'), 'ordered.xlsx');
    writeFileSync(path, bytes);
    const info = await inspectXlsx(path, bytes.length, importLimits({}));
    const reader = await openXlsx(
      path,
      bytes.length,
      info.sheets.find((sheet) => sheet.name === 'Contacts')!,
    );
    try {
      const rows: unknown[] = [];
      for await (const chunk of reader.chunks) rows.push(...chunk.rows);
      expect([reader.header, rows]).toEqual([['Name', 'Mobile'], [['Ann', '+447400300001']]]);
    } finally {
      await reader.close();
    }
  });
});
