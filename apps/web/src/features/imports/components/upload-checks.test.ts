import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { checkFile, formatBytes, uploadErrorKind } from './upload-checks';

describe('checkFile', () => {
  it('accepts CSV, TSV, TXT and XLSX files within the limit', () => {
    for (const name of ['a.csv', 'B.TSV', 'c.txt', 'd.xlsx']) expect(checkFile({ name, size: 10 })).toBeNull();
  });

  it('refuses other types, empty and too large files', () => {
    expect(checkFile({ name: 'a.xls', size: 10 })).toBe('wrongType');
    expect(checkFile({ name: 'csv', size: 10 })).toBe('wrongType');
    expect(checkFile({ name: 'a.csv', size: 0 })).toBe('empty');
    expect(checkFile({ name: 'a.csv', size: 200 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(checkFile({ name: 'a.csv', size: 200 * 1024 * 1024 })).toBeNull();
  });
});

describe('uploadErrorKind', () => {
  const error = (status: number) => new ApiError({ status, message: 'x' });
  it('names the refusal by status', () => {
    expect(uploadErrorKind(error(400))).toBe('invalid');
    expect(uploadErrorKind(error(413))).toBe('tooLarge');
    expect(uploadErrorKind(error(415))).toBe('wrongType');
    expect(uploadErrorKind(error(500))).toBe('other');
    expect(uploadErrorKind(new Error('x'))).toBe('other');
  });
});

describe('formatBytes', () => {
  it('scales to KB, MB, GB', () => {
    expect(formatBytes(12, 'en')).toBe('12 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024, 'en')).toBe('200 MB');
  });
});
