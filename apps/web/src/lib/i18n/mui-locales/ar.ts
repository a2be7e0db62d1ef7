// One language's MUI component labels per file, so each loads alone with its language.
import { arEG } from '@mui/material/locale';
import type { Localization } from '@mui/material/locale';
import { intlLocale } from '../intl-locale';

const number = new Intl.NumberFormat(intlLocale('ar'));

/** arEG with Latin digits in the table pagination (decision 044): arEG formats with ar-EG, Arabic-Indic digits. */
export const muiLocale: Localization = {
  ...arEG,
  components: {
    ...arEG.components,
    MuiTablePagination: {
      defaultProps: {
        ...arEG.components?.MuiTablePagination?.defaultProps,
        labelDisplayedRows: ({ from, to, count }) =>
          `${number.format(from)}–${number.format(to)} من ${count !== -1 ? number.format(count) : `أكثر من ${number.format(to)}`}`,
      },
    },
  },
};
