import { directionOf, LANGUAGES } from '@sms/contracts/languages';
import { describe, expect, it } from 'vitest';
import { toLanguage } from './language';
import { LANGUAGE_NAMES } from './locale-names';

describe('interface language', () => {
  it('accepts the four languages and defaults to en', () => {
    expect(toLanguage('fr')).toBe('fr');
    expect(toLanguage('zh-CN')).toBe('zh');
    expect(toLanguage('AR')).toBe('ar');
    expect(toLanguage('de')).toBe('en');
    expect(toLanguage(null)).toBe('en');
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...LANGUAGES]);
  });

  it('gives the direction of each language: Arabic right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('zh')).toBe('ltr');
  });
});
