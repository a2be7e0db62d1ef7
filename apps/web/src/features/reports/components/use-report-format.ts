import { useMemo } from 'react';
import { formatDateTime, formatShortDateTime } from '../../../components/date-time';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatCount, formatPercent } from './report-format';

/** Number, percentage and date formatters for the interface language. */
export function useReportFormat() {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      language,
      count: (value: number) => formatCount(value, language),
      percent: (value: number) => formatPercent(value, language),
      date: (value: string | null | undefined) => formatDateTime(value, language) ?? '',
      /** For table cells: without this year ("Nov 27, 2:57 PM"); `date` gives the full form for the cell's title. */
      shortDate: (value: string | null | undefined) => formatShortDateTime(value, language) ?? '',
    }),
    [language],
  );
}
