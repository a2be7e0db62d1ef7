import type { Language } from '@sms/contracts/languages';
import type { GridLocaleText } from '@mui/x-data-grid';
import { arSD, enUS, frFR, zhCN } from '@mui/x-data-grid/locales';
import { useLanguage } from './use-language';

const GRID_LOCALES: Record<Language, Partial<GridLocaleText>> = {
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  ar: arSD.components.MuiDataGrid.defaultProps.localeText,
  zh: zhCN.components.MuiDataGrid.defaultProps.localeText,
};

/** DataGrid labels for the active language: `<DataGrid localeText={useDataGridLocaleText()} />`. */
export function useDataGridLocaleText(): Partial<GridLocaleText> {
  return GRID_LOCALES[useLanguage().language];
}
