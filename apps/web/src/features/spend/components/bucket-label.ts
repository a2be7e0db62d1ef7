import type { UsagePeriod } from '@sms/contracts/usage';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** A bucket's start date in the reader's words: "7 Dec" for days and weeks, "Dec 2026" for months. */
export function bucketLabel(bucket: string, period: UsagePeriod, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    period === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(new Date(`${bucket}T00:00:00Z`));
}
