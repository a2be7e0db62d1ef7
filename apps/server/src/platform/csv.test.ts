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
];

describe('neutraliseCell', () => {
  it('prefixes a quote to cells a spreadsheet would evaluate', () => {
    for (const risky of ['=1+2', '+44', '-1', '@A1', '\tx', '\rx']) expect(neutraliseCell(risky)).toBe(`'${risky}`);
    for (const safe of ['Ann', '', '1+2', "'quoted", ' =x']) expect(neutraliseCell(safe)).toBe(safe);
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
});
