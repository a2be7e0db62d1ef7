import { describe, expect, it } from 'vitest';
import { intlLocale } from './intl-locale';

describe('intlLocale (decision 044: Latin digits in every language)', () => {
  it('gives Arabic the Latin numbering system and leaves the other languages alone', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(intlLocale('fr')).toBe('fr');
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234567)).not.toMatch(/[\u0660-\u0669]/);
  });

  it('changes what ar-SD (MUI’s Arabic grid texts) would show', () => {
    expect(new Intl.NumberFormat('ar-SD').format(25)).toMatch(/[\u0660-\u0669]/);
    expect(new Intl.NumberFormat(intlLocale('ar')).format(25)).toBe('25');
  });
});
