import type { StatementSummary } from '@sms/contracts/statements';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { countryName } from '../../../lib/countries';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { formatMoney, formatUnitPrice } from '../../../lib/money';

const STATEMENT_CODES = new Set(['STATEMENT_CLOSED', 'STATEMENT_EXISTS', 'STATEMENT_MONTH_NOT_ENDED']);

/** The text of a failed statement action: the statements' own codes translated, else the server's message. */
export function statementError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code && STATEMENT_CODES.has(error.code)) return t(`statements:errors.${error.code}`);
  return errorMessage(error);
}

/** Formatting the statement pages share: money in the statement's currency, months, scopes, countries. */
export function useStatementFormat() {
  const { t, i18n } = useTranslation('statements');
  const language = i18n.language;
  return {
    money: (value: number, currency: string) => formatMoney(value, currency, language),
    unitPrice: (value: number, currency: string) => formatUnitPrice(value, currency, language),
    /** "March 2025" in the page's language ('2025-03' is a calendar month, so read in UTC). */
    month: (month: string) =>
      new Intl.DateTimeFormat(intlLocale(language), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${month}-01T00:00:00Z`),
      ),
    scope: (statement: Pick<StatementSummary, 'scope' | 'scopeName'>) => t(`scope.${statement.scope}`, { name: statement.scopeName ?? '' }),
    country: (code: string | null) => (code ? countryName(code, language) : t('detail.unknownCountry')),
  };
}
