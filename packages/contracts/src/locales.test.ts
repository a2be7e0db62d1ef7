import { describe, expect, it } from 'vitest';
import { directionOf, LANGUAGES } from './languages.ts';
import { formatLocaleFor, isLocale, LOCALES, MUI_LOCALES, regionOf, textLanguageOf } from './locales.ts';
import { weekStartOf, weekStartOfRegion } from './week-start.ts';

describe('locales (decision 107)', () => {
  it('lists the four complete languages first, then about fifty MUI locales, each once and each a valid tag', () => {
    expect(LOCALES.slice(0, 4)).toEqual([...LANGUAGES]);
    expect(MUI_LOCALES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(LOCALES).size).toBe(LOCALES.length);
    for (const locale of MUI_LOCALES) {
      expect(Intl.getCanonicalLocales(locale)).toEqual([locale]);
      // None is a variant of the four: those are covered by their own translations.
      expect(LANGUAGES as readonly string[]).not.toContain(locale.split('-')[0]);
    }
    expect(isLocale('de-DE')).toBe(true);
    expect(isLocale('xx-XX')).toBe(false);
    expect(isLocale('de')).toBe(false);
  });

  it("shows the product's text in the locale's own language for the four, else in English", () => {
    expect(textLanguageOf('fr')).toBe('fr');
    expect(textLanguageOf('zh')).toBe('zh');
    expect(textLanguageOf('de-DE')).toBe('en');
    expect(textLanguageOf('pt-BR')).toBe('en');
  });

  it('writes Arabic, Persian, Hebrew, Urdu and Pashto right to left, the others left to right', () => {
    for (const locale of ['ar', 'fa-IR', 'he-IL', 'ur-PK', 'ps-AF']) expect(directionOf(locale)).toBe('rtl');
    for (const locale of ['en', 'de-DE', 'ja-JP', 'ru-RU', 'hi-IN']) expect(directionOf(locale)).toBe('ltr');
  });

  it('starts the week on Monday in Germany and Britain, Sunday in the United States, Saturday in Egypt', () => {
    expect(weekStartOf('de-DE')).toBe(1);
    expect(weekStartOf('en-GB')).toBe(1);
    expect(weekStartOf('en-US')).toBe(7);
    expect(weekStartOf('ar-EG')).toBe(6);
    // Kenya: Monday, as issue 36 asks, where CLDR (and so the runtime) says Sunday (decision 111).
    expect(weekStartOf('en-KE')).toBe(1);
    expect(weekStartOf('sw-KE')).toBe(1);
    expect(weekStartOfRegion('KE')).toBe(1);
    // The table the runtime's Intl falls back on gives the same answers.
    expect(weekStartOfRegion('DE')).toBe(1);
    expect(weekStartOfRegion('US')).toBe(7);
    expect(weekStartOfRegion('EG')).toBe(6);
    expect(weekStartOfRegion(undefined)).toBe(1);
    expect(regionOf('pt-BR')).toBe('BR');
    expect(regionOf('en')).toBeUndefined();
  });

  it("formats a language without a region in the organisation's country: a Kenyan organisation gets day-month-year", () => {
    expect(formatLocaleFor('en', 'KE')).toBe('en-KE');
    expect(formatLocaleFor('fr', 'sn')).toBe('fr-SN');
    expect(formatLocaleFor('de-DE', 'KE')).toBe('de-DE');
    expect(formatLocaleFor('en', null)).toBe('en');
    expect(formatLocaleFor('en', 'Kenya')).toBe('en');
    const date = new Date(Date.UTC(2026, 11, 7, 12));
    const format = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(date);
    expect(format(formatLocaleFor('en', 'KE'))).toBe('07/12/2026');
    expect(format(formatLocaleFor('en', null))).toBe('12/7/2026');
  });
});
