import { describe, expect, it } from 'vitest';
import { csvField, neutraliseCell } from '../../platform/csv.ts';
import { csvCell } from './reports-export.ts';

describe('csvCell', () => {
  it('formats text exactly as platform/csv.ts does (formulas neutralised, RFC 4180 quoting)', () => {
    const samples = ['', 'plain', '+447700900001', '=1+2', '-5', '@SUM(A1)', '\tx', '\rx', 'a,b', 'say "hi"', 'line\nbreak', '=HYPERLINK("x")', 'é ü 中文', "'quoted"];
    for (const value of samples) expect(csvCell(value), JSON.stringify(value)).toBe(csvField(neutraliseCell(value)));
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });
});
