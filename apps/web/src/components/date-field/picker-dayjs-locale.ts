import { weekStartOf } from '@sms/contracts/week-start';
import dayjs from 'dayjs';

const defined = new Set<string>();

/**
 * Registers a dayjs locale for a MUI locale (de-DE, ...) from the browser's Intl: month and day
 * names and the first day of the week (Intl.Locale week info, else the CLDR table), so the date
 * pickers need no dayjs locale file per language (decision 107). Returns its name for `adapterLocale`.
 */
export function dayjsLocaleFor(locale: string): string {
  const name = locale.toLowerCase();
  if (defined.has(name)) return name;
  const month = (style: 'long' | 'short') => {
    const format = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2024, index, 15)));
  };
  // 2024-01-07 was a Sunday: dayjs lists the days from Sunday.
  const day = (style: 'long' | 'short' | 'narrow') => {
    const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2024, 0, 7 + index)));
  };
  dayjs.locale(
    {
      name,
      months: month('long'),
      monthsShort: month('short'),
      weekdays: day('long'),
      weekdaysShort: day('short'),
      weekdaysMin: day('narrow'),
      weekStart: weekStartOf(locale) % 7,
      ordinal: (n: number) => `${n}`,
      // The fields show ISO dates (picker-field.tsx): these are only the adapter's fallbacks.
      formats: {
        LT: 'HH:mm',
        LTS: 'HH:mm:ss',
        L: 'YYYY-MM-DD',
        LL: 'D MMMM YYYY',
        LLL: 'D MMMM YYYY HH:mm',
        LLLL: 'dddd D MMMM YYYY HH:mm',
      },
    } as unknown as Parameters<typeof dayjs.locale>[0],
    undefined,
    true,
  );
  defined.add(name);
  return name;
}

/**
 * One of the four languages' dayjs locales with the first day of the week of the interface's
 * formats (0 = Sunday): en in a Kenyan organisation starts its weeks on Monday where dayjs's en
 * says Sunday (decisions 107, 111). The language's own locale when they agree.
 */
export function dayjsLocaleWithWeekStart(base: string, weekStart: number): string {
  const source = dayjs.Ls[base];
  if (!source || (source.weekStart ?? 0) === weekStart) return base;
  const name = `${base}-week${weekStart}`;
  if (!defined.has(name)) {
    dayjs.locale({ ...source, name, weekStart }, undefined, true);
    defined.add(name);
  }
  return name;
}
