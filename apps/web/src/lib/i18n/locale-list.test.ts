import * as core from '@mui/material/locale';
import * as pickers from '@mui/x-date-pickers/locales';
import { LANGUAGES } from '@sms/contracts/languages';
import { LOCALES, MUI_LOCALES } from '@sms/contracts/locales';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsLocaleFor } from '../../components/date-field/picker-dayjs-locale';
import { pickerLocaleOf } from '../../components/date-field/picker-locale';
import { intlLocale, setFormatCountry } from './intl-locale';
import { toLocale } from './language';
import { localeName, localeOptions } from './locale-names';
import { exportNameOf, loadMuiLocale, muiLocaleOf, pickersLocaleOf } from './mui-locale';

const exports = (module: object) => module as unknown as Record<string, { components?: Record<string, unknown> } | undefined>;

describe('the MUI locales the interface offers (decision 107)', () => {
  it('each has its labels in @mui/material/locale, and most have date picker texts in @mui/x-date-pickers/locales', () => {
    for (const locale of MUI_LOCALES) expect(exports(core)[exportNameOf(locale)]?.components, locale).toBeDefined();
    // And every locale MUI ships is offered, but for the variants of the four translated languages.
    const offered = new Set(MUI_LOCALES.map(exportNameOf));
    const shipped = Object.keys(core).filter((name) => /^[a-z]{2}[A-Z]{2}$/.test(name) && !/^(en|fr|ar|zh)/.test(name));
    expect(shipped.filter((name) => !offered.has(name))).toEqual([]);
    const withPickers = MUI_LOCALES.filter(
      (locale) => exports(pickers)[exportNameOf(locale)] ?? (locale === 'kk-KZ' ? pickers.kzKZ : undefined),
    );
    expect(withPickers.length).toBeGreaterThanOrEqual(30);
    expect(withPickers).toContain('de-DE');
  });

  it('loads German labels for de-DE: pagination and the date pickers', async () => {
    await loadMuiLocale('de-DE');
    const pagination = muiLocaleOf('de-DE').components?.MuiTablePagination?.defaultProps as { labelRowsPerPage?: string } | undefined;
    expect(pagination?.labelRowsPerPage).toBe(core.deDE.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage);
    expect(pagination?.labelRowsPerPage).toMatch(/Zeilen pro Seite/);
    expect(pickersLocaleOf('de-DE')).toBe(pickers.deDE);
    // The four languages keep their own files: no picker texts through the theme.
    expect(pickersLocaleOf('fr')).toBeNull();
  });

  it('names each locale in itself, the four complete languages first', () => {
    const options = localeOptions();
    expect(options.map((option) => option.value)).toEqual([...LOCALES]);
    expect(options.slice(0, 4).map((option) => option.value)).toEqual([...LANGUAGES]);
    expect(localeName('de-DE')).toMatch(/^Deutsch/);
    expect(localeName('fr')).toBe('Français');
    expect(localeName('ja-JP')).toMatch(/日本語/);
  });

  it('reads a stored or browser value: a MUI locale as written, else one of the four by its base, else English', () => {
    expect(toLocale('de-DE')).toBe('de-DE');
    expect(toLocale('de_de')).toBe('de-DE');
    expect(toLocale('fr-CA')).toBe('fr');
    expect(toLocale('xx-XX')).toBe('en');
    expect(toLocale(null)).toBe('en');
  });

  it("formats dates in German for de-DE, and a language without a region in the organisation's country", () => {
    const date = new Date(Date.UTC(2026, 11, 7, 12));
    expect(new Intl.DateTimeFormat(intlLocale('de-DE', 'KE'), { dateStyle: 'medium', timeZone: 'UTC' }).format(date)).toBe('07.12.2026');
    expect(intlLocale('en', 'KE')).toBe('en-KE');
    expect(intlLocale('ar', 'EG')).toBe('ar-EG-u-nu-latn');
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
  });

  it("gives the date pickers a MUI locale's month names and first day of the week from Intl", () => {
    const name = dayjsLocaleFor('de-DE');
    const german = dayjs(new Date(2026, 0, 15)).locale(name);
    expect(german.format('MMMM')).toBe('Januar');
    expect(german.startOf('week').day()).toBe(1);
    expect(
      dayjs(new Date(2026, 0, 15))
        .locale(dayjsLocaleFor('en-US'))
        .startOf('week')
        .day(),
    ).toBe(0);
  });

  it("starts the date pickers' weeks of a language without a region as the organisation's country does (en in Kenya: Monday)", () => {
    const startOfWeek = (adapterLocale: string) =>
      dayjs(new Date(2026, 0, 15))
        .locale(adapterLocale)
        .startOf('week')
        .day();
    expect(startOfWeek(pickerLocaleOf('en').adapterLocale)).toBe(0);
    try {
      setFormatCountry('KE');
      const kenyan = pickerLocaleOf('en').adapterLocale;
      expect(startOfWeek(kenyan)).toBe(1);
      // Its names stay English.
      expect(
        dayjs(new Date(2026, 0, 15))
          .locale(kenyan)
          .format('dddd MMMM'),
      ).toBe('Thursday January');
      // French weeks already start on Monday: its own locale.
      expect(pickerLocaleOf('fr').adapterLocale).toBe('fr');
      setFormatCountry('US');
      expect(startOfWeek(pickerLocaleOf('en').adapterLocale)).toBe(0);
    } finally {
      setFormatCountry(null);
    }
  });
});
