import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CATALOGUE, API_ERROR_CODES } from './error-catalogue.ts';
import { ERROR_CODES } from './error-codes.ts';
import { INTEGRATION_ERROR_CODES } from './integration.ts';

const GUIDE = readFileSync(new URL('../../../docs/guide/errors.md', import.meta.url), 'utf8');

/** The guide's table rows: code -> the statuses column as written. */
function guideRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of GUIDE.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)) rows.set(match[1]!, match[2]!.trim());
  return rows;
}

describe('the error catalogue', () => {
  it('holds the generic codes and those of the integration API', () => {
    expect(API_ERROR_CODES).toEqual(expect.arrayContaining([...Object.values(ERROR_CODES), ...Object.values(INTEGRATION_ERROR_CODES)]));
    expect(API_ERROR_CODES).toEqual([...API_ERROR_CODES].sort());
  });

  it('is the table of docs/guide/errors.md: every code once, with its statuses', () => {
    const rows = guideRows();
    expect([...rows.keys()].sort()).toEqual(API_ERROR_CODES);
    for (const code of API_ERROR_CODES) expect(rows.get(code), code).toBe(API_ERROR_CATALOGUE[code].join(', '));
  });
});
