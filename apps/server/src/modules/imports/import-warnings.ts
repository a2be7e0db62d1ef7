import type { ImportWarning } from '@sms/contracts/imports';
import type { ImportRow } from './imports.queries.ts';
import type { StoredOptions } from './stored-options.ts';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * What an import's outcome should make its reader check (the import resource's `warnings`; the
 * web app shows them from there): numbers read as international although a default country was
 * set (from the job's count), and a completed import that rejected half its rows or more.
 */
export function importWarnings(
  row: Pick<ImportRow, 'status' | 'options' | 'rowsRead' | 'rejected' | 'readAsInternational' | 'internationalExamples'>,
): ImportWarning[] {
  const defaultCountry = ((row.options ?? {}) as StoredOptions).defaultCountry ?? null;
  const warnings: ImportWarning[] = [];
  if (row.readAsInternational > 0 && defaultCountry) {
    const numbers =
      row.readAsInternational === 1
        ? '1 number was read as an international number'
        : `${count(row.readAsInternational)} numbers were read as international numbers`;
    warnings.push({
      code: 'read_as_international',
      message: `${numbers} although the default country is ${defaultCountry}: if they are local numbers, the default country is wrong`,
      count: row.readAsInternational,
      defaultCountry,
      examples: row.internationalExamples,
    });
  }
  if (row.status === 'completed' && row.rowsRead > 0 && row.rejected * 2 >= row.rowsRead) {
    const check = defaultCountry
      ? `the default country (${defaultCountry}) is right`
      : 'numbers without a country code have a default country';
    warnings.push({
      code: 'mostly_rejected',
      message: `${count(row.rejected)} of ${count(row.rowsRead)} rows were rejected: check that the phone number column is mapped and that ${check}`,
      rejected: row.rejected,
      rowsRead: row.rowsRead,
      defaultCountry,
    });
  }
  return warnings;
}
