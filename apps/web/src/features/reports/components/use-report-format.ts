import { useMemo } from 'react';
import { formatDateTime } from '../../../components/date-time';
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
    }),
    [language],
  );
}
