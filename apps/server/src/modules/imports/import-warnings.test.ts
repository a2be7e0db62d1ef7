import { describe, expect, it } from 'vitest';
import { importWarnings } from './import-warnings.ts';

const row = (
  counts: { rowsRead: number; rejected: number },
  status: 'completed' | 'cancelled' | 'failed' = 'completed',
  defaultCountry: string | null = null,
) => ({
  status,
  options: { defaultCountry },
  ...counts,
  readAsInternational: 0,
  internationalExamples: [],
});
const codes = (input: ReturnType<typeof row>) => importWarnings(input).map((warning) => warning.code);

describe('importWarnings', () => {
  it('points at the mapping and the default country when at least half the rows of a completed import were rejected', () => {
    expect(codes(row({ rowsRead: 10, rejected: 1 }))).toEqual([]);
    expect(codes(row({ rowsRead: 10, rejected: 5 }))).toEqual(['mostly_rejected']);
    expect(codes(row({ rowsRead: 10, rejected: 4 }))).toEqual([]);
    expect(codes(row({ rowsRead: 4, rejected: 4 }))).toEqual(['mostly_rejected']);
    expect(codes(row({ rowsRead: 4, rejected: 4 }, 'cancelled'))).toEqual([]);
    expect(codes(row({ rowsRead: 0, rejected: 0 }))).toEqual([]);
    expect(importWarnings(row({ rowsRead: 1000, rejected: 999 }))[0]?.message).toBe(
      '999 of 1,000 rows were rejected: check that the phone number column is mapped and that numbers without a country code have a default country',
    );
  });

  it('says how many numbers were read as international only when a default country was set', () => {
    const examples = [{ row: 2, input: '447400123456', e164: '+447400123456', country: 'GB' }];
    expect(
      importWarnings({ ...row({ rowsRead: 3, rejected: 0 }, 'completed', 'US'), readAsInternational: 1, internationalExamples: examples }),
    ).toEqual([
      {
        code: 'read_as_international',
        message:
          '1 number was read as an international number although the default country is US: if they are local numbers, the default country is wrong',
        count: 1,
        defaultCountry: 'US',
        examples,
      },
    ]);
    expect(importWarnings({ ...row({ rowsRead: 3, rejected: 0 }), readAsInternational: 1, internationalExamples: examples })).toEqual([]);
  });
});
