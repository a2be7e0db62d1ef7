import type { Language } from '@sms/contracts/languages';
import type { GridLocaleText } from '@mui/x-data-grid';
import { arSD, enUS, frFR, zhCN } from '@mui/x-data-grid/locales';
import { intlLocale } from './intl-locale';
import { useLanguage } from './use-language';

const arabic = new Intl.NumberFormat(intlLocale('ar'));
const ar = arabic.format.bind(arabic);

/** arSD formats its figures with ar-SD (Arabic-Indic digits): the same texts in Latin digits (decision 044). */
const AR_LATIN_DIGITS: Partial<GridLocaleText> = {
  ...arSD.components.MuiDataGrid.defaultProps.localeText,
  footerRowSelected: (count) => (count !== 1 ? `تم تحديد ${ar(count)} من الصفوف` : `تم تحديد صف واحد`),
  footerTotalVisibleRows: (visibleCount, totalCount) => `${ar(visibleCount)} من ${ar(totalCount)}`,
  paginationDisplayedRows: ({ from, to, count, estimated }) => {
    const more = estimated && estimated > to ? `حوالي ${ar(estimated)}` : `أكثر من ${ar(to)}`;
    return `\u200E${ar(from)}–${ar(to)}\u200E من ${count !== -1 ? ar(count) : more}`;
  },
};

const GRID_LOCALES: Record<Language, Partial<GridLocaleText>> = {
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  ar: AR_LATIN_DIGITS,
  zh: zhCN.components.MuiDataGrid.defaultProps.localeText,
};

/** DataGrid labels for the active language: `<DataGrid localeText={useDataGridLocaleText()} />`. */
export function useDataGridLocaleText(): Partial<GridLocaleText> {
  return GRID_LOCALES[useLanguage().language];
}
