import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { csvCellSql } from './csv-sql.ts';
import { csvCell, csvField, csvLine, neutraliseCell, stripFormulaGuard } from './csv.ts';

const samples = [
  '',
  'plain',
  '+447700900001',
  '=1+2',
  '-5',
  '@SUM(A1)',
  '\tx',
  '\rx',
  'a,b',
  'say "hi"',
  'line\nbreak',
  '=HYPERLINK("x")',
  'é ü 中文',
  "'quoted",
  "'=already",
  ' =x',
  // Full-width = + - @ (U+FF1D, U+FF0B, U+FF0D, U+FF20): spreadsheets read them as formulas too.
  '\uFF1D1+2',
  '\uFF0B44',
  '\uFF0D1',
  '\uFF20SUM(A1)',
  '\uFF1DHYPERLINK("x","y")',
  '\uFF21 full-width A',
];

const FULL_WIDTH_RISKY = ['\uFF1D1+2', '\uFF0B44', '\uFF0D1', '\uFF20A1', '\uFF1DSUM(A1)'];

describe('neutraliseCell', () => {
  it('prefixes a quote to cells a spreadsheet would evaluate', () => {
    for (const risky of ['=1+2', '+44', '-1', '@A1', '\tx', '\rx']) expect(neutraliseCell(risky)).toBe(`'${risky}`);
    for (const safe of ['Ann', '', '1+2', "'quoted", ' =x', '\uFF21', 'a\uFF1D']) expect(neutraliseCell(safe)).toBe(safe);
  });

  it('covers the full-width forms of = + - @ in every spelling (neutraliseCell, csvCell, csvLine)', () => {
    for (const risky of FULL_WIDTH_RISKY) {
      expect(neutraliseCell(risky), JSON.stringify(risky)).toBe(`'${risky}`);
      expect(csvCell(risky), JSON.stringify(risky)).toBe(`'${risky}`);
      expect(csvLine([risky])).toBe(`'${risky}\r\n`);
      expect(stripFormulaGuard(`'${risky}`)).toBe(risky);
    }
  });

  it('is taken off again by stripFormulaGuard, so a round trip changes nothing', () => {
    for (const value of samples.filter((sample) => !sample.startsWith("'")))
      expect(stripFormulaGuard(neutraliseCell(value)), JSON.stringify(value)).toBe(value);
    // A quote the guard did not add stays.
    expect(stripFormulaGuard("'quoted")).toBe("'quoted");
    expect(stripFormulaGuard("'")).toBe("'");
  });
});

describe('csvCell', () => {
  it('formats text exactly as csvField(neutraliseCell(text)) (formulas neutralised, RFC 4180 quoting)', () => {
    for (const value of samples) expect(csvCell(value), JSON.stringify(value)).toBe(csvField(neutraliseCell(value)));
    expect(csvLine(['=1', 'a,b'])).toBe(`'=1,"a,b"\r\n`);
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvCellSql', () => {
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(() => client.close());

  it('spells csvCell in SQL: the database-made CSV of the reports equals the one made here', async () => {
    for (const value of [...samples, null]) {
      const { rows } = await db.execute<{ cell: string }>(sql`select ${csvCellSql(sql`v`)} as cell from (select ${value}::text as v) t`);
      expect(rows[0]?.cell, JSON.stringify(value)).toBe(csvCell(value));
    }
  });

  it('guards the full-width forms, tab and CR in SQL too', async () => {
    for (const risky of [...FULL_WIDTH_RISKY, '\tx', '\rx']) {
      const { rows } = await db.execute<{ cell: string }>(sql`select ${csvCellSql(sql`v`)} as cell from (select ${risky}::text as v) t`);
      expect(rows[0]?.cell, JSON.stringify(risky)).toBe(risky === '\rx' ? `"'\rx"` : `'${risky}`);
    }
  });
});
