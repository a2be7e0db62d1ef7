import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download';

describe('dispositionFileName', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(dispositionFileName('attachment; filename="contacts.csv"')).toBe('contacts.csv');
    expect(dispositionFileName('attachment; filename=contacts.xlsx')).toBe('contacts.xlsx');
    expect(dispositionFileName(`attachment; filename="x.csv"; filename*=UTF-8''contacts%20%C3%A9t%C3%A9.csv`)).toBe('contacts été.csv');
  });

  it('is null without a name', () => {
    expect(dispositionFileName(undefined)).toBeNull();
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName('attachment; filename=""')).toBeNull();
  });
});
