import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../../../../test/scratch-dir.ts';
import type { BuildOptions } from './batch-builder.ts';
import { readRowsInWorker } from './row-source.ts';
import { xlsxFile } from '../../../../test/import-files.ts';

// exceljs's streaming reader parked the sheets stored before the shared strings in files named
// tmp-<pid>-… in the system's temporary folder (a reading thread shares this process's pid); the
// reader now opens the chosen sheet alone and must leave no such file behind.
const parkedFiles = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(`tmp-${process.pid}-`)).length;

const build: BuildOptions = {
  origin: { importId: '00000000-0000-7000-8000-000000000001', createdBy: null },
  fileSize: 0,
  delimiter: ',',
  mapping: { '0': 'phone', '1': 'firstName' },
  maxRows: 1_000_000,
  maxColumns: 100,
  maxCellLength: 10_000,
  batchRows: 500,
};

describe('import reading thread (PGlite imports)', () => {
  let folder: string;
  let path: string;
  const sheet = { name: 'Second', entry: 'xl/worksheets/sheet2.xml' };

  beforeAll(async () => {
    folder = scratchDir('row-source-');
    path = join(folder, 'book.xlsx');
    const rows = Array.from({ length: 5000 }, (_, index) => [`+447911${String(4_000_000 + index)}`, `Name ${index}`]);
    const book = await xlsxFile({ First: [['phone'], ['+447911200801']], Second: [['phone', 'name'], ...rows] });
    await writeFile(path, book);
    build.fileSize = book.length;
  });

  it('reads a sheet stored before the shared strings to the end, leaving no temporary file', async () => {
    const before = await parkedFiles();
    const source = readRowsInWorker({ build, xlsx: { path, sheet } });
    let rows = 0;
    for (;;) {
      const next = await source.next();
      if (next.done) {
        expect(next.value).toEqual({ rowsSeen: 5000, failure: null });
        break;
      }
      rows += next.value.rowsRead;
      source.release(next.value);
    }
    expect(rows).toBe(5000);
    await source.close();
    expect(await parkedFiles()).toBe(before);
  });

  it('stopped after its first batch (a cancelled import), leaves no temporary file either', async () => {
    const before = await parkedFiles();
    const source = readRowsInWorker({ build, xlsx: { path, sheet } });
    const first = await source.next();
    expect(first.done).toBe(false);
    expect(await parkedFiles()).toBe(before);
    await source.close();
    expect(await parkedFiles()).toBe(before);
  });
});
