import { regionOf } from './locales.ts';

/** Countries whose week starts on Sunday or Saturday (CLDR); elsewhere Monday (ISO 8601). */
const SUNDAY_FIRST = new Set([
  'AG',
  'AS',
  'BD',
  'BR',
  'BS',
  'BT',
  'BW',
  'BZ',
  'CA',
  'CN',
  'CO',
  'DM',
  'DO',
  'ET',
  'GT',
  'GU',
  'HK',
  'HN',
  'ID',
  'IL',
  'IN',
  'JM',
  'JP',
  'KH',
  'KR',
  'LA',
  'MH',
  'MM',
  'MO',
  'MT',
  'MX',
  'MZ',
  'NI',
  'NP',
  'PA',
  'PE',
  'PH',
  'PK',
  'PR',
  'PT',
  'PY',
  'SA',
  'SG',
  'SV',
  'TH',
  'TT',
  'TW',
  'UM',
  'US',
  'VE',
  'VI',
  'WS',
  'YE',
  'ZA',
  'ZW',
]);
/**
 * Countries whose weeks start on Monday in this product where CLDR says Sunday: issue 36 asks that
 * a Kenyan organisation gets Monday weeks (decision 111). Checked before the runtime's week info.
 */
const MONDAY_BY_PRODUCT = new Set(['KE']);
const SATURDAY_FIRST = new Set(['AE', 'AF', 'BH', 'DJ', 'DZ', 'EG', 'IQ', 'IR', 'JO', 'KW', 'LY', 'OM', 'QA', 'SD', 'SY']);

/**
 * The first day of the week of a locale, 1 = Monday ... 7 = Sunday (Intl.Locale weekInfo's
 * numbering): Monday in the product's own exceptions (en-KE), else from the runtime's Intl.Locale
 * when it knows (getWeekInfo or weekInfo), else from the locale's region in a small CLDR table,
 * Monday without a region.
 */
export function weekStartOf(locale: string): number {
  if (MONDAY_BY_PRODUCT.has(regionOf(locale) ?? '')) return 1;
  try {
    const intl = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = intl.getWeekInfo?.().firstDay ?? intl.weekInfo?.firstDay;
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return firstDay;
  } catch {
    // not a locale the runtime reads: the table decides
  }
  return weekStartOfRegion(regionOf(locale));
}

/** The table's answer for a country (1 = Monday, 6 = Saturday, 7 = Sunday). */
export function weekStartOfRegion(region: string | undefined): number {
  if (region && SUNDAY_FIRST.has(region)) return 7;
  if (region && SATURDAY_FIRST.has(region)) return 6;
  return 1;
}
